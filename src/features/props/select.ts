import type { Store } from '../../state/store';
import { PROP_CHOICES } from './meta';
import { propIdAtom } from './state';

/** Choose a prop (or NO_PROP): the one way every input (P and Shift+P, a tap or arrow key in the picker) does it. */
export function selectProp(store: Store, id: string): void {
  store.set(propIdAtom, id);
}

/** Choose the prop `by` places on in PROP_CHOICES ("no prop" first), wrapping round both ways. */
export function stepProp(store: Store, by: number): void {
  const at = Math.max(0, PROP_CHOICES.indexOf(store.get(propIdAtom)));
  const n = PROP_CHOICES.length;
  selectProp(store, PROP_CHOICES[(((at + by) % n) + n) % n]!);
}

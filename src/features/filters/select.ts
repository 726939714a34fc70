import type { Store } from '../../state/store';
import { FILTERS } from './meta';
import { filterIdAtom } from './state';

/** Choose a filter: the one way every input (keys 1–9, a tap or arrow key in the picker, a swipe, the light banner) does it. */
export function selectFilter(store: Store, id: string): void {
  store.set(filterIdAtom, id);
}

/** Choose the filter `by` places on in the registry's order, wrapping round both ways. */
export function stepFilter(store: Store, by: number): void {
  const at = Math.max(0, FILTERS.findIndex((f) => f.id === store.get(filterIdAtom)));
  const n = FILTERS.length;
  selectFilter(store, FILTERS[(((at + by) % n) + n) % n]!.id);
}

import type { Store } from '../../state/store';
import { plainKey, type Action } from '../../lib/actions';
import { PROP_CHOICES } from './meta';
import { propIdAtom } from './state';

const isP = (e: KeyboardEvent) => e.code === 'KeyP' || e.key.toLowerCase() === 'p';

function step(store: Store, by: number) {
  const i = PROP_CHOICES.indexOf(store.get(propIdAtom));
  store.set(propIdAtom, PROP_CHOICES[(Math.max(0, i) + by + PROP_CHOICES.length) % PROP_CHOICES.length]!);
}

/** P picks the next prop, Shift+P the previous one (through "no prop"), like a remote's channel keys. */
export const PROP_ACTIONS: Action<{ store: Store }>[] = [
  {
    id: 'prop.next',
    labelKey: 'props.keyNext',
    keys: ['P'],
    keyTest: (e) => plainKey(e) && !e.shiftKey && isP(e),
    perform: ({ store }) => step(store, 1),
  },
  {
    id: 'prop.previous',
    labelKey: 'props.keyPrevious',
    keys: ['Shift+P'],
    keyTest: (e) => plainKey(e) && e.shiftKey && isP(e),
    perform: ({ store }) => step(store, -1),
  },
];

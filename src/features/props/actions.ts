import type { Store } from '../../state/store';
import { plainKey, type Action } from '../../lib/actions';
import { stepProp } from './select';

const isP = (e: KeyboardEvent) => e.code === 'KeyP' || e.key.toLowerCase() === 'p';

/** P picks the next prop, Shift+P the previous one (through "no prop"), like a remote's channel keys. */
export const PROP_ACTIONS: Action<{ store: Store }>[] = [
  {
    id: 'prop.next',
    labelKey: 'props.keyNext',
    keys: ['P'],
    keyTest: (e) => plainKey(e) && !e.shiftKey && isP(e),
    perform: ({ store }) => stepProp(store, 1),
  },
  {
    id: 'prop.previous',
    labelKey: 'props.keyPrevious',
    keys: ['Shift+P'],
    keyTest: (e) => plainKey(e) && e.shiftKey && isP(e),
    perform: ({ store }) => stepProp(store, -1),
  },
];

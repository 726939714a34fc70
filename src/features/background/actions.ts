import type { Store } from '../../state/store';
import { plainKey, type Action } from '../../lib/actions';
import { stepBackground } from './select';

const isB = (e: KeyboardEvent) => e.code === 'KeyB' || e.key.toLowerCase() === 'b';

/** B picks the next background, Shift+B the previous one (through "no background"), as P does props. */
export const BACKGROUND_ACTIONS: Action<{ store: Store }>[] = [
  {
    id: 'background.next',
    labelKey: 'background.keyNext',
    keys: ['B'],
    keyTest: (e) => plainKey(e) && !e.shiftKey && isB(e),
    perform: ({ store }) => stepBackground(store, 1),
  },
  {
    id: 'background.previous',
    labelKey: 'background.keyPrevious',
    keys: ['Shift+B'],
    keyTest: (e) => plainKey(e) && e.shiftKey && isB(e),
    perform: ({ store }) => stepBackground(store, -1),
  },
];

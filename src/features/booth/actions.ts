import type { Action } from '../../lib/actions';
import { plainKey } from '../../lib/actions';
import type { Store } from '../../state/store';
import { FILTER_ACTIONS } from '../filters/actions';
import { PROP_ACTIONS } from '../props/actions';
import { BACKGROUND_ACTIONS } from '../background/actions';

export interface BoothActionContext {
  store: Store;
  startCapture(): void;
  cancelCapture(): void;
  /** Enter: on to the strip when a sequence has left photos, else the shutter. */
  next(): void;
}

/** Every key the booth answers to, in the order the user guide lists them. */
export const BOOTH_ACTIONS: readonly Action<BoothActionContext>[] = [
  ...FILTER_ACTIONS,
  ...PROP_ACTIONS,
  ...BACKGROUND_ACTIONS,
  {
    id: 'capture.start',
    labelKey: 'userGuide.keyCapture',
    keys: ['Space'],
    keyTest: (e) => plainKey(e) && !e.repeat && e.key === ' ',
    perform: (ctx) => ctx.startCapture(),
  },
  {
    id: 'capture.next',
    labelKey: 'userGuide.keyNext',
    keys: ['Enter'],
    keyTest: (e) => plainKey(e) && !e.repeat && e.key === 'Enter',
    perform: (ctx) => ctx.next(),
  },
  {
    id: 'capture.cancel',
    labelKey: 'userGuide.keyEscape',
    keys: ['Escape'],
    keyTest: (e) => e.key === 'Escape',
    perform: (ctx) => ctx.cancelCapture(),
    anywhere: true,
  },
];

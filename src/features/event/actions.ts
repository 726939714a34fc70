import { plainKey, type Action } from '../../lib/actions';
import type { Store } from '../../state/store';
import { FILTER_ACTIONS } from '../filters/actions';
import { PROP_ACTIONS } from '../props/actions';
import type { GuestControl } from './meta';
import { isTriggerKey, TRIGGER_SHORTCUTS } from './triggers';

export interface EventActionContext {
  store: Store;
  /** Space, Enter or a hands-free trigger: start on the attract screen, the countdown on the pose screen. */
  go(): void;
  /** Escape: the host's confirmation for leaving. */
  host(): void;
  /** The guest is choosing a look (the pose screen): the filter and prop keys work only then. */
  choosing(): boolean;
}

/** A look key the host allowed, working only while the guest chooses (never during the countdown). */
const whileChoosing = (a: Action<{ store: Store }>): Action<EventActionContext> => ({
  ...a,
  perform: (ctx) => {
    if (ctx.choosing()) a.perform(ctx);
  },
});

/** Every key the guest booth answers to: the booth's look keys the host allowed, go and leave. */
export function eventActions(allow: Record<GuestControl, boolean>): Action<EventActionContext>[] {
  return [
    ...(allow.filters ? FILTER_ACTIONS.map(whileChoosing) : []),
    ...(allow.props ? PROP_ACTIONS.map(whileChoosing) : []),
    {
      id: 'event.go',
      labelKey: 'event.keyGo',
      // A presenter clicker, a foot switch or an arcade button sends one of these (./triggers.ts).
      keys: TRIGGER_SHORTCUTS,
      keyTest: (e) => plainKey(e) && !e.repeat && isTriggerKey(e.key),
      perform: (ctx) => ctx.go(),
    },
    {
      id: 'event.host',
      labelKey: 'event.keyHost',
      keys: ['Escape'],
      keyTest: (e) => e.key === 'Escape',
      perform: (ctx) => ctx.host(),
      anywhere: true,
    },
  ];
}

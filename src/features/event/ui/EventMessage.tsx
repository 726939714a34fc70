import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import type { Store } from '../../../state/store';
import { liveLook } from '../../booth/liveLook';
import type { BoothSession } from '../../booth/session/boothSession';
import { MessageDesk } from '../../message/desk';
import { messagePhaseAtom, messageReviewAtom } from '../../message/state';
import { MessageLive } from '../../message/ui/MessageLive';
import { MessageReview } from '../../message/ui/MessageReview';
import '../../message/ui/message.css';
import type { GuestFlow } from '../flow';
import type { EventSettings } from '../meta';

/**
 * The guest booth's message desk, made when the host offers video messages: it records the live
 * look up to the host's length, and tells the flow whether the guest kept their message.
 */
export function useEventDesk(
  store: Store,
  session: BoothSession | null,
  settings: EventSettings,
  flow: { current: GuestFlow | null },
): { current: MessageDesk | null } {
  const desk = useRef<MessageDesk | null>(null);
  const sessionRef = useRef(session);
  useEffect(() => {
    sessionRef.current = session;
  });
  useEffect(() => {
    if (!settings.messages) return;
    const made = new MessageDesk(store, () => liveLook(store, sessionRef.current), {
      limit: settings.messageSeconds,
      onKept: (m) => flow.current?.messageKept(m),
      onDropped: () => flow.current?.messageDropped(),
    });
    desk.current = made;
    return () => {
      desk.current = null;
      void made.dispose();
    };
  }, [store, settings, flow]);
  return desk;
}

/**
 * While a guest makes their message: one of the host's prompt cards above the live picture (never
 * in the video), the countdown and timer, and the review (play it back, keep it or record again).
 */
export function EventMessage({ desk, prompts }: { desk: MessageDesk; prompts: string[] }) {
  const { t } = useI18n();
  const phase = useAtomValue(messagePhaseAtom);
  const review = useAtomValue(messageReviewAtom);
  // One card per guest, drawn when their message starts.
  const [prompt] = useState(() => (prompts.length ? prompts[Math.floor(Math.random() * prompts.length)]! : ''));
  return (
    <>
      {prompt && !review && (
        <p className="event-prompt" data-testid="event-prompt">
          <span className="visually-hidden">{t('event.promptLabel')} </span>
          {prompt}
        </p>
      )}
      {phase.kind !== 'idle' && <MessageLive phase={phase} desk={desk} />}
      {review && <MessageReview review={review} desk={desk} />}
    </>
  );
}

import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { MessageDesk, type LookSource } from '../desk';
import { BOOTH_MESSAGE_SECONDS, clock, messageFileName, type VideoMessage } from '../meta';
import { useObjectUrl } from '../../../components/useObjectUrl';
import { keptMessagesAtom, messageFailedAtom, messagePhaseAtom, messageReviewAtom } from '../state';
import { messageUnavailable } from '../support';
import { MessageLive } from './MessageLive';
import { MessageReview } from './MessageReview';
import './message.css';

/** A kept message: how long, its format, and its download. */
function KeptMessage({ message, onDelete }: { message: VideoMessage; onDelete: () => void }) {
  const { t } = useI18n();
  const url = useObjectUrl(message.blob);
  return (
    <li className="message-kept" data-testid="message-kept">
      <span>
        {clock(message.seconds)} · {t(`message.madeAs.${message.format}`)}
        {!message.hasAudio && ` · ${t('message.withoutSound')}`}
      </span>
      {url && (
        <a className="btn btn-secondary" href={url} download={messageFileName(message)} data-testid="message-download">
          {t('message.download')}
        </a>
      )}
      <button type="button" className="btn btn-secondary" onClick={onDelete} data-testid="message-delete">
        {t('message.delete')}
      </button>
    </li>
  );
}

/**
 * The booth's video message: its card (record, what is recorded, the kept messages), the live
 * overlay while one is made, and the review before it is kept. `look`: where the booth lends its
 * live look; `canRecord`: the camera is live and no photo sequence runs.
 */
export function MessagePanel({ look, canRecord }: { look: LookSource; canRecord: boolean }) {
  const { t } = useI18n();
  const store = useStore();
  const [desk, setDesk] = useState<MessageDesk | null>(null);
  useEffect(() => {
    const d = new MessageDesk(store, look);
    setDesk(d);
    return () => void d.dispose();
  }, [store, look]);
  const phase = useAtomValue(messagePhaseAtom);
  const review = useAtomValue(messageReviewAtom);
  const kept = useAtomValue(keptMessagesAtom);
  const failed = useAtomValue(messageFailedAtom);
  // Asked once on the device (a prerendered page knows nothing of the browser).
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => setUnavailable(messageUnavailable()), []);

  return (
    <section className="card message-panel" aria-labelledby="message-heading" data-testid="message-panel">
      <h2 id="message-heading">{t('message.heading')}</h2>
      <p className="hint">{t('message.hint', { seconds: BOOTH_MESSAGE_SECONDS })}</p>
      {unavailable ? (
        <p className="notice" data-testid="message-unavailable">{t('message.unavailable')}</p>
      ) : (
        <>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!desk || !canRecord || phase.kind !== 'idle' || !!review}
            onClick={() => desk?.start()}
            data-testid="message-record"
          >
            {t('message.record')}
          </button>
          <p className="hint">{t('message.micNote')}</p>
        </>
      )}
      {failed && (
        <p className="notice error" role="alert" data-testid="message-failed" data-reason={failed}>
          {t(failed === 'full' ? 'message.full' : 'message.failed')}
        </p>
      )}
      {kept.length > 0 && (
        <>
          <h3 className="message-kept-title">{t('message.keptTitle', { count: kept.length })}</h3>
          <ul className="message-kept-list">
            {kept.map((m) => (
              <KeptMessage key={m.id} message={m} onDelete={() => void desk?.remove(m.id)} />
            ))}
          </ul>
        </>
      )}
      {desk && phase.kind !== 'idle' && <MessageLive phase={phase} desk={desk} />}
      {desk && review && <MessageReview review={review} desk={desk} />}
    </section>
  );
}

import { useEffect, useRef } from 'react';
import { useObjectUrl } from '../../../components/useObjectUrl';
import { useI18n } from '../../../i18n/I18nProvider';
import type { MessageDesk } from '../desk';
import { slowFrameRate, type Recording } from '../meta';

/**
 * The recording, played back with its sound before anything is kept: Keep, Record again, or
 * Discard (Esc too). A modal dialog, so focus stays in it.
 */
export function MessageReview({ review, desk }: { review: { recording: Recording; micRefused: boolean }; desk: MessageDesk }) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const url = useObjectUrl(review.recording.blob);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  const { recording } = review;
  const slow = slowFrameRate(recording);
  return (
    <dialog
      ref={dialog}
      className="message-review"
      aria-labelledby="message-review-title"
      data-testid="message-review"
      onCancel={(e) => {
        e.preventDefault();
        void desk.discard();
      }}
    >
      <h2 id="message-review-title">{t('message.reviewTitle')}</h2>
      <p className="hint">{t('message.reviewHint')}</p>
      {url && (
        <video
          className="message-video"
          src={url}
          controls
          playsInline
          width={recording.width}
          height={recording.height}
          data-testid="message-video"
          aria-label={t('message.reviewTitle')}
        />
      )}
      <p className="hint" data-testid="message-format">
        {t(`message.madeAs.${recording.format}`)}
        {!recording.hasAudio && ` · ${t('message.withoutSound')}`}
      </p>
      {slow !== null && (
        <p className="hint" data-testid="message-fps">
          {t('message.slowFps', { fps: slow, camera: Math.round(recording.cameraFps!) })}
        </p>
      )}
      {review.micRefused && (
        <p className="notice" data-testid="message-review-no-mic">
          {t('message.noMic')}
        </p>
      )}
      <div className="message-review-actions">
        <button type="button" className="btn btn-primary" onClick={() => desk.keep()} data-testid="message-keep">
          {t('message.keep')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void desk.again()} data-testid="message-again">
          {t('message.again')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void desk.discard()} data-testid="message-discard">
          {t('message.discard')}
        </button>
      </div>
    </dialog>
  );
}

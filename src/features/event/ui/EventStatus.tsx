import { useEffect, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { AUDIO_BITRATE, VIDEO_BITRATE } from '../../message/meta';
import { fitEstimate, roomLeft, useEventHealth } from '../health';
import { readEventSettings } from '../settings';
import { useGallery } from './useGallery';

/** A strip's size before the gallery has any to measure (a standard strip JPG is 150-400 KB). */
const TYPICAL_STRIP_BYTES = 400_000;
/** A message's bytes per second before the gallery has one to measure: the encoder's bit rates (an upper bound: still scenes take less). */
const NOMINAL_MESSAGE_BYTES_PER_SECOND = (VIDEO_BITRATE + AUDIO_BITRATE) / 8;

/**
 * The evening's storage, for the host: whether the browser keeps it for sure (persistent storage,
 * asked for when the event started), about how many more strips fit (and minutes of video messages,
 * where guests may record them), and the strips that could not be kept, with what to do.
 */
export function EventStatus() {
  const { t } = useI18n();
  const { unkept, persisted } = useEventHealth();
  const { strips } = useGallery();
  const [fit, setFit] = useState<{ strips: number; messageMinutes: number } | null>(null);
  // The evening's setting, read once (it changes only when an event starts, which leaves this page).
  const [messagesOn] = useState(() => readEventSettings().messages);
  const messages = messagesOn || !!strips?.some((s) => s.kind === 'message');
  useEffect(() => {
    let alive = true;
    const kept = (strips ?? []).map((s) => ({ kind: s.kind, bytes: s.blob.size, seconds: s.seconds }));
    void roomLeft().then((room) => alive && setFit(room === null ? null : fitEstimate(room, kept, TYPICAL_STRIP_BYTES, NOMINAL_MESSAGE_BYTES_PER_SECOND)));
    return () => {
      alive = false;
    };
  }, [strips]);
  return (
    <section className="card event-status" aria-labelledby="event-status-title" data-testid="event-status">
      <h2 id="event-status-title">{t('event.storageTitle')}</h2>
      {unkept > 0 && (
        <p className="notice error" role="alert" data-testid="event-unkept-setup" data-count={unkept}>
          {t('event.unkeptSetup', { n: unkept })}
        </p>
      )}
      <p data-testid="event-persisted" data-persisted={persisted === null ? undefined : String(persisted)}>
        {persisted === null ? t('event.persistUnknown') : persisted ? t('event.persistYes') : t('event.persistNo')}
      </p>
      {fit !== null && (
        <p data-testid="event-fit" data-fit={fit.strips} data-message-minutes={messages ? fit.messageMinutes : undefined}>
          {t('event.stripsFit', { n: fit.strips })}
          {messages && ` ${t('event.messagesFit', { n: fit.messageMinutes })}`}
        </p>
      )}
    </section>
  );
}

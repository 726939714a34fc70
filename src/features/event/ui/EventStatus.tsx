import { useEffect, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { stripsThatFit, useEventHealth } from '../health';
import { useGallery } from './useGallery';

/** A strip's size before the gallery has any to measure (a standard strip JPG is 150-400 KB). */
const TYPICAL_STRIP_BYTES = 400_000;

/**
 * The evening's storage, for the host: whether the browser keeps it for sure (persistent storage,
 * asked for when the event started), about how many more strips fit, and the strips that could not
 * be kept, with what to do.
 */
export function EventStatus() {
  const { t } = useI18n();
  const { unkept, persisted } = useEventHealth();
  const { strips } = useGallery();
  const [fit, setFit] = useState<number | null>(null);
  const count = strips?.length ?? 0;
  useEffect(() => {
    let alive = true;
    const average = count ? strips!.reduce((sum, s) => sum + s.blob.size, 0) / count : TYPICAL_STRIP_BYTES;
    void stripsThatFit(average).then((n) => alive && setFit(n));
    return () => {
      alive = false;
    };
  }, [strips, count]);
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
      {fit !== null && <p data-testid="event-fit" data-fit={fit}>{t('event.stripsFit', { n: fit })}</p>}
    </section>
  );
}

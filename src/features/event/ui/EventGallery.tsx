import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { saveBlob } from '../../strip/export';
import { clearGallery, exportGalleryZip, stripFileName, type GalleryStrip } from '../gallery';
import { useGallery } from './useGallery';
import { useObjectUrl } from './useObjectUrl';

function Thumb({ strip, index }: { strip: GalleryStrip; index: number }) {
  const { t, lang } = useI18n();
  const url = useObjectUrl(strip.blob);
  const time = new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(new Date(strip.createdAt));
  const label = t('event.stripNumber', { n: index + 1, time });
  return (
    <li className="event-thumb" data-testid="event-thumb">
      {url && <img src={url} alt={label} width={strip.width} height={strip.height} loading="lazy" />}
      <span className="event-thumb-meta" aria-hidden="true">
        {index + 1} · {time}
      </span>
      <button type="button" className="btn btn-ghost" onClick={() => void saveBlob(strip.blob, stripFileName(index, strip.createdAt)).catch(() => undefined)}>
        {t('event.downloadOne')}
        <span className="visually-hidden"> ({label})</span>
      </button>
    </li>
  );
}

/**
 * The event gallery for the host: every strip of the evening kept on this device, to browse,
 * export as one ZIP, or clear (after a confirmation).
 */
export function EventGallery() {
  const { t } = useI18n();
  const { strips, unavailable } = useGallery();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const count = strips?.length ?? 0;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (confirming && !el.open) {
      el.showModal();
      keep.current?.focus();
    } else if (!confirming && el.open) {
      el.close();
    }
  }, [confirming]);

  const exportZip = async () => {
    setBusy(true);
    setMessage({ text: t('event.exporting') });
    try {
      const made = await exportGalleryZip();
      if (made) {
        await saveBlob(made.zip, made.name);
        setMessage({ text: t('event.exported', { name: made.name, n: made.count }) });
      } else {
        setMessage(null);
      }
    } catch (error) {
      if ((error as { name?: string })?.name === 'AbortError') setMessage(null);
      else setMessage({ text: t('event.exportFailed'), error: true });
    } finally {
      setBusy(false);
    }
  };

  const clear = async () => {
    setConfirming(false);
    try {
      await clearGallery();
      setMessage({ text: t('event.cleared') });
    } catch {
      setMessage({ text: t('event.clearFailed'), error: true });
    }
  };

  return (
    <section className="card event-gallery" aria-labelledby="event-gallery-title" data-testid="event-gallery" data-count={strips ? count : undefined}>
      <h2 id="event-gallery-title">{t('event.galleryTitle')}</h2>
      <p>{unavailable ? t('event.galleryUnavailable') : t('event.galleryCount', { n: count })}</p>
      <div className="event-actions">
        <button type="button" className="btn btn-primary" onClick={() => void exportZip()} disabled={busy || count === 0} data-testid="event-export">
          {t('event.exportZip')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)} disabled={busy || count === 0} data-testid="event-clear">
          {t('event.clear')}
        </button>
      </div>
      <p className={message?.error ? 'notice error' : 'event-status'} role="status">
        {message?.text}
      </p>
      {strips && count === 0 && !unavailable && <p className="event-hint">{t('event.galleryEmpty')}</p>}
      {count > 0 && (
        <ul className="event-thumbs">
          {/* Newest first: the host checks the last guests' strips. */}
          {strips!
            .map((s, i) => <Thumb key={s.id} strip={s} index={i} />)
            .reverse()}
        </ul>
      )}
      <dialog ref={dialog} className="event-dialog" aria-labelledby="event-clear-title" onClose={() => setConfirming(false)} onCancel={() => setConfirming(false)}>
        {confirming && (
          <div className="event-dialog-body">
            <h2 id="event-clear-title">{t('event.clearTitle')}</h2>
            <p>{t('event.clearText', { n: count })}</p>
            <div className="event-actions">
              <button ref={keep} type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
                {t('event.keep')}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => void clear()} data-testid="event-clear-confirm">
                {t('event.clearConfirm')}
              </button>
            </div>
          </div>
        )}
      </dialog>
    </section>
  );
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { saveFilePicker } from '../../../lib/savePicker';
import { byTaken, clearGallery, deleteStrip, listDamaged, onGalleryChange, type StripKey } from '../gallery';
import { PART_LIMIT, type ExportResult } from '../galleryExport';
import { exportEventGallery } from '../gallerySave';
import { ConfirmDialog } from './ConfirmDialog';
import { DamagedThumb, GalleryThumb, useTimeOf, type DeleteTarget } from './GalleryThumb';
import { useGallery } from './useGallery';

/** The export's result names this many left-out strips one by one, then counts the rest. */
const SKIPPED_NAMED = 5;

/** The gallery's damaged records (read again after each change, here or in another tab). */
function useDamaged(): StripKey[] {
  const [damaged, setDamaged] = useState<StripKey[]>([]);
  useEffect(() => {
    let alive = true;
    const read = () => listDamaged().then((d) => alive && setDamaged(d), () => undefined);
    void read();
    const off = onGalleryChange(() => void read());
    return () => {
      alive = false;
      off();
    };
  }, []);
  return damaged;
}

interface Message {
  text: string;
  /** The strips the export left out, one line each. */
  lines?: string[];
  error?: boolean;
}

/**
 * The event gallery for the host: every strip of the evening kept on this device, to browse,
 * download or delete one by one, export (./galleryExport.ts: streamed to a file the host picks,
 * else in parts) or clear, each deletion after a confirmation.
 */
export function EventGallery() {
  const { t } = useI18n();
  const timeOf = useTimeOf();
  const { strips, unavailable } = useGallery();
  const damaged = useDamaged();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const count = strips?.length ?? 0;
  // Without a save picker (Safari, Firefox, phones) the export downloads: the host is told before.
  const [canPick] = useState(() => saveFilePicker() !== null);

  // Each record's number: its place in the evening among all of them, as the export numbers them.
  const entries = useMemo(() => {
    const all: ({ kind: 'strip'; strip: NonNullable<typeof strips>[number] } | { kind: 'damaged'; key: StripKey })[] = [
      ...(strips ?? []).map((strip) => ({ kind: 'strip' as const, strip })),
      ...damaged.map((key) => ({ kind: 'damaged' as const, key })),
    ];
    const of = (e: (typeof all)[number]) => (e.kind === 'strip' ? e.strip : e.key);
    return all.sort((a, b) => byTaken(of(a), of(b)));
  }, [strips, damaged]);

  const exportZip = async () => {
    setBusy(true);
    setMessage({ text: t('event.exporting') });
    let shown = 0;
    try {
      const made = await exportEventGallery({
        typeLabel: t('event.zipType'),
        onProgress: (n, total) => {
          // A few updates a second: the thumbnails need not re-render for every strip.
          const now = performance.now();
          if (n !== total && now - shown < 100) return;
          shown = now;
          setMessage({ text: t('event.exportProgress', { n, total }) });
        },
      });
      setMessage(made ? summary(made) : null);
    } catch (error) {
      if ((error as { name?: string })?.name === 'AbortError') setMessage(null);
      else {
        console.warn('The gallery export failed:', error);
        setMessage({ text: t('event.exportFailed'), error: true });
      }
    } finally {
      setBusy(false);
    }
  };

  const summary = ({ count, files, skipped }: ExportResult): Message => {
    const text =
      files.length > 1
        ? t('event.exportedParts', { n: count, parts: files.length, names: files.join(', ') })
        : t('event.exported', { name: files[0] ?? '', n: count });
    const lines = skipped.slice(0, SKIPPED_NAMED).map((s) => t('event.skipped', { n: s.index + 1, time: timeOf(s.createdAt) }));
    if (skipped.length > SKIPPED_NAMED) lines.push(t('event.skippedMore', { n: skipped.length - SKIPPED_NAMED }));
    return { text, lines };
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

  const askDelete = useCallback((target: DeleteTarget) => setDeleting(target), []);
  const remove = async (target: DeleteTarget) => {
    setDeleting(null);
    try {
      await deleteStrip(target.id);
      setMessage({ text: t('event.deleted', { n: target.number }) });
    } catch {
      setMessage({ text: t('event.deleteFailed'), error: true });
    }
    // Its Delete button is gone with it: focus goes back to the gallery, not to the page's top.
    heading.current?.focus();
  };

  return (
    <section className="card event-gallery" aria-labelledby="event-gallery-title" data-testid="event-gallery" data-count={strips ? count : undefined}>
      <h2 id="event-gallery-title" ref={heading} tabIndex={-1}>
        {t('event.galleryTitle')}
      </h2>
      <p>{unavailable ? t('event.galleryUnavailable') : t('event.galleryCount', { n: count })}</p>
      <div className="event-actions">
        <button type="button" className="btn btn-primary" onClick={() => void exportZip()} disabled={busy || count === 0} data-testid="event-export">
          {t('event.exportZip')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)} disabled={busy || count === 0} data-testid="event-clear">
          {t('event.clear')}
        </button>
      </div>
      {count > 0 && !canPick && (
        <p className="event-hint" data-testid="event-export-downloads">
          {t('event.exportDownloads', { mb: PART_LIMIT / 1_000_000 })}
        </p>
      )}
      <div className={message?.error ? 'notice error' : 'event-status'} role="status" data-testid="event-export-status">
        {message?.text}
        {message?.lines?.map((line) => (
          <p key={line} className="notice error" data-testid="event-export-skipped">
            {line}
          </p>
        ))}
      </div>
      {strips && count === 0 && !unavailable && <p className="event-hint">{t('event.galleryEmpty')}</p>}
      {entries.length > 0 && (
        <ul className="event-thumbs">
          {/* Newest first: the host checks the last guests' strips. */}
          {entries
            .map((e, i) =>
              e.kind === 'strip' ? (
                <GalleryThumb key={e.strip.id} strip={e.strip} number={i + 1} onDelete={askDelete} />
              ) : (
                <DamagedThumb key={e.key.id} id={e.key.id} number={i + 1} createdAt={e.key.createdAt} onDelete={askDelete} />
              ),
            )
            .reverse()}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        titleId="event-clear-title"
        title={t('event.clearTitle')}
        text={t('event.clearText', { n: count })}
        keepLabel={t('event.keep')}
        confirmLabel={t('event.clearConfirm')}
        onKeep={() => setConfirming(false)}
        onConfirm={() => void clear()}
        confirmTestId="event-clear-confirm"
      />
      <ConfirmDialog
        open={!!deleting}
        titleId="event-delete-title"
        title={t('event.deleteTitle')}
        text={deleting ? t('event.deleteText', { n: deleting.number, time: timeOf(deleting.createdAt) }) : ''}
        keepLabel={t('event.deleteKeep')}
        confirmLabel={t('event.deleteConfirm')}
        onKeep={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
        testId="event-delete-dialog"
        confirmTestId="event-delete-confirm"
      />
    </section>
  );
}

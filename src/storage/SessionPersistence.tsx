import { useAtom, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useHeightVar } from '../components/useHeightVar';
import { useI18n } from '../i18n/I18nProvider';
import { capturedPhotosAtom, unreadablePhotosAtom, type CapturedPhoto } from '../state/session';
import { DEFAULT_STRIP_SETTINGS } from '../features/strip/meta';
import { storageStatusAtom, stripSettingsAtom } from '../features/strip/state';
import { noteRepairedRecords, onRepairedRecords, repairedRecords } from '../lib/stored';
import { ClearSession } from './ClearSession';
import { loadSession } from './sessionStore';
import { withDeadline } from '../lib/deadline';
import { failureStatus, followSaves } from './saving';
import './storage.css';

/** How long reading the saved session may take before the app goes on without it. */
const OPEN_DEADLINE_MS = 5_000;

/**
 * Mounted once in the app shell: brings the saved photos and strip settings back at start, then
 * writes every change to IndexedDB shortly after it happens (off the UI's path). When IndexedDB
 * is unavailable or full, the app keeps the session in memory and storageStatusAtom says so.
 */
export function SessionPersistence() {
  const store = useStore();
  const setPhotos = useSetAtom(capturedPhotosAtom);
  const setUnreadable = useSetAtom(unreadablePhotosAtom);
  const setSettings = useSetAtom(stripSettingsAtom);
  const [status, setStatus] = useAtom(storageStatusAtom);
  // 'saving' once the saved session has been read; 'off' when IndexedDB cannot be used at all.
  const [phase, setPhase] = useState<'reading' | 'saving' | 'off'>('reading');
  // The photos read back at start (this tab may delete them: it has seen them stored).
  const loaded = useRef<CapturedPhoto[]>([]);
  // Stored records that could not be read and were removed (IndexedDB, localStorage, sessionStorage).
  const [repaired, setRepaired] = useState(repairedRecords);
  useEffect(() => onRepairedRecords(setRepaired), []);

  useEffect(() => {
    let alive = true;
    // An IndexedDB that never answers (seen on broken profiles) must not leave the app waiting:
    // past the deadline the session lives in memory, and the notice says so.
    withDeadline(loadSession(), OPEN_DEADLINE_MS)
      .then((stored) => {
        if (!alive) return;
        noteRepairedRecords(stored.repaired);
        loaded.current = stored.photos;
        // Photos taken before the saved session arrived win over the saved ones.
        setPhotos((current) => (current.length ? current : stored.photos));
        if (stored.settings) setSettings((current) => ({ ...DEFAULT_STRIP_SETTINGS, ...stored.settings, ...diff(current) }));
        setStatus('saved');
        setPhase('saving');
        // A photo whose bytes cannot be decoded is named on the preview and left out of the strip
        // and the downloads. Checked beside start-up, not before it: the photos show at once, and
        // the strip's composer skips such a photo by itself meanwhile.
        void findUnreadable(stored.photos).then((bad) => alive && bad.size > 0 && setUnreadable(bad));
      })
      .catch((error: unknown) => {
        if (!alive) return;
        setStatus(failureStatus(error));
        setPhase('off');
      });
    return () => {
      alive = false;
    };
  }, [setPhotos, setSettings, setStatus, setUnreadable]);

  // Once the saved session is read, saving follows the store (./saving.ts), not React's renders.
  useEffect(() => (phase === 'saving' ? followSaves(store, setStatus, loaded.current) : undefined), [phase, store, setStatus]);

  const kind = status === 'memory' || status === 'full' ? status : repaired > 0 ? 'repaired' : null;
  return kind ? <StorageNotice kind={kind} /> : null;
}

/**
 * Tells the visitor, wherever they are, that the photos will not survive a reload, or that saved
 * data could not be read and was removed; "Clear saved session" is always offered beside it.
 */
function StorageNotice({ kind }: { kind: 'memory' | 'full' | 'repaired' }) {
  const { t } = useI18n();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const shown = dismissed !== kind;
  const box = useRef<HTMLDivElement>(null);
  // The notice floats over the bottom of the page: the page gets room below its content (and
  // scrolling into view keeps clear of it), so no control stays hidden under it.
  useHeightVar(box, '--notice-h', { active: shown, extra: 24 });
  if (!shown) return null;
  return (
    <div ref={box} className="storage-notice notice" role="status" data-testid="storage-notice" data-kind={kind}>
      <p>{t(`storage.${kind}`)}</p>
      <div className="storage-notice-actions">
        <ClearSession onCleared={() => setDismissed(kind)} />
        <button type="button" className="btn btn-ghost" onClick={() => setDismissed(kind)}>
          {t('storage.dismiss')}
        </button>
      </div>
    </div>
  );
}

/** Ids of the photos whose JPEG cannot be decoded (damaged on the disk, cut short). */
async function findUnreadable(photos: CapturedPhoto[]): Promise<Set<string>> {
  const bad = new Set<string>();
  await Promise.all(
    photos.map((p) =>
      createImageBitmap(p.blob).then(
        (b) => b.close(),
        () => void bad.add(p.id),
      ),
    ),
  );
  return bad;
}

/** The settings the visitor changed from the defaults before the saved ones arrived. */
function diff(current: typeof DEFAULT_STRIP_SETTINGS) {
  const out: Partial<typeof DEFAULT_STRIP_SETTINGS> = {};
  for (const key of Object.keys(current) as (keyof typeof current)[]) {
    if (current[key] !== DEFAULT_STRIP_SETTINGS[key]) (out as Record<string, unknown>)[key] = current[key];
  }
  return out;
}

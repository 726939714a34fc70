import { useAtom, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useHeightVar } from '../components/useHeightVar';
import { useI18n } from '../i18n/I18nProvider';
import { photoRoll } from '../state/photos';
import { unreadablePhotosAtom, type CapturedPhoto } from '../state/session';
import { DEFAULT_STRIP_SETTINGS, type StripSettings } from '../features/strip/meta';
import { storageStatusAtom, stripSettingsAtom } from '../features/strip/state';
import { noteRepairedRecords, onRepairedRecords, repairedRecords } from '../lib/stored';
import { ClearSession } from './ClearSession';
import { loadSession } from './sessionStore';
import { storageAlert } from '../lib/storageAlert';
import { failureStatus, followSaves } from './saving';
import './storage.css';

/** How long reading the saved session may take before the app goes on without it (meanwhile). */
const OPEN_DEADLINE_MS = 5_000;
/** The waits before a failed read is tried again. */
const RETRIES_MS = [1_000, 4_000];

/**
 * Mounted once in the app shell: brings the saved photos and strip settings back at start, then
 * writes every change to IndexedDB shortly after it happens (off the UI's path). When IndexedDB
 * is unavailable or full, the app keeps the session in memory and storageStatusAtom says so.
 */
export function SessionPersistence() {
  const store = useStore();
  const setUnreadable = useSetAtom(unreadablePhotosAtom);
  const [status, setStatus] = useAtom(storageStatusAtom);
  // 'saving' once the saved session has been read; 'off' when IndexedDB cannot be used at all.
  const [phase, setPhase] = useState<'reading' | 'saving' | 'off'>('reading');
  // The photos read back at start (this tab may delete them: it has seen them stored).
  const loaded = useRef<CapturedPhoto[]>([]);
  // The strip settings as read back, when nothing changed them meanwhile (not written back).
  const asStored = useRef<StripSettings | null>(null);
  // Stored records that could not be read and were removed (IndexedDB, localStorage, sessionStorage).
  const [repaired, setRepaired] = useState(repairedRecords);
  useEffect(() => onRepairedRecords(setRepaired), []);

  useEffect(() => {
    let alive = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // An IndexedDB that answers late (an upgrade waiting on another tab, a slow or broken
    // profile) must not leave the app waiting: past the deadline the session lives in memory and
    // the notice says so, and saving starts when the read lands. Nothing is written before then,
    // so the stored session is never overwritten by this tab's empty one.
    const late = setTimeout(() => alive && setStatus((now) => (now === 'loading' ? 'memory' : now)), OPEN_DEADLINE_MS);
    const read = (attempt: number): void =>
      void loadSession().then(
        (stored) => {
          if (!alive) return;
          clearTimeout(late);
          noteRepairedRecords(stored.repaired);
          loaded.current = stored.photos;
          // Photos taken before the saved session arrived win over the saved ones.
          photoRoll.restore(store, stored.photos);
          // So do settings changed meanwhile; when none were, what is stored is not written back.
          const changed = diff(store.get(stripSettingsAtom));
          if (stored.settings) store.set(stripSettingsAtom, { ...DEFAULT_STRIP_SETTINGS, ...stored.settings, ...changed });
          asStored.current = Object.keys(changed).length ? null : store.get(stripSettingsAtom);
          setStatus('saved');
          setPhase('saving');
          // A photo whose bytes cannot be decoded is named on the preview and left out of the strip
          // and the downloads. Checked beside start-up, not before it: the photos show at once, and
          // the strip's composer skips such a photo by itself meanwhile.
          void findUnreadable(stored.photos).then((bad) => alive && bad.size > 0 && setUnreadable(bad));
        },
        (error: unknown) => {
          if (!alive) return;
          // The session lives in memory from now, and the notice says so at once; a read that
          // failed for a moment (its connection closed under it) is tried again, and saving
          // starts if one lands.
          clearTimeout(late);
          setStatus(failureStatus(error));
          if (attempt < RETRIES_MS.length) retry = setTimeout(() => read(attempt + 1), RETRIES_MS[attempt]);
          else setPhase('off');
        },
      );
    read(0);
    return () => {
      alive = false;
      clearTimeout(late);
      clearTimeout(retry);
    };
  }, [store, setStatus, setUnreadable]);

  // Once the saved session is read, saving follows the store (./saving.ts), not React's renders.
  useEffect(
    () => (phase === 'saving' ? followSaves(store, setStatus, loaded.current, asStored.current) : undefined),
    [phase, store, setStatus],
  );

  // While an upgrade waits on another tab, the app shell's notice says so (src/app): the session
  // is not lost meanwhile, only late, so "won't survive a reload" is not said over it.
  const alert = useSyncExternalStore(storageAlert.subscribe, storageAlert.get, () => null);
  const kind = status === 'full' ? status : status === 'memory' ? (alert === 'blocked' ? null : status) : repaired > 0 ? 'repaired' : null;
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

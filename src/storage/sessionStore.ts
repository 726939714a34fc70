import type { CapturedPhoto } from '../state/session';
import type { StripSettings } from '../features/strip/meta';
import type { StoredPhoto } from './records';
import { idbDone, idbRequest, openDatabase, requestError, storageError, StorageFullError } from '../lib/idb';

/**
 * The session on the device: captured photos (as Blobs) and the strip settings, in IndexedDB, so a
 * reload, a crash or a visit to another page loses nothing. Nothing here ever leaves the device.
 */
const DB_NAME = 'photobooth-session';
const PHOTOS = 'photos';
const SETTINGS = 'settings';
const SETTINGS_KEY = 'strip';
/** The channel every tab of the app tells the others of a change to the stored session on. */
export const SESSION_CHANNEL = 'photobooth-session';

export { requestError, storageError, StorageFullError };
let dbPromise: Promise<IDBDatabase> | null = null;

/** Opens the database at `version` (its current one when undefined), creating missing stores on upgrade. */
function open(version?: number): Promise<IDBDatabase> {
  return openDatabase(
    DB_NAME,
    version,
    (db) => {
      if (!db.objectStoreNames.contains(PHOTOS)) db.createObjectStore(PHOTOS, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(SETTINGS)) db.createObjectStore(SETTINGS);
    },
    // Another tab upgrading the database: let it, and open afresh on the next use.
    () => (dbPromise = null),
  );
}

/**
 * Opens the database; rejects when IndexedDB is unavailable (some private modes). It opens at
 * whatever version exists (never a VersionError), and a database that lacks a store (made by
 * something else, or half-created) is upgraded by one version to create it, not given up on.
 */
export function openSessionDb(): Promise<IDBDatabase> {
  if (!dbPromise) {
    dbPromise = (async () => {
      if (typeof indexedDB === 'undefined' || !indexedDB) throw new Error('IndexedDB unavailable');
      const db = await open();
      if (db.objectStoreNames.contains(PHOTOS) && db.objectStoreNames.contains(SETTINGS)) return db;
      const next = db.version + 1;
      db.close();
      return open(next);
    })();
    dbPromise.catch(() => (dbPromise = null));
  }
  return dbPromise;
}

export interface StoredSession {
  photos: CapturedPhoto[];
  settings: StripSettings | undefined;
  /** Records that could not be read: they were skipped and removed (the app says so). */
  repaired: number;
}

/**
 * Reads the session back, checked against the record schemas (records.ts): an unreadable photo
 * record is removed, unreadable settings fields are reset, and `repaired` counts what was lost.
 */
export async function loadSession(): Promise<StoredSession> {
  const db = await openSessionDb();
  const tx = db.transaction([PHOTOS, SETTINGS], 'readonly');
  const photoStore = tx.objectStore(PHOTOS);
  const [keys, records, rawSettings] = await Promise.all([
    idbRequest(photoStore.getAllKeys()),
    idbRequest(photoStore.getAll() as IDBRequest<unknown[]>),
    idbRequest(tx.objectStore(SETTINGS).get(SETTINGS_KEY) as IDBRequest<unknown>),
  ]);
  if (records.length === 0 && rawSettings === undefined) return { photos: [], settings: undefined, repaired: 0 };
  // The schemas (and the registries they check ids against) load only when there is something to check.
  const { byPosition, checkPhotoRecord, checkStripSettings } = await import('./records');
  const photos: StoredPhoto[] = [];
  const bad: IDBValidKey[] = [];
  records.forEach((raw, i) => {
    const photo = checkPhotoRecord(raw);
    if (photo) photos.push(photo);
    else bad.push(keys[i]!);
  });
  photos.sort(byPosition);
  const settings = checkStripSettings(rawSettings);
  if (bad.length || settings.repaired) {
    console.warn(`Saved session: ${bad.length} unreadable photo record(s) removed${settings.repaired ? ', strip settings repaired' : ''}`);
    await removeBad(db, bad, settings.repaired ? settings.value : undefined).catch(() => undefined);
  }
  return {
    photos: photos.map(({ position: _, ...photo }) => photo),
    settings: settings.value,
    repaired: bad.length + (settings.repaired ? 1 : 0),
  };
}

async function removeBad(db: IDBDatabase, keys: IDBValidKey[], settings: StripSettings | undefined): Promise<void> {
  const tx = db.transaction([PHOTOS, SETTINGS], 'readwrite');
  for (const key of keys) tx.objectStore(PHOTOS).delete(key);
  if (settings) tx.objectStore(SETTINGS).put(settings, SETTINGS_KEY);
  await idbDone(tx);
}

/**
 * Clears begun so far, and whether one is under way. A save asked for before a clear, or while it
 * runs, writes nothing: its snapshot of the session predates the clear (a debounced save of the
 * photos firing as Clear is pressed would otherwise put them back, for a reload to show). A save
 * whose transaction starts before the clear's is ordered before it by IndexedDB. The caller empties
 * the session in memory as the clear resolves, before any later save can start.
 */
let clears = 0;
let clearing = 0;

/**
 * Writes this tab's photos, record by record: adds the new ones, rewrites a kept one only when its
 * position changed (a retake keeps its place across reloads) or its motion burst came in, and
 * deletes only the records this tab knew and no longer has (`known`: ids it loaded, took or was
 * told of). A record another tab wrote that this one never saw is left alone, so an earlier tab
 * cannot undo a later tab's shot. Resolves with whether anything was written.
 */
export async function savePhotos(photos: CapturedPhoto[], known: ReadonlySet<string>): Promise<boolean> {
  const since = clears;
  const db = await openSessionDb();
  if (since !== clears || clearing > 0) return false; // cleared meanwhile: this snapshot would bring the photos back
  const tx = db.transaction(PHOTOS, 'readwrite');
  const store = tx.objectStore(PHOTOS);
  // id → position, and whether the record has its burst (it arrives after the photo).
  const stored = new Map<string, string>();
  const state = (position: number, motion: unknown) => `${position}:${motion ? 1 : 0}`;
  await new Promise<void>((resolve, reject) => {
    const req = store.openCursor();
    req.onerror = () => reject(requestError(req));
    req.onsuccess = () => {
      const cursor = req.result;
      if (!cursor) return resolve();
      const value = cursor.value as Partial<StoredPhoto>;
      stored.set(String(cursor.key), state(value.position ?? -1, value.motion));
      cursor.continue();
    };
  });
  const wanted = new Set(photos.map((p) => p.id));
  let wrote = false;
  for (const id of stored.keys()) {
    if (known.has(id) && !wanted.has(id)) {
      store.delete(id);
      wrote = true;
    }
  }
  photos.forEach((p, position) => {
    if (stored.get(p.id) === state(position, p.motion)) return;
    store.put({ ...p, position } satisfies StoredPhoto);
    wrote = true;
  });
  await idbDone(tx);
  return wrote;
}
export async function saveSettings(settings: StripSettings): Promise<void> {
  const since = clears;
  const db = await openSessionDb();
  if (since !== clears || clearing > 0) return;
  const tx = db.transaction(SETTINGS, 'readwrite');
  tx.objectStore(SETTINGS).put(settings, SETTINGS_KEY);
  await idbDone(tx);
}

export async function clearSession(): Promise<void> {
  clears++;
  clearing++;
  try {
    const db = await openSessionDb();
    const tx = db.transaction([PHOTOS, SETTINGS], 'readwrite');
    tx.objectStore(PHOTOS).clear();
    tx.objectStore(SETTINGS).clear();
    await idbDone(tx);
    // The other tabs read the (empty) session back.
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(SESSION_CHANNEL);
      channel.postMessage('changed');
      channel.close();
    }
  } finally {
    clearing--;
  }
}

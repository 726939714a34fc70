import type { CapturedPhoto } from '../state/session';
import type { StripSettings } from '../features/strip/meta';
import type { StoredPhoto } from './records';
import { databaseOnce, idbDone, idbRequest, requestError, storageError, StorageFullError, type DatabaseSchema } from '../lib/idb';

/**
 * The session on the device: captured photos (as Blobs) and the strip settings, in IndexedDB, so a
 * reload, a crash or a visit to another page loses nothing. Nothing here ever leaves the device.
 */
const DB_NAME = 'photobooth-session';
const PHOTOS = 'photos';
const SETTINGS = 'settings';
const SETTINGS_KEY = 'strip';
/** Indexes of the photos: each one's place, and which have their motion burst (by its rate). */
const BY_POSITION = 'position';
const WITH_MOTION = 'motion';
/** The channel every tab of the app tells the others of a change to the stored session on. */
export const SESSION_CHANNEL = 'photobooth-session';

export { requestError, storageError, StorageFullError };

/**
 * The session's database, version by version (src/lib/idb.ts). Before versions were kept it was
 * opened at whatever version it had, one version up to make a missing store: such a database
 * (at 2 or more) opens as it is, and gets what it lacks the same way.
 */
export const SESSION_SCHEMA: DatabaseSchema = {
  name: DB_NAME,
  migrations: [
    // 1: the photos (by id) and the strip settings (one record).
    (db) => {
      if (!db.objectStoreNames.contains(PHOTOS)) db.createObjectStore(PHOTOS, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(SETTINGS)) db.createObjectStore(SETTINGS);
    },
    // 2: a save learns each photo's place and whether its burst is in without reading any picture.
    (_db, tx) => {
      const photos = tx.objectStore(PHOTOS);
      if (!photos.indexNames.contains(BY_POSITION)) photos.createIndex(BY_POSITION, 'position');
      if (!photos.indexNames.contains(WITH_MOTION)) photos.createIndex(WITH_MOTION, 'motion.fps');
    },
  ],
  stores: { [PHOTOS]: { keyPath: 'id', indexes: { [BY_POSITION]: 'position', [WITH_MOTION]: 'motion.fps' } }, [SETTINGS]: {} },
};

/** Opens the database (once per page); rejects when IndexedDB is unavailable (some private modes). */
export const openSessionDb = databaseOnce(SESSION_SCHEMA);

export interface StoredSession {
  photos: CapturedPhoto[];
  settings: StripSettings | undefined;
  /** Records that could not be read: they were skipped and removed (the app says so). */
  repaired: number;
}

/**
 * Reads the session back, checked against the record schemas (records.ts): an unreadable photo
 * record is removed, unreadable settings fields are reset, and `repaired` counts what was lost.
 * A record a newer version wrote in a format this one does not know is skipped and left as it is.
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
  const { byPosition, checkPhotoRecord, checkStripSettings, isNewerFormat, PHOTO_FORMAT, SETTINGS_FORMAT } = await import('./records');
  const photos: StoredPhoto[] = [];
  const bad: IDBValidKey[] = [];
  let newer = 0;
  records.forEach((raw, i) => {
    if (isNewerFormat(raw, PHOTO_FORMAT)) return void newer++;
    const photo = checkPhotoRecord(raw);
    if (photo) photos.push(photo);
    else bad.push(keys[i]!);
  });
  photos.sort(byPosition);
  const newerSettings = isNewerFormat(rawSettings, SETTINGS_FORMAT);
  const settings = newerSettings ? { value: undefined, repaired: false } : checkStripSettings(rawSettings);
  if (newer || newerSettings) console.info(`Saved session: ${newer + (newerSettings ? 1 : 0)} record(s) of a newer version left as they are`);
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
  // id → position, and whether the record has its burst (it arrives after the photo): read from
  // the indexes, so no record (and no picture in it) is read. A record without a position reads -1.
  const state = (position: number, motion: unknown) => `${position}:${motion ? 1 : 0}`;
  const positions = new Map<string, number>();
  const [ids, withMotion] = await Promise.all([
    idbRequest(store.getAllKeys()),
    idbRequest(store.index(WITH_MOTION).getAllKeys()),
    new Promise<void>((resolve, reject) => {
      const req = store.index(BY_POSITION).openKeyCursor();
      req.onerror = () => reject(requestError(req));
      req.onsuccess = () => {
        const cursor = req.result;
        if (!cursor) return resolve();
        if (typeof cursor.key === 'number') positions.set(String(cursor.primaryKey), cursor.key);
        cursor.continue();
      };
    }),
  ]);
  const moving = new Set(withMotion.map(String));
  const stored = new Map(ids.map((key) => [String(key), state(positions.get(String(key)) ?? -1, moving.has(String(key)))]));
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

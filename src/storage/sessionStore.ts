import type { CapturedPhoto } from '../state/session';
import type { StripSettings } from '../features/strip/meta';

/**
 * The session on the device: captured photos (as Blobs) and the strip settings, in IndexedDB, so a
 * reload, a crash or a visit to another page loses nothing. Nothing here ever leaves the device.
 */
const DB_NAME = 'photobooth-session';
const DB_VERSION = 1;
const PHOTOS = 'photos';
const SETTINGS = 'settings';
const SETTINGS_KEY = 'strip';

export class StorageFullError extends Error {}

function promisify<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    const fail = () => reject(tx.error?.name === 'QuotaExceededError' ? new StorageFullError(tx.error.message) : tx.error);
    tx.onerror = fail;
    tx.onabort = fail;
  });
}

let dbPromise: Promise<IDBDatabase> | null = null;

/** Opens the database; rejects when IndexedDB is unavailable (some private modes). */
export function openSessionDb(): Promise<IDBDatabase> {
  if (!dbPromise) {
    dbPromise = new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined' || !indexedDB) return reject(new Error('IndexedDB unavailable'));
      const req = indexedDB.open(DB_NAME, DB_VERSION);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains(PHOTOS)) db.createObjectStore(PHOTOS, { keyPath: 'id' });
        if (!db.objectStoreNames.contains(SETTINGS)) db.createObjectStore(SETTINGS);
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB failed to open'));
      req.onblocked = () => reject(new Error('IndexedDB blocked'));
    });
    dbPromise.catch(() => (dbPromise = null));
  }
  return dbPromise;
}

export interface StoredSession {
  photos: CapturedPhoto[];
  settings: Partial<StripSettings> | undefined;
}

export async function loadSession(): Promise<StoredSession> {
  const db = await openSessionDb();
  const tx = db.transaction([PHOTOS, SETTINGS], 'readonly');
  const [photos, settings] = await Promise.all([
    promisify(tx.objectStore(PHOTOS).getAll() as IDBRequest<CapturedPhoto[]>),
    promisify(tx.objectStore(SETTINGS).get(SETTINGS_KEY) as IDBRequest<Partial<StripSettings> | undefined>),
  ]);
  photos.sort((a, b) => a.takenAt - b.takenAt);
  return { photos, settings };
}

/** Makes the stored photos match `photos`: adds the new ones and deletes the gone ones (Blobs are not rewritten). */
export async function savePhotos(photos: CapturedPhoto[]): Promise<void> {
  const db = await openSessionDb();
  const tx = db.transaction(PHOTOS, 'readwrite');
  const store = tx.objectStore(PHOTOS);
  const stored = new Set((await promisify(store.getAllKeys())).map(String));
  const wanted = new Set(photos.map((p) => p.id));
  for (const id of stored) if (!wanted.has(id)) store.delete(id);
  for (const p of photos) if (!stored.has(p.id)) store.put(p);
  await done(tx);
}

export async function saveSettings(settings: StripSettings): Promise<void> {
  const db = await openSessionDb();
  const tx = db.transaction(SETTINGS, 'readwrite');
  tx.objectStore(SETTINGS).put(settings, SETTINGS_KEY);
  await done(tx);
}

export async function clearSession(): Promise<void> {
  const db = await openSessionDb();
  const tx = db.transaction([PHOTOS, SETTINGS], 'readwrite');
  tx.objectStore(PHOTOS).clear();
  tx.objectStore(SETTINGS).clear();
  await done(tx);
}

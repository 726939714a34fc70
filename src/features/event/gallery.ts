import { requestError, storageError } from '../../storage/sessionStore';
import { buildZip, exportBaseName } from '../strip/export';
import { GALLERY_DB, GALLERY_STORE } from './meta';

/**
 * THE EVENT GALLERY: every strip of the evening, kept on this device in its own IndexedDB
 * database (apart from the visitor's saved session, which a guest's photos never enter). Nothing
 * here is uploaded; the host exports it as one ZIP and clears it.
 */
export interface GalleryStrip {
  id: string;
  createdAt: number;
  /** The strip as a JPG, at the standard size. */
  blob: Blob;
  width: number;
  height: number;
}

const listeners = new Set<() => void>();
/** Calls `fn` after each change to the gallery made in this page; returns the unsubscribe. */
export function onGalleryChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}
const changed = () => listeners.forEach((fn) => fn());

let dbPromise: Promise<IDBDatabase> | null = null;

/** Opens the gallery's database (created on first use); rejects where IndexedDB is unavailable. */
function openGallery(): Promise<IDBDatabase> {
  dbPromise ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined' || !indexedDB) return reject(new Error('IndexedDB unavailable'));
    const req = indexedDB.open(GALLERY_DB, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(GALLERY_STORE)) req.result.createObjectStore(GALLERY_STORE, { keyPath: 'id' });
    };
    req.onsuccess = () => {
      const db = req.result;
      // A newer version of the app upgrading it in another tab: let it, and open afresh next time.
      db.onversionchange = () => {
        db.close();
        dbPromise = null;
      };
      resolve(db);
    };
    req.onerror = () => reject(req.error ?? new Error('IndexedDB failed to open'));
    req.onblocked = () => reject(new Error('IndexedDB blocked'));
  });
  dbPromise.catch(() => (dbPromise = null));
  return dbPromise;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(requestError(req));
  });
}

function completed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    const fail = (e: Event) => reject(storageError(tx.error ?? (e.target as IDBRequest | null)?.error));
    tx.onerror = fail;
    tx.onabort = fail;
  });
}

/** A record as read back: anything else (damaged, from elsewhere) is left out of the list. */
function isStrip(x: unknown): x is GalleryStrip {
  const r = x as Partial<GalleryStrip> | null;
  return !!r && typeof r.id === 'string' && typeof r.createdAt === 'number' && r.blob instanceof Blob && r.blob.size > 0;
}

/** Keeps a guest's strip. Rejects with StorageFullError when the device is out of space. */
export async function addStrip(blob: Blob, width: number, height: number, createdAt = Date.now()): Promise<GalleryStrip> {
  const db = await openGallery();
  const strip: GalleryStrip = { id: `${createdAt.toString(36)}-${Math.random().toString(36).slice(2, 8)}`, createdAt, blob, width, height };
  const tx = db.transaction(GALLERY_STORE, 'readwrite');
  tx.objectStore(GALLERY_STORE).add(strip);
  await completed(tx);
  changed();
  return strip;
}

/** Every strip, oldest first. */
export async function listStrips(): Promise<GalleryStrip[]> {
  const db = await openGallery();
  const all = await request(db.transaction(GALLERY_STORE, 'readonly').objectStore(GALLERY_STORE).getAll() as IDBRequest<unknown[]>);
  return all.filter(isStrip).sort((a, b) => a.createdAt - b.createdAt);
}

/** Removes every strip of the event. */
export async function clearGallery(): Promise<void> {
  const db = await openGallery();
  const tx = db.transaction(GALLERY_STORE, 'readwrite');
  tx.objectStore(GALLERY_STORE).clear();
  await completed(tx);
  changed();
}

/** A strip's file name: its number in the evening and when it was taken. */
export function stripFileName(index: number, createdAt: number): string {
  return `${exportBaseName(new Date(createdAt))}-${String(index + 1).padStart(3, '0')}.jpg`;
}

/** The whole gallery as one ZIP (the JPGs stored as they are), and its file name; null when empty. */
export async function exportGalleryZip(): Promise<{ zip: Blob; name: string; count: number } | null> {
  const strips = await listStrips();
  if (!strips.length) return null;
  const zip = await buildZip(strips.map((s, i) => ({ name: stripFileName(i, s.createdAt), blob: s.blob })));
  return { zip, name: `${exportBaseName()}-event.zip`, count: strips.length };
}

import { databaseOnce, idbDone, idbRequest } from '../../lib/idb';
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

/** The gallery's database, opened once (its store made on first open). */
const openGallery = databaseOnce(GALLERY_DB, 1, (db) => {
  if (!db.objectStoreNames.contains(GALLERY_STORE)) db.createObjectStore(GALLERY_STORE, { keyPath: 'id' });
});

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
  await idbDone(tx);
  changed();
  return strip;
}

/** Every strip, oldest first. */
export async function listStrips(): Promise<GalleryStrip[]> {
  const db = await openGallery();
  const all = await idbRequest(db.transaction(GALLERY_STORE, 'readonly').objectStore(GALLERY_STORE).getAll() as IDBRequest<unknown[]>);
  return all.filter(isStrip).sort((a, b) => a.createdAt - b.createdAt);
}

/** Removes every strip of the event. */
export async function clearGallery(): Promise<void> {
  const db = await openGallery();
  const tx = db.transaction(GALLERY_STORE, 'readwrite');
  tx.objectStore(GALLERY_STORE).clear();
  await idbDone(tx);
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

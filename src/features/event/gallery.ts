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
  /** The guest chose "Don't show mine": kept for the host, never on the slideshow or the second screen. */
  hidden: boolean;
}

const listeners = new Set<() => void>();
/** Other tabs and windows of this browser (the set-up, the guest booth, the second screen). */
const CHANNEL = 'photobooth-event-gallery';
let channel: BroadcastChannel | null = null;
/**
 * Calls `fn` after each change to the gallery, made in this page or in any other tab or window of
 * this browser on the site; returns the unsubscribe.
 */
export function onGalleryChange(fn: () => void): () => void {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => listeners.forEach((f) => f());
  }
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
    if (!listeners.size && channel) {
      channel.close();
      channel = null;
    }
  };
}
const changed = () => {
  listeners.forEach((fn) => fn());
  if (typeof BroadcastChannel === 'undefined') return;
  // A channel of its own for the post: a page's own channel never hears what it posts.
  const post = channel ?? new BroadcastChannel(CHANNEL);
  post.postMessage('changed');
  if (post !== channel) post.close();
};

/** The gallery's database, opened once (its store made on first open). */
const openGallery = databaseOnce(GALLERY_DB, 1, (db) => {
  if (!db.objectStoreNames.contains(GALLERY_STORE)) db.createObjectStore(GALLERY_STORE, { keyPath: 'id' });
});

/** A record as read back: anything else (damaged, from elsewhere) is left out of the list. */
function isStrip(x: unknown): x is GalleryStrip {
  const r = x as Partial<GalleryStrip> | null;
  return !!r && typeof r.id === 'string' && typeof r.createdAt === 'number' && r.blob instanceof Blob && r.blob.size > 0;
}
/** A record kept before the hidden flag existed is shown. */
const withHidden = (s: GalleryStrip): GalleryStrip => (typeof s.hidden === 'boolean' ? s : { ...s, hidden: false });

/** Keeps a guest's strip. Rejects with StorageFullError when the device is out of space. */
export async function addStrip(
  blob: Blob,
  width: number,
  height: number,
  { hidden = false, createdAt = Date.now() }: { hidden?: boolean; createdAt?: number } = {},
): Promise<GalleryStrip> {
  const db = await openGallery();
  const strip: GalleryStrip = { id: `${createdAt.toString(36)}-${Math.random().toString(36).slice(2, 8)}`, createdAt, blob, width, height, hidden };
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
  return all.filter(isStrip).map(withHidden).sort((a, b) => a.createdAt - b.createdAt);
}

/** The guest's "Don't show mine" (or their change of mind): the strip stays in the gallery either way. */
export async function setStripHidden(id: string, hidden: boolean): Promise<void> {
  const db = await openGallery();
  const tx = db.transaction(GALLERY_STORE, 'readwrite');
  const store = tx.objectStore(GALLERY_STORE);
  const found = await idbRequest(store.get(id) as IDBRequest<unknown>);
  if (isStrip(found)) store.put({ ...found, hidden });
  await idbDone(tx);
  changed();
}

/** Removes one strip (the host, in the gallery), whole or damaged. */
export async function deleteStrip(id: string): Promise<void> {
  const db = await openGallery();
  const tx = db.transaction(GALLERY_STORE, 'readwrite');
  tx.objectStore(GALLERY_STORE).delete(id);
  await idbDone(tx);
  changed();
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

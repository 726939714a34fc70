import { databaseOnce, idbDone, idbRequest, requestError } from '../../lib/idb';
import { blobsRefused, forIdb, fromIdb } from '../../lib/idbBlobs';
import { exportBaseName } from '../strip/export';
import { GALLERY_DB, GALLERY_STORE, SLIDE_MS } from './meta';

/**
 * THE EVENT GALLERY: every strip and video message of the evening, kept on this device in its own IndexedDB
 * database (apart from the visitor's saved session, which a guest's photos never enter). Nothing
 * here is uploaded; the host exports it (./galleryExport.ts, one strip read at a time) and clears it.
 */
/** What a gallery item is: a guest's strip, or their video message (one more kind wherever a strip goes). */
export type ItemKind = 'strip' | 'message';

export interface GalleryStrip {
  id: string;
  createdAt: number;
  /** A strip (the default of records kept before messages existed) or a video message. */
  kind: ItemKind;
  /** The strip as a JPG at the standard size; a message's MP4 (or WebM). */
  blob: Blob;
  width: number;
  height: number;
  /** A message's length in seconds (0 for a strip). */
  seconds: number;
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

/** The gallery's database, opened once per page, version by version (src/lib/idb.ts). */
const openGalleryDb = databaseOnce({
  name: GALLERY_DB,
  migrations: [
    // 1: the strips, by id.
    (db) => {
      if (!db.objectStoreNames.contains(GALLERY_STORE)) db.createObjectStore(GALLERY_STORE, { keyPath: 'id' });
    },
  ],
  stores: { [GALLERY_STORE]: { keyPath: 'id' } },
});

/**
 * The gallery's database; its first use also asks whether Blobs are refused here (lib/idbBlobs),
 * while the disk has room: asked first on a full disk, the probe's tiny write fitted where a
 * Blob's did not, and strips were then kept as bytes past a full disk.
 */
function openGallery(): ReturnType<typeof openGalleryDb> {
  void blobsRefused();
  return openGalleryDb();
}

/** A record as read back: anything else (damaged, from elsewhere) is left out of the list. */
function isStrip(x: unknown): x is GalleryStrip {
  const r = x as Partial<GalleryStrip> | null;
  return !!r && typeof r.id === 'string' && typeof r.createdAt === 'number' && r.blob instanceof Blob && r.blob.size > 0;
}
/** A record kept before the hidden flag existed is shown; one kept before messages is a strip. */
const withHidden = (s: GalleryStrip): GalleryStrip => ({
  ...s,
  hidden: typeof s.hidden === 'boolean' ? s.hidden : false,
  kind: s.kind === 'message' ? 'message' : 'strip',
  seconds: typeof s.seconds === 'number' ? s.seconds : 0,
});

/** Keeps a guest's strip or message. Rejects with StorageFullError when the device is out of space. */
export async function addStrip(
  blob: Blob,
  width: number,
  height: number,
  { hidden = false, createdAt = Date.now(), kind = 'strip', seconds = 0 }: { hidden?: boolean; createdAt?: number; kind?: ItemKind; seconds?: number } = {},
): Promise<GalleryStrip> {
  const strip: GalleryStrip = { id: `${createdAt.toString(36)}-${Math.random().toString(36).slice(2, 8)}`, createdAt, kind, blob, width, height, seconds, hidden };
  // Its picture as bytes where this browser keeps no Blob here (src/lib/idbBlobs.ts), read before the transaction.
  const [db, record] = await Promise.all([openGallery(), forIdb(strip)]);
  const tx = db.transaction(GALLERY_STORE, 'readwrite');
  tx.objectStore(GALLERY_STORE).add(record);
  await idbDone(tx);
  changed();
  return strip;
}

/**
 * The evening's order, one for every list here: oldest first, ties by id. A strip's number (1, 2…)
 * is its place in this order among every record, damaged ones included, so the gallery, the
 * export's file names and the export's "left out" line all name a strip alike.
 */
export const byTaken = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }): number =>
  a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every strip, oldest first (damaged records are left out: see listStripKeys). */
export async function listStrips(): Promise<GalleryStrip[]> {
  const db = await openGallery();
  const all = await idbRequest(db.transaction(GALLERY_STORE, 'readonly').objectStore(GALLERY_STORE).getAll() as IDBRequest<unknown[]>);
  return all.map(fromIdb).filter(isStrip).map(withHidden).sort(byTaken);
}

/** A record of the gallery without its picture: its key, when it was taken, its JPG's size. */
export interface StripKey {
  id: string;
  /** 0 when the record has no time of its own. */
  createdAt: number;
  /** The file's size in bytes (known without reading it); 0 when damaged. */
  size: number;
  /** Its file's extension in an export: 'jpg', or a message's 'mp4' or 'webm'. */
  ext: string;
  /** Not a strip as kept (no picture, an empty one, not a Blob): it cannot be shown or exported. */
  damaged: boolean;
}

const keyOf = (id: string, value: unknown): StripKey => {
  const r = value as Partial<GalleryStrip> | null;
  const createdAt = typeof r?.createdAt === 'number' && Number.isFinite(r.createdAt) ? r.createdAt : 0;
  return isStrip(value) ? { id, createdAt, size: value.blob.size, ext: itemExt(withHidden(value)), damaged: false } : { id, createdAt, size: 0, ext: 'jpg', damaged: true };
};

/**
 * Every record, whole or damaged, in the evening's order, read with a cursor one record at a time:
 * no picture is read (a record's Blob is only a handle to the browser's copy; where it is kept
 * as bytes, each record's bytes are let go as the cursor moves on).
 */
export async function listStripKeys(): Promise<StripKey[]> {
  const db = await openGallery();
  const keys: StripKey[] = [];
  await new Promise<void>((resolve, reject) => {
    const req = db.transaction(GALLERY_STORE, 'readonly').objectStore(GALLERY_STORE).openCursor();
    req.onsuccess = () => {
      const cursor = req.result;
      if (!cursor) return resolve();
      if (typeof cursor.primaryKey === 'string') keys.push(keyOf(cursor.primaryKey, fromIdb(cursor.value)));
      cursor.continue();
    };
    req.onerror = () => reject(requestError(req));
  });
  return keys.sort(byTaken);
}

/** The records that cannot be shown (see StripKey.damaged), in the evening's order: the host may delete them. */
export async function listDamaged(): Promise<StripKey[]> {
  return (await listStripKeys()).filter((k) => k.damaged);
}

/** A record that is no strip as kept (see StripKey.damaged). */
export class DamagedStripError extends Error {
  override name = 'DamagedStripError';
}

/**
 * One strip's picture, read on its own (the export reads one at a time): null when the record is
 * gone (deleted since it was listed); rejects with DamagedStripError when it is no strip.
 */
export async function readStripBlob(id: string): Promise<Blob | null> {
  const db = await openGallery();
  const found = fromIdb(await idbRequest(db.transaction(GALLERY_STORE, 'readonly').objectStore(GALLERY_STORE).get(id) as IDBRequest<unknown>));
  if (found === undefined) return null;
  if (!isStrip(found)) throw new DamagedStripError(`strip ${id} is damaged`);
  return found.blob;
}

/** The guest's "Don't show mine" (or their change of mind): the strip stays in the gallery either way. */
export async function setStripHidden(id: string, hidden: boolean): Promise<void> {
  const db = await openGallery();
  const tx = db.transaction(GALLERY_STORE, 'readwrite');
  const store = tx.objectStore(GALLERY_STORE);
  const found = await idbRequest(store.get(id) as IDBRequest<unknown>);
  // Written back as it was read (its picture a Blob or bytes, as kept): only the flag changes.
  if (isStrip(fromIdb(found))) store.put({ ...(found as GalleryStrip), hidden });
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

/** An item's file extension: a strip's 'jpg', a message's container. */
export const itemExt = (item: Pick<GalleryStrip, 'kind' | 'blob'>): string => (item.kind === 'strip' ? 'jpg' : item.blob.type.includes('webm') ? 'webm' : 'mp4');

/** An item's file name: its number in the evening and when it was taken ("…-007.jpg", "…-008-message.mp4"). */
export function stripFileName(index: number, createdAt: number, ext = 'jpg'): string {
  return `${exportBaseName(new Date(createdAt))}-${String(index + 1).padStart(3, '0')}${ext === 'jpg' ? '' : '-message'}.${ext}`;
}

/** How long an item stays on a slideshow: a strip SLIDE_MS, a message as long as it plays (muted). */
export const slideMs = (item: Pick<GalleryStrip, 'kind' | 'seconds'> | undefined): number =>
  Math.max(SLIDE_MS, item?.kind === 'message' ? item.seconds * 1000 + 500 : 0);

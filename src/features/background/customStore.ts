import { databaseOnce, isNewerFormat, StorageFullError, storeRequest } from '../../lib/idb';
import { forIdb, fromIdb } from '../../lib/idbBlobs';
import { CUSTOM_MAX_SIDE } from './meta';
import { PictureTooLargeError, type PictureReader } from './picture';

/**
 * The visitor's own backdrop picture, kept on the device: decoded, scaled down and re-encoded in
 * the browser, then stored in a small IndexedDB database of its own (apart from the session's, so
 * neither can block the other's upgrade). Nothing here ever leaves the device.
 */
const DB_NAME = 'photobooth-background';
const STORE = 'custom';
const KEY = 'picture';
/** An IndexedDB that never answers (seen on broken profiles) must not leave the picker waiting. */
const DEADLINE_MS = 5_000;

/** Why a picture could not be used or kept. */
export type CustomBackdropFailure = 'decode' | 'tooBig' | 'storage' | 'full';

/** A picture refused for its size: its size as its header gives it, and the most pixels allowed. */
export interface RefusedSize {
  width: number;
  height: number;
  limit: number;
}

/**
 * A picture that could not be used ('decode': not an image this browser can read; 'tooBig': its
 * header asks for more pixels than can be read here, `size` says how many) or not kept
 * ('storage': no IndexedDB here, as in some private modes; 'full': no room). When only keeping
 * failed, `bitmap` is the decoded picture: it can still be used until the page is left.
 */
export class CustomBackdropError extends Error {
  override name = 'CustomBackdropError';
  constructor(
    readonly reason: CustomBackdropFailure,
    message: string,
    readonly bitmap: ImageBitmap | null = null,
    readonly size: RefusedSize | null = null,
  ) {
    super(message);
  }
}

interface StoredPicture {
  blob: Blob;
  width: number;
  height: number;
}

/** The backdrop's database, opened once per page, version by version (src/lib/idb.ts). */
const openDb = databaseOnce({
  name: DB_NAME,
  migrations: [
    // 1: the picture, under one key.
    (db) => {
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
    },
  ],
  stores: { [STORE]: {} },
});

/** Runs one request in its own transaction; resolves with its result once the transaction is done. */
function run<T>(mode: IDBTransactionMode, make: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return storeRequest(openDb, STORE, mode, make, DEADLINE_MS);
}

/**
 * The picture scaled so its long side is at most CUSTOM_MAX_SIDE, on white (a transparent PNG
 * keeps no holes), upright (the file's EXIF orientation applied) and without its metadata: what
 * is kept is exactly what is shown, and no location or camera data is stored with it. It is read
 * by `reader` (the booth session's: ./picture.ts), in a worker and decoded straight to that size
 * where the browser allows: never whole for a JPEG or a large PNG, and a picture over the limits
 * is refused before it is decoded.
 */
async function normalise(file: Blob, reader: PictureReader): Promise<{ bitmap: ImageBitmap; blob: Blob }> {
  try {
    return await reader.prepare(file, CUSTOM_MAX_SIDE);
  } catch (e) {
    if (e instanceof PictureTooLargeError) throw new CustomBackdropError('tooBig', e.message, null, { width: e.width, height: e.height, limit: e.limit });
    throw new CustomBackdropError('decode', `This file cannot be read as a picture (${(e as Error)?.message ?? e})`);
  }
}

/**
 * Decodes the visitor's picture, keeps it on the device and returns it decoded. Rejects with a
 * CustomBackdropError: 'decode' when the file is not a readable picture; 'storage' or 'full' when
 * it could not be kept (the error's `bitmap` then still holds the picture, for this visit only).
 */
export async function keepCustomBackdrop(file: Blob, reader: PictureReader): Promise<ImageBitmap> {
  const { bitmap, blob } = await normalise(file, reader);
  try {
    // The picture as bytes where this browser keeps no Blob here (src/lib/idbBlobs.ts), read before the transaction.
    const record = await forIdb({ blob, width: bitmap.width, height: bitmap.height } satisfies StoredPicture);
    await run('readwrite', (store) => store.put(record, KEY));
  } catch (e) {
    const full = e instanceof StorageFullError || (e as { name?: string } | null)?.name === 'QuotaExceededError';
    throw new CustomBackdropError(full ? 'full' : 'storage', `The picture could not be kept on this device (${(e as Error)?.message ?? e})`, bitmap);
  }
  return bitmap;
}

const isStoredPicture = (x: unknown): x is StoredPicture => typeof x === 'object' && x !== null && (x as StoredPicture).blob instanceof Blob;

/** The kept picture, decoded; null when there is none, or it cannot be read (never throws). */
export async function readCustomBackdrop(): Promise<ImageBitmap | null> {
  try {
    const record = fromIdb(await run<unknown>('readonly', (store) => store.get(KEY)));
    if (record === undefined) return null;
    // A newer version's record (its own format) is that version's: left as it is, not used here.
    if (isNewerFormat(record, 1)) return null;
    if (isStoredPicture(record)) {
      const bitmap = await createImageBitmap(record.blob).catch(() => null);
      if (bitmap) return bitmap;
    }
    // A record this version cannot use would fail the same way every visit: drop it.
    await forgetCustomBackdrop().catch(() => undefined);
    return null;
  } catch {
    return null;
  }
}

/** Removes the kept picture from the device. */
export async function forgetCustomBackdrop(): Promise<void> {
  await run('readwrite', (store) => store.delete(KEY));
}

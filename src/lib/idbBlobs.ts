/**
 * Blobs in IndexedDB where the engine refuses them. WebKit in an ephemeral session (Safari's
 * Private Browsing, WebKitGTK under automation) fails every write of a Blob with UnknownError
 * (webkit.org/b/156347) yet keeps an ArrayBuffer, for as long as the session lasts (reloads
 * included). There a record's Blobs are kept as their bytes and type, and made Blobs again when
 * read; everywhere else a record is stored exactly as given. Which it is, is found by doing it:
 * a tiny Blob written once per page to a scratch database, never by the user agent.
 *
 * Whatever writes a record holding Blobs passes it through `forIdb` BEFORE opening its
 * transaction (reading a Blob's bytes is not an IndexedDB request: awaited inside a transaction,
 * it would let the transaction commit), and whatever reads one passes it through `fromIdb`.
 */
import { withDeadline } from './deadline';
import { idbDone, openSchema, type DatabaseSchema } from './idb';

/** A Blob as kept where Blobs are refused: its bytes and its type. */
export interface BlobBytes {
  idbBlob: 1;
  bytes: ArrayBuffer;
  type: string;
}

export const isBlobBytes = (x: unknown): x is BlobBytes =>
  typeof x === 'object' && x !== null && (x as BlobBytes).idbBlob === 1 && (x as BlobBytes).bytes instanceof ArrayBuffer && typeof (x as BlobBytes).type === 'string';

/** Only plain objects and arrays are looked into: a record's own fields, never a class's insides. */
const isPlain = (x: unknown): x is Record<string, unknown> => {
  if (typeof x !== 'object' || x === null) return false;
  const proto = Object.getPrototypeOf(x) as unknown;
  return proto === Object.prototype || proto === null;
};

/** `value` with every Blob in it (in plain objects and arrays, at any depth) replaced by its bytes. */
export async function encodeBlobs(value: unknown): Promise<unknown> {
  if (value instanceof Blob) return { idbBlob: 1, bytes: await value.arrayBuffer(), type: value.type } satisfies BlobBytes;
  if (Array.isArray(value)) return Promise.all(value.map(encodeBlobs));
  if (!isPlain(value)) return value;
  const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await encodeBlobs(v)] as const));
  return Object.fromEntries(entries);
}

/**
 * `value` with every kept Blob's bytes made a Blob again; the very same object where there were
 * none (a record written with real Blobs comes back untouched, and nothing is copied).
 */
export function decodeBlobs(value: unknown): unknown {
  if (isBlobBytes(value)) return new Blob([value.bytes], { type: value.type });
  if (Array.isArray(value)) {
    const out = value.map(decodeBlobs);
    return out.some((v, i) => v !== value[i]) ? out : value;
  }
  if (!isPlain(value)) return value;
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(value)) {
    const d = decodeBlobs(v);
    if (d !== v) (out ??= { ...value })[k] = d;
  }
  return out ?? value;
}

/** What one write did: committed, refused, or found no room (QuotaExceededError). */
export type WriteOutcome = 'kept' | 'refused' | 'full';

/**
 * Whether this engine refuses Blobs, from what `tryKeep` (a write of one value in a transaction
 * of its own) answers: refused when a Blob is not kept and its bytes are. A Blob with no room
 * says nothing of Blobs (null: ask again at the next write): on a full disk a tiny ArrayBuffer
 * still fitted where a Blob's file did not, and an event's strips were then written as bytes past
 * the full disk (event-quota, 1 run in 2). Both failing says nothing either: the records stay as they are.
 */
export async function decideBlobsRefused(tryKeep: (value: unknown) => Promise<WriteOutcome>): Promise<boolean | null> {
  const blob = await tryKeep(new Blob([new Uint8Array([1])], { type: 'application/octet-stream' }));
  if (blob === 'kept') return false;
  if (blob === 'full') return null;
  // Bytes of some size, not one: Chromium names a Blob write on a full disk no QuotaExceededError,
  // and a few kilobytes free still take a tiny buffer. Refused means the bytes fit where the Blob did not.
  return (await tryKeep(new Uint8Array(PROBE_BYTES).buffer)) === 'kept';
}

/** The bytes written in a Blob's stead by the probe: more than a nearly full disk has left. */
const PROBE_BYTES = 256 << 10;

/** The scratch database the probe writes to (its one record is removed again). */
const SCRATCH: DatabaseSchema = {
  name: 'photobooth-scratch',
  migrations: [
    // 1: one store for probes.
    (db) => {
      if (!db.objectStoreNames.contains('probe')) db.createObjectStore('probe');
    },
  ],
  stores: { probe: {} },
};
/** A write waits no longer for the answer (a slow disk, a busy device); a late answer still counts for the next. */
const PROBE_DEADLINE_MS = 10_000;

/**
 * One put, alone in its transaction: WebKit aborts a lone refused Blob cleanly, but a transaction
 * holding other requests beside it was seen never to finish.
 */
async function probeHere(): Promise<boolean | null> {
  const db = await openSchema(SCRATCH, () => {});
  try {
    const tryKeep = async (value: unknown): Promise<WriteOutcome> => {
      const tx = db.transaction('probe', 'readwrite');
      tx.objectStore('probe').put(value, 'probe');
      return idbDone(tx).then(
        () => 'kept' as const,
        () => (tx.error?.name === 'QuotaExceededError' ? 'full' : 'refused'),
      );
    };
    const refused = await decideBlobsRefused(tryKeep);
    db.transaction('probe', 'readwrite').objectStore('probe').delete('probe');
    return refused;
  } finally {
    db.close(); // after the delete: a connection closes once its transactions are done
  }
}

let known: boolean | null = null;
let probing: Promise<boolean> | null = null;

/**
 * Whether this page's IndexedDB refuses Blobs: probed once per page. A probe that cannot run (no
 * IndexedDB, a failed open) or finds no room answers no and is tried again on the next write; one that has not
 * answered in PROBE_DEADLINE_MS answers no for this write, and its own answer, once in, for the next.
 */
export async function blobsRefused(): Promise<boolean> {
  if (known !== null) return known;
  if (!probing) {
    const mine: Promise<boolean> = probeHere()
      .then(
        (refused) => (refused === null ? false : (known = refused)), // no room: asked again next time
        () => false,
      )
      .finally(() => {
        if (probing === mine) probing = null;
      });
    probing = mine;
  }
  return withDeadline(probing, PROBE_DEADLINE_MS).catch(() => false);
}

/** A record as it is to be written here: as given, or with its Blobs as bytes where Blobs are refused. */
export async function forIdb(record: unknown): Promise<unknown> {
  return (await blobsRefused()) ? encodeBlobs(record) : record;
}

/** A record as read back, its Blobs whole again (see decodeBlobs). */
export const fromIdb = decodeBlobs;

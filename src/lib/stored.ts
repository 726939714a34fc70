/**
 * Small values the app keeps in localStorage or sessionStorage (the language, the camera, the
 * beauty look), read back through a schema: a value from an old version, a hand-edited one or a
 * stored `null` is removed and counted, never used. The IndexedDB session has its own record
 * schemas (src/storage/records.ts) and reports to the same count.
 */

export type WebStorageArea = 'local' | 'session';

let repaired = 0;
const listeners = new Set<(count: number) => void>();

/** How many stored records were unreadable and removed since the page loaded. */
export function repairedRecords(): number {
  return repaired;
}

/** Calls `fn` with the new count each time a bad record is removed; returns the unsubscribe. */
export function onRepairedRecords(fn: (count: number) => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/** Counts `n` unreadable records (any kind of storage) that were removed. */
export function noteRepairedRecords(n: number): void {
  if (n <= 0) return;
  repaired += n;
  listeners.forEach((fn) => fn(repaired));
}

function area(which: WebStorageArea): Storage | null {
  try {
    return which === 'local' ? localStorage : sessionStorage;
  } catch {
    return null; // storage blocked (privacy mode): behave as if nothing was saved
  }
}

/**
 * The stored value at `key` if `valid` accepts it (a schema's type guard, such as valibot's
 * `v.is`); null when nothing is stored or storage is blocked. A value that fails is removed and
 * counted. `json`: the value is JSON (else a plain string).
 */
export function readStored<T>(which: WebStorageArea, key: string, valid: (value: unknown) => value is T, json = true): T | null {
  const storage = area(which);
  let raw: string | null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let value: unknown = raw;
  if (json) {
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
  }
  if (valid(value)) return value;
  console.warn(`Stored ${key} could not be read and was removed`);
  try {
    storage?.removeItem(key);
  } catch {
    /* nothing more to do */
  }
  noteRepairedRecords(1);
  return null;
}

/** Stores `value` (as JSON unless `json` is false); a full or blocked storage keeps it for this visit only. */
export function writeStored(which: WebStorageArea, key: string, value: unknown, json = true): void {
  try {
    area(which)?.setItem(key, json ? JSON.stringify(value) : String(value));
  } catch {
    /* blocked or full: the choice still applies for this visit */
  }
}

export function removeStored(which: WebStorageArea, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    /* blocked */
  }
}

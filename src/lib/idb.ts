/**
 * The app's IndexedDB plumbing, shared by every database it keeps (the session, the event gallery,
 * the custom backdrop): requests and transactions as promises whose errors carry their real cause
 * (a full disk is StorageFullError), and each database opened once per page at its schema's
 * version, through its list of migrations (data kept), whatever version another tab left it at.
 */
import { withDeadline } from './deadline';
import { noteBlocked, noteReplaced } from './storageAlert';

export class StorageFullError extends Error {
  override name = 'StorageFullError';
}

/** An IndexedDB error as the app reports it: a quota error is StorageFullError ("full"). */
export function storageError(error: DOMException | Error | null | undefined): Error {
  if (!error) return new Error('IndexedDB request failed');
  return error.name === 'QuotaExceededError' ? new StorageFullError(error.message) : error;
}

/**
 * A failed request's real cause: inside onerror the request's own `error` holds it (the
 * transaction's is still null then), mapped to StorageFullError for a full disk.
 */
export function requestError(req: { error: DOMException | null }): Error {
  return storageError(req.error);
}

export function idbRequest<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(requestError(req));
  });
}

export function idbDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    // A request's error reaches the transaction's onerror as the event's target before tx.error is set.
    const fail = (e: Event) => reject(storageError(tx.error ?? (e.target as IDBRequest | null)?.error));
    tx.onerror = fail;
    tx.onabort = fail;
  });
}

/**
 * A record written by a newer version, in a format this code does not know: its `v` (the record's
 * format; none is format 1) is above `known`. Such a record is left as it is (neither shown nor
 * repaired nor removed) for the version that wrote it; anything else is checked as usual.
 */
export function isNewerFormat(raw: unknown, known: number): boolean {
  if (typeof raw !== 'object' || raw === null) return false;
  const format = (raw as { v?: unknown }).v;
  return typeof format === 'number' && Number.isInteger(format) && format > known;
}

/**
 * A database's schema as a history: `migrations[i]` takes it from version i to version i + 1, so
 * the code's version is `migrations.length`. A migration gets the database, the upgrade's
 * transaction (to reach stores that exist, add an index, rewrite records) and the version the
 * database had before this upgrade; an upgrade from version 1 to 3 runs migrations[1] then [2].
 * A migration that has shipped is never changed or removed: a change is a new one at the end.
 * Records are kept: a migration changes what it must and nothing else.
 */
export type Migration = (db: IDBDatabase, tx: IDBTransaction, oldVersion: number) => void;

/** An object store this code reads and writes: its key path and its indexes (name → key path). */
export interface StoreShape {
  keyPath?: string;
  indexes?: Readonly<Record<string, string>>;
}

export interface DatabaseSchema {
  name: string;
  migrations: readonly Migration[];
  /**
   * What the code uses, checked at every open. A database a newer version upgraded (another tab,
   * or this browser's last visit) is used as it is when it has all of it; one that lacks a store
   * or an index (a newer version dropped it, something else made the database) gets it one
   * version up. Such a database may have skipped a migration: one that rewrites records must
   * therefore leave records the code still reads (their format is in the record: storage/records.ts).
   */
  stores: Readonly<Record<string, StoreShape>>;
}

/** A store, or an index of a store, that a database lacks. */
export interface MissingPart {
  store: string;
  index?: string;
}

/** The migrations (their places in the list) an upgrade from `oldVersion` to `newVersion` runs. */
export function migrationsFor(oldVersion: number, newVersion: number, count: number): number[] {
  const steps: number[] = [];
  for (let i = Math.max(0, oldVersion); i < Math.min(newVersion, count); i++) steps.push(i);
  return steps;
}

/** What the database lacks of `stores`; `indexesOf` gives a store's index names (null: no such store). */
export function missingParts(stores: DatabaseSchema['stores'], indexesOf: (store: string) => readonly string[] | null): MissingPart[] {
  const missing: MissingPart[] = [];
  for (const [store, shape] of Object.entries(stores)) {
    const have = indexesOf(store);
    if (!have) missing.push({ store });
    else for (const index of Object.keys(shape.indexes ?? {})) if (!have.includes(index)) missing.push({ store, index });
  }
  return missing;
}

/** One upgrade: the migrations between the two versions, then whatever `stores` names that is still missing. */
export function runUpgrade(schema: DatabaseSchema, db: IDBDatabase, tx: IDBTransaction, oldVersion: number, newVersion: number): void {
  for (const i of migrationsFor(oldVersion, newVersion, schema.migrations.length)) schema.migrations[i]!(db, tx, oldVersion);
  const indexesOf = (store: string) => (db.objectStoreNames.contains(store) ? Array.from(tx.objectStore(store).indexNames) : null);
  for (const { store, index } of missingParts(schema.stores, indexesOf)) {
    const shape = schema.stores[store]!;
    if (index === undefined) {
      const made = db.createObjectStore(store, shape.keyPath === undefined ? undefined : { keyPath: shape.keyPath });
      for (const [name, keyPath] of Object.entries(shape.indexes ?? {})) made.createIndex(name, keyPath);
    } else {
      tx.objectStore(store).createIndex(index, shape.indexes![index]!);
    }
  }
}

/** What an open database lacks (a read-only look at the index names of its stores). */
function lacking(schema: DatabaseSchema, db: IDBDatabase): MissingPart[] {
  const present = Object.keys(schema.stores).filter((s) => db.objectStoreNames.contains(s));
  const tx = present.length ? db.transaction(present, 'readonly') : null;
  return missingParts(schema.stores, (s) => (tx && present.includes(s) ? Array.from(tx.objectStore(s).indexNames) : null));
}

/**
 * One open request at `version` (undefined: the version the database has). An upgrade another tab
 * holds up ('blocked': it has the database open, at an older version, and has not let go) is
 * waited for, not failed: the request goes on by itself once that tab closes it, and meanwhile
 * the page says so (storageAlert). This page's own connection closes itself when another tab
 * upgrades the database (`onClosed`: open afresh on the next use) and the page says so too.
 */
function request(schema: DatabaseSchema, version: number | undefined, onClosed: () => void): Promise<IDBDatabase> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(schema.name, version);
    let failure: unknown = null;
    const unblocked = () => noteBlocked(schema.name, false);
    req.onblocked = () => noteBlocked(schema.name, true);
    req.onupgradeneeded = (e) => {
      unblocked();
      const tx = req.transaction!;
      try {
        runUpgrade(schema, req.result, tx, e.oldVersion, e.newVersion ?? req.result.version);
      } catch (error) {
        failure = error; // the upgrade is undone: the open fails with an AbortError, reported as this
        tx.abort();
      }
    };
    req.onsuccess = () => {
      unblocked();
      const db = req.result;
      db.onversionchange = (e) => {
        db.close();
        onClosed();
        if (e.newVersion !== null) noteReplaced(); // not when the database is merely deleted
      };
      resolve(db);
    };
    req.onerror = () => {
      unblocked();
      reject(failure ?? storageError(req.error));
    };
  });
}

/**
 * Opens `schema`'s database at the code's version, migrating an older one. One that a newer
 * version has upgraded past it opens as it is (never a VersionError), and one that lacks what
 * `stores` names is upgraded by one version to make it. Rejects when IndexedDB is unavailable
 * (some private modes) or fails; never while an upgrade waits on another tab.
 */
export async function openSchema(schema: DatabaseSchema, onClosed: () => void): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined' || !indexedDB) throw new Error('IndexedDB unavailable');
  let db = await request(schema, schema.migrations.length, onClosed).catch((error: unknown) => {
    if ((error as { name?: string } | null)?.name !== 'VersionError') throw error;
    return request(schema, undefined, onClosed);
  });
  if (!lacking(schema, db).length) return db;
  const next = db.version + 1;
  db.close();
  db = await request(schema, next, onClosed);
  const still = lacking(schema, db);
  if (!still.length) return db;
  db.close();
  throw new Error(`IndexedDB ${schema.name} lacks ${still.map((p) => (p.index ? `${p.store}/${p.index}` : p.store)).join(', ')}`);
}

/** A database opened once per page (again after a failure, or after another tab upgraded it). */
export function databaseOnce(schema: DatabaseSchema): () => Promise<IDBDatabase> {
  let opened: Promise<IDBDatabase> | null = null;
  return () => {
    if (!opened) {
      const mine = openSchema(schema, () => {
        if (opened === mine) opened = null;
      });
      opened = mine;
      mine.catch(() => {
        if (opened === mine) opened = null;
      });
    }
    return opened;
  };
}

/**
 * One request in its own transaction on `store` of the database `open` gives; resolves with its
 * result once the transaction is done, and rejects past `deadlineMs` (an IndexedDB that never
 * answers, seen on broken profiles, must not leave a screen waiting).
 */
export function storeRequest<T>(
  open: () => Promise<IDBDatabase>,
  store: string,
  mode: IDBTransactionMode,
  make: (store: IDBObjectStore) => IDBRequest<T>,
  deadlineMs: number,
): Promise<T> {
  const work = (async () => {
    const tx = (await open()).transaction(store, mode);
    const result = idbRequest(make(tx.objectStore(store)));
    await idbDone(tx);
    return result;
  })();
  return withDeadline(work, deadlineMs);
}

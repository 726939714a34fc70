/**
 * The app's IndexedDB plumbing, shared by every database it keeps (the session, the event gallery,
 * the custom backdrop): requests and transactions as promises whose errors carry their real cause
 * (a full disk is StorageFullError), and a database opened once per page.
 */

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
 * Opens database `name` at `version` (undefined: whatever version exists), `upgrade` making what
 * it lacks. Rejects when IndexedDB is unavailable (some private modes) or blocked. `onClosed` runs
 * when another tab upgrades it (the database is closed; open afresh on the next use).
 */
export function openDatabase(name: string, version: number | undefined, upgrade: (db: IDBDatabase) => void, onClosed: () => void): Promise<IDBDatabase> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined' || !indexedDB) return reject(new Error('IndexedDB unavailable'));
    const req = indexedDB.open(name, version);
    req.onupgradeneeded = () => upgrade(req.result);
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => {
        db.close();
        onClosed();
      };
      resolve(db);
    };
    req.onerror = () => reject(req.error ?? new Error('IndexedDB failed to open'));
    req.onblocked = () => reject(new Error('IndexedDB blocked'));
  });
}

/** A database opened once per page (again after a failure, or after another tab upgraded it). */
export function databaseOnce(name: string, version: number, upgrade: (db: IDBDatabase) => void): () => Promise<IDBDatabase> {
  let opened: Promise<IDBDatabase> | null = null;
  return () => {
    if (!opened) {
      opened = openDatabase(name, version, upgrade, () => (opened = null));
      opened.catch(() => (opened = null));
    }
    return opened;
  };
}

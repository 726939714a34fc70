/**
 * What the page tells the visitor about its databases' upgrades (src/lib/idb.ts), kept apart from
 * the IndexedDB code so the app shell's notice reads it without loading that code:
 *  - 'blocked': an upgrade here waits for another tab, of an older version, to let its database go;
 *  - 'replaced': another tab upgraded a database this page had open (a newer version runs there).
 */
export type StorageAlert = 'blocked' | 'replaced';

const blocked = new Set<string>();
let replaced = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((fn) => fn());

export const storageAlert = {
  /** The alert to show now ('blocked' first: it holds the page up), or null. */
  get(): StorageAlert | null {
    return blocked.size ? 'blocked' : replaced ? 'replaced' : null;
  },
  /** Calls `fn` after each change; returns the unsubscribe. */
  subscribe(fn: () => void): () => void {
    listeners.add(fn);
    return () => void listeners.delete(fn);
  },
};

/** Database `name`'s upgrade is waiting on another tab (true), or no longer (false). */
export function noteBlocked(name: string, waiting: boolean): void {
  if (waiting === blocked.has(name)) return;
  if (waiting) blocked.add(name);
  else blocked.delete(name);
  notify();
}

/** Another tab upgraded a database this page had open (its connection was closed for it). */
export function noteReplaced(): void {
  if (replaced) return;
  replaced = true;
  notify();
}

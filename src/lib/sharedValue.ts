import { readStored, removeStored, writeStored } from './stored';

/**
 * A small value in localStorage that every tab of the site sees and hears change (the `storage`
 * event brings other tabs' writes; this tab's own writes are told to its listeners here). Read
 * through a type guard (src/lib/stored.ts): a damaged value reads as null.
 */
export interface SharedValue<T> {
  read(): T | null;
  write(value: T | null): void;
  /** Calls `fn` after each change, from this tab or another; returns the unsubscribe. */
  subscribe(fn: () => void): () => void;
}

export function sharedValue<T>(key: string, valid: (x: unknown) => x is T): SharedValue<T> {
  const listeners = new Set<() => void>();
  // The last read, by its stored text: a snapshot that stays the same object until the value changes.
  let text: string | null | undefined;
  let value: T | null = null;
  const notify = () => listeners.forEach((fn) => fn());
  const onStorage = (e: StorageEvent) => {
    if (e.key === key || e.key === null) notify();
  };
  return {
    read() {
      let raw: string | null = null;
      try {
        raw = localStorage.getItem(key);
      } catch {
        /* storage blocked: nothing stored */
      }
      if (raw !== text) {
        text = raw;
        value = raw === null ? null : readStored('local', key, valid);
      }
      return value;
    },
    write(next) {
      if (next === null) removeStored('local', key);
      else writeStored('local', key, next);
      notify();
    },
    subscribe(fn) {
      if (!listeners.size && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      listeners.add(fn);
      return () => {
        listeners.delete(fn);
        if (!listeners.size && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
}

import * as v from 'valibot';
import { readStored, removeStored, writeStored } from './stored';

/** jotai's synchronous storage shape (atomWithStorage's third argument). */
export interface SyncStorage<T> {
  getItem(key: string, initial: T): T;
  setItem(key: string, value: T): void;
  removeItem(key: string): void;
}

/**
 * sessionStorage for an atomWithStorage, read back through a schema (src/lib/stored.ts): a value
 * from an older version or a hand-edited one is removed and the default used; what is returned is
 * the schema's output (its defaults filled in), not the raw value.
 */
export function sessionStore<T>(schema: v.GenericSchema<unknown, T>): SyncStorage<T> {
  return {
    getItem: (key, initial) => {
      if (apart) return apart.has(key) ? (apart.get(key) as T) : initial;
      const stored = readStored('session', key, (x): x is unknown => v.is(schema, x));
      return stored === null ? initial : v.parse(schema, stored);
    },
    setItem: (key, value) => (apart ? void apart.set(key, value) : writeStored('session', key, value)),
    removeItem: (key) => (apart ? void apart.delete(key) : removeStored('session', key)),
  };
}

/** While set, these atoms read and write here instead of the tab's sessionStorage. */
let apart: Map<string, unknown> | null = null;

/**
 * Keeps what the session-remembered atoms read and write apart from the tab's sessionStorage until
 * the returned function is called: event mode's guest booth, whose store of its own must neither
 * start from the host's choices (their blur, motion, prop) nor overwrite them. A tab shows one
 * booth at a time, so one switch serves; the values kept apart are dropped when it is undone.
 */
export function keepSessionApart(): () => void {
  const mine = new Map<string, unknown>();
  apart = mine;
  return () => {
    if (apart === mine) apart = null;
  };
}

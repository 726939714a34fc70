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
      const stored = readStored('session', key, (x): x is unknown => v.is(schema, x));
      return stored === null ? initial : v.parse(schema, stored);
    },
    setItem: (key, value) => writeStored('session', key, value),
    removeItem: (key) => removeStored('session', key),
  };
}

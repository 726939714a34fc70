import { describe, expect, it, vi } from 'vitest';
import { migrationsFor, missingParts, runUpgrade, type DatabaseSchema } from '../../src/lib/idb';
import { noteBlocked, noteReplaced, storageAlert } from '../../src/lib/storageAlert';
import { isNewerFormat, PHOTO_FORMAT, SETTINGS_FORMAT } from '../../src/storage/records';
import { SESSION_SCHEMA } from '../../src/storage/sessionStore';

// The migration planner as plain logic (no fake-indexeddb here: IndexedDB itself, a real blocked
// upgrade and a database a newer version left are in tests/e2e/storage-upgrade.spec.ts). The
// database and the upgrade's transaction are stand-ins that record what is made in them.

/** A database of stores (name → index names) as an upgrade sees it, and a log of what was made. */
function upgradeOf(initial: Record<string, string[]>) {
  const stores = new Map(Object.entries(initial).map(([name, indexes]) => [name, new Set(indexes)]));
  const made: string[] = [];
  const names = (set: () => Iterable<string>) => ({
    contains: (n: string) => [...set()].includes(n),
    [Symbol.iterator]: () => [...set()][Symbol.iterator](),
  });
  const store = (name: string) => {
    const indexes = stores.get(name);
    if (!indexes) throw new Error(`NotFoundError: ${name}`);
    return {
      indexNames: names(() => indexes),
      createIndex: (index: string, keyPath: string) => {
        if (indexes.has(index)) throw new Error(`ConstraintError: ${name}/${index}`);
        indexes.add(index);
        made.push(`index ${name}/${index} on ${keyPath}`);
      },
    };
  };
  const db = {
    objectStoreNames: names(() => stores.keys()),
    createObjectStore: (name: string, options?: { keyPath?: string }) => {
      if (stores.has(name)) throw new Error(`ConstraintError: ${name}`);
      stores.set(name, new Set());
      made.push(`store ${name}${options?.keyPath ? ` by ${options.keyPath}` : ''}`);
      return store(name);
    },
  } as unknown as IDBDatabase;
  const tx = { objectStore: store } as unknown as IDBTransaction;
  const shape = () => Object.fromEntries([...stores].map(([name, indexes]) => [name, [...indexes].sort()]));
  return { db, tx, made, shape };
}

describe('which migrations an upgrade runs', () => {
  it('from the old version up to the new, in order, none past the code’s own', () => {
    expect(migrationsFor(0, 3, 3)).toEqual([0, 1, 2]);
    expect(migrationsFor(1, 3, 3)).toEqual([1, 2]);
    expect(migrationsFor(2, 3, 3)).toEqual([2]);
    // An unversioned open of a database deleted meanwhile makes version 1: the first step only.
    expect(migrationsFor(0, 1, 3)).toEqual([0]);
    // A repair one version above a database this code's migrations have all reached (or a newer one's).
    expect(migrationsFor(3, 4, 3)).toEqual([]);
    expect(migrationsFor(7, 8, 3)).toEqual([]);
  });

  it('each migration gets the database, the upgrade’s transaction and the version it had', () => {
    const calls: string[] = [];
    const { db, tx } = upgradeOf({});
    const step = (n: number) => vi.fn((d: IDBDatabase, t: IDBTransaction, old: number) => void calls.push(`${n} from ${old} ${d === db && t === tx}`));
    const schema: DatabaseSchema = { name: 'x', migrations: [step(1), step(2), step(3)], stores: {} };
    runUpgrade(schema, db, tx, 1, 3);
    expect(calls).toEqual(['2 from 1 true', '3 from 1 true']);
  });
});

describe('what a database lacks', () => {
  const stores = { photos: { keyPath: 'id', indexes: { position: 'position', motion: 'motion.fps' } }, settings: {} };
  it('names a missing store, and a missing index of a store that is there', () => {
    expect(missingParts(stores, () => null)).toEqual([{ store: 'photos' }, { store: 'settings' }]);
    expect(missingParts(stores, (s) => (s === 'photos' ? ['position'] : []))).toEqual([{ store: 'photos', index: 'motion' }]);
    expect(missingParts(stores, (s) => (s === 'photos' ? ['motion', 'position', 'byNewerVersion'] : []))).toEqual([]);
  });
});

describe('the session database, version by version', () => {
  it('a new database gets both stores and the photos’ indexes', () => {
    const u = upgradeOf({});
    runUpgrade(SESSION_SCHEMA, u.db, u.tx, 0, SESSION_SCHEMA.migrations.length);
    expect(u.shape()).toEqual({ photos: ['motion', 'position'], settings: [] });
    expect(u.made).toEqual(['store photos by id', 'store settings', 'index photos/position on position', 'index photos/motion on motion.fps']);
  });

  it('version 1 (every version before versions were kept) gets the indexes and keeps its stores', () => {
    const u = upgradeOf({ photos: [], settings: [] });
    runUpgrade(SESSION_SCHEMA, u.db, u.tx, 1, 2);
    expect(u.made).toEqual(['index photos/position on position', 'index photos/motion on motion.fps']);
  });

  it('a database left at a newer version without one of the stores or indexes gets what it lacks, and nothing else', () => {
    // As the earlier code left it when a store was missing (one version up to make it), or a newer
    // version dropped an index: the repair runs no migration, only makes what is missing.
    const u = upgradeOf({ photos: ['position', 'newerIndex'], newerStore: [] });
    runUpgrade(SESSION_SCHEMA, u.db, u.tx, 5, 6);
    expect(u.made).toEqual(['index photos/motion on motion.fps', 'store settings']);
    expect(u.shape()).toEqual({ photos: ['motion', 'newerIndex', 'position'], newerStore: [], settings: [] });
  });

  it('a migration that throws stops the upgrade with its error (the open then fails, nothing half-made is kept)', () => {
    const u = upgradeOf({});
    const schema: DatabaseSchema = {
      name: 'x',
      migrations: [
        () => {
          throw new Error('bad step');
        },
      ],
      stores: {},
    };
    expect(() => runUpgrade(schema, u.db, u.tx, 0, 1)).toThrow('bad step');
  });
});

describe('records of a newer format', () => {
  it('are told apart from this format, older ones and damage', () => {
    expect(isNewerFormat({ v: PHOTO_FORMAT + 1, id: 'a' }, PHOTO_FORMAT)).toBe(true);
    expect(isNewerFormat({ v: 99 }, SETTINGS_FORMAT)).toBe(true);
    // This format, no format at all (as every earlier version wrote), or a garbled one: checked as usual.
    for (const raw of [{ v: PHOTO_FORMAT }, { id: 'a' }, { v: '2' }, { v: 1.5 }, { v: Number.NaN }, null, 'text', undefined, [2]]) {
      expect(isNewerFormat(raw, PHOTO_FORMAT), JSON.stringify(raw)).toBe(false);
    }
  });
});

describe('what the page says about upgrades', () => {
  it('"blocked" while any upgrade waits on another tab, then "replaced" once another tab upgraded', () => {
    const seen: (string | null)[] = [];
    const off = storageAlert.subscribe(() => seen.push(storageAlert.get()));
    expect(storageAlert.get()).toBeNull();
    noteBlocked('a', true);
    noteBlocked('b', true);
    noteBlocked('a', false);
    noteReplaced();
    noteBlocked('b', false);
    noteBlocked('b', false); // no change, no call
    off();
    expect(seen).toEqual(['blocked', 'blocked', 'blocked', 'blocked', 'replaced']);
  });
});

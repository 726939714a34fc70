import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import * as v from 'valibot';
import { readStored, removeStored, writeStored } from '../../lib/stored';
import { BEAUTY_LEVELS, ZERO_LEVELS, type BeautyLevel, type BeautyLevels } from './meta';

/**
 * Remembered for the session (sessionStorage): a reload keeps the look, a new visit starts clean.
 * What is read back goes through a schema (src/lib/stored.ts): a stored `null` level or a value
 * from an older version is removed and the default used.
 */
/** jotai's synchronous storage shape (atomWithStorage's third argument). */
interface SyncStorage<T> {
  getItem(key: string, initial: T): T;
  setItem(key: string, value: T): void;
  removeItem(key: string): void;
}

function sessionStore<T>(schema: v.GenericSchema<unknown, T>): SyncStorage<T> {
  return {
    getItem: (key, initial) => readStored('session', key, (x): x is T => v.is(schema, x)) ?? initial,
    setItem: (key, value) => writeStored('session', key, value),
    removeItem: (key) => removeStored('session', key),
  };
}

const Level = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100));
const LevelsSchema = v.object(Object.fromEntries(BEAUTY_LEVELS.map((k) => [k, Level])) as Record<BeautyLevel, typeof Level>);

export const beautyEnabledAtom = atomWithStorage<boolean>('photobooth.beauty.enabled', false, sessionStore(v.boolean()), {
  getOnInit: true,
});

export const beautyLevelsAtom = atomWithStorage<BeautyLevels>(
  'photobooth.beauty.levels',
  ZERO_LEVELS,
  sessionStore<BeautyLevels>(LevelsSchema),
  { getOnInit: true },
);

/** What the render pipeline reads each frame. */
export const beautySettingsAtom = atom((get) => ({ enabled: get(beautyEnabledAtom), levels: get(beautyLevelsAtom) }));

import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import * as v from 'valibot';
import { sessionStore } from '../../lib/sessionAtom';
import { BLUSH_COLORS, DEFAULT_COLORS, LIP_COLORS, ZERO_LEVELS, type BeautyLevels, type MakeupColors } from './meta';

/**
 * Remembered for the session (sessionStorage): a reload keeps the look, a new visit starts clean.
 * What is read back goes through a schema (src/lib/stored.ts): a stored `null` level or a value
 * from an older version is removed and the default used.
 */
const Level = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100));
// Makeup and whitening came later: levels saved before them read back with those at 0.
const LevelsSchema = v.object({
  smooth: Level,
  brightness: Level,
  enhance: Level,
  slim: Level,
  eyes: Level,
  lips: v.optional(Level, 0),
  blush: v.optional(Level, 0),
  teeth: v.optional(Level, 0),
  eyeWhites: v.optional(Level, 0),
});
const ColorsSchema = v.object({
  lips: v.picklist(Object.keys(LIP_COLORS) as (keyof typeof LIP_COLORS)[]),
  blush: v.picklist(Object.keys(BLUSH_COLORS) as (keyof typeof BLUSH_COLORS)[]),
});

export const beautyEnabledAtom = atomWithStorage<boolean>('photobooth.beauty.enabled', false, sessionStore(v.boolean()), {
  getOnInit: true,
});

export const beautyLevelsAtom = atomWithStorage<BeautyLevels>(
  'photobooth.beauty.levels',
  ZERO_LEVELS,
  sessionStore<BeautyLevels>(LevelsSchema),
  { getOnInit: true },
);

export const makeupColorsAtom = atomWithStorage<MakeupColors>(
  'photobooth.beauty.colors',
  DEFAULT_COLORS,
  sessionStore<MakeupColors>(ColorsSchema),
  { getOnInit: true },
);

/** What the render pipeline reads each frame. */
export const beautySettingsAtom = atom((get) => ({
  enabled: get(beautyEnabledAtom),
  levels: get(beautyLevelsAtom),
  colors: get(makeupColorsAtom),
}));

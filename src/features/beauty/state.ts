import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { ZERO_LEVELS, type BeautyLevels } from './meta';

// Remembered for the session (sessionStorage): a reload keeps the look, a new visit starts clean.
const sessionJson = <T,>() => createJSONStorage<T>(() => sessionStorage);

export const beautyEnabledAtom = atomWithStorage<boolean>('photobooth.beauty.enabled', false, sessionJson<boolean>(), {
  getOnInit: true,
});

export const beautyLevelsAtom = atomWithStorage<BeautyLevels>(
  'photobooth.beauty.levels',
  ZERO_LEVELS,
  sessionJson<BeautyLevels>(),
  { getOnInit: true },
);

/** What the render pipeline reads each frame. */
export const beautySettingsAtom = atom((get) => ({ enabled: get(beautyEnabledAtom), levels: get(beautyLevelsAtom) }));

import { atom } from 'jotai';
import { DEFAULT_FILTER_ID } from '../filters/registry';
import type { LightLevel } from '../vision/types';

/** The chosen filter (registry id); feeds the filter pass's shader. */
export const filterIdAtom = atom<string>(DEFAULT_FILTER_ID);
/** The preview is mirrored by default, like a mirror; photos are not unless chosen. */
export const mirrorPreviewAtom = atom(true);
export const mirrorPhotosAtom = atom(false);

export const SHOT_COUNTS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const COUNTDOWN_CHOICES = [0, 3, 5, 10] as const;
export type CountdownSeconds = (typeof COUNTDOWN_CHOICES)[number];

export const shotCountAtom = atom(4);
export const countdownAtom = atom<CountdownSeconds>(3);
/** The shutter sound (the visitor can mute it). */
export const shutterSoundAtom = atom(true);

export interface LightReading {
  level: LightLevel;
  meanLuma: number;
}
/** Latest light reading from the preview, or null before the first one. */
export const lightAtom = atom<LightReading | null>(null);

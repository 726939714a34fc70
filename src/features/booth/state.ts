import { atom } from 'jotai';
import type { LightLevel } from '../vision/types';
import { DEFAULT_COUNTDOWN, DEFAULT_MIRROR_PHOTOS, DEFAULT_MIRROR_PREVIEW, DEFAULT_SHOT_COUNT, type CountdownSeconds } from './meta';
import type { PreviewRenderer } from './renderer/previewRenderer';

export const mirrorPreviewAtom = atom(DEFAULT_MIRROR_PREVIEW);
export const mirrorPhotosAtom = atom(DEFAULT_MIRROR_PHOTOS);
export const shotCountAtom = atom(DEFAULT_SHOT_COUNT);
export const countdownAtom = atom<CountdownSeconds>(DEFAULT_COUNTDOWN);
/** The shutter sound (the visitor can mute it). */
export const shutterSoundAtom = atom(true);

export interface LightReading {
  level: LightLevel;
  meanLuma: number;
}
/** Latest light reading from the preview, or null before the first one. */
export const lightAtom = atom<LightReading | null>(null);

/** The live preview's renderer while the booth shows it (the capture sequence shoots through it). */
export const boothRendererAtom = atom<PreviewRenderer | null>(null);

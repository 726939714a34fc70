import type { LightLevel } from './types';

/** Mean luma (0–255) below this is low light; above BRIGHT_ABOVE is over-exposed. */
export const LOW_BELOW = 60;
export const BRIGHT_ABOVE = 170;

export function classifyLight(meanLuma: number): LightLevel {
  if (meanLuma < LOW_BELOW) return 'low';
  if (meanLuma > BRIGHT_ABOVE) return 'bright';
  return 'normal';
}

/** The filter the booth suggests for each light level (ids from src/filters/registry.ts). */
export const RECOMMENDED_FILTER: Record<LightLevel, string> = {
  low: 'bright',
  normal: 'portrait-enhance',
  bright: 'film-look',
};

/** Mean Rec.601 luma (0–255) of RGBA pixels. */
export function meanLuma(rgba: Uint8Array | Uint8ClampedArray): number {
  let sum = 0;
  const n = rgba.length >> 2;
  for (let i = 0; i < rgba.length; i += 4) sum += 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
  return n ? sum / n : 0;
}

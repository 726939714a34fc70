/**
 * A photo that came out black while the preview showed a picture: some engines hand back a black
 * frame from one way of reading the camera and the real picture from another (WebKit's 2D
 * drawImage of a <video>, for one). Judged on a few pixels, never on the engine's name.
 */

/** A picture whose brightest sampled pixel is no brighter than this (luma, 0–255) is black. */
export const BLACK_MAX_LUMA = 8;
/** The preview showed a picture when its brightest (downscaled) pixel reached this. */
export const LIT_MAX_LUMA = 24;

/** The photo read black through every way this engine has, while the preview was not: nothing is kept. */
export class PhotoReadBlackError extends Error {
  override readonly name = 'PhotoReadBlackError';
  constructor() {
    super('The photo read black while the preview showed a picture');
  }
}

/** The brightest luma among about `samples` pixels spread over an RGBA picture. */
export function brightestLuma(rgba: Uint8ClampedArray, samples = 4096): number {
  const pixels = rgba.length >> 2;
  const step = Math.max(1, Math.floor(pixels / samples));
  let max = 0;
  for (let p = 0; p < pixels; p += step) {
    const i = p << 2;
    const y = 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
    if (y > max) max = y;
  }
  return max;
}

export const readsBlack = (rgba: Uint8ClampedArray): boolean => brightestLuma(rgba) <= BLACK_MAX_LUMA;

/**
 * Whether a black photo contradicts the preview: it was lit, or its light was not measured lately
 * (a photo is kept black only when the preview was known to be dark too).
 */
export const previewWasLit = (previewBrightest: number | null): boolean => previewBrightest === null || previewBrightest >= LIT_MAX_LUMA;

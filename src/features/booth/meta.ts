/** The booth's data: shot counts, countdowns and their defaults, the live preview's size caps. Keys live in ./actions.ts. */

export const SHOT_COUNTS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const DEFAULT_SHOT_COUNT = 4;
export const COUNTDOWN_CHOICES = [0, 3, 5, 10] as const;
export type CountdownSeconds = (typeof COUNTDOWN_CHOICES)[number];
export const DEFAULT_COUNTDOWN: CountdownSeconds = 3;
/** How long the flash shows after each shot. */
export const FLASH_MS = 250;
/** The preview is mirrored by default, like a mirror; photos are not unless chosen. */
export const DEFAULT_MIRROR_PREVIEW = true;
export const DEFAULT_MIRROR_PHOTOS = false;

/** Device pixel ratio cap: sharper than this costs GPU time nobody sees. */
export const MAX_DPR = 2;
/**
 * On a slow (software) GPU, found by the upload probe, the preview's backing store is also capped
 * at this many pixels: a phone's tall preview at DPR 2 is 2.5× a laptop's, and every pass costs
 * per pixel. Photos are unaffected (they render at the camera's resolution).
 */
export const SLOW_GPU_MAX_PIXELS = 250_000;

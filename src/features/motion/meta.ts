/** Motion's data: how a burst is sampled and kept, and the sizes and formats it is exported at. */

/** Frames per second of a burst and of everything made from it. */
export const MOTION_FPS = 15;
/** Frames kept before the shutter (when a countdown announces it) and after it: 11 + 1 + 11 at 15 fps ≈ 1.5 s. */
export const FRAMES_BEFORE = 11;
export const FRAMES_AFTER = 11;
export const BURST_FRAMES = FRAMES_BEFORE + 1 + FRAMES_AFTER;
/** A burst's long side in pixels (the short side follows the camera, rounded to even for H.264). */
export const MOTION_LONG_SIDE = 720;
/** The moving strip's long side in pixels. */
export const STRIP_LONG_SIDE = 1280;
/**
 * Each burst frame is kept as a JPEG as it comes (≈ 30–60 KB at 720 px, against 1.2 MB as a
 * bitmap): eight shots of motion stay under ~10 MB, and a burst is decoded only where it plays.
 */
export const FRAME_QUALITY = 0.85;
/**
 * The preview is read at most this often while a burst records (frames in between are skipped):
 * enough to fill every 15 fps slot with a fresh frame.
 */
export const RECORD_EVERY_MS = 1000 / 30;
/** How long after the shutter a burst gives up waiting for preview frames (a stalled camera). */
export const BURST_TIMEOUT_MS = 4000;

export const MOTION_FORMATS = ['mp4', 'gif'] as const;
export type MotionFormat = (typeof MOTION_FORMATS)[number];

/** Why motion (or its MP4) cannot be made in this browser; each has a string under booth.motionWhy / motion.mp4Why. */
export type MotionUnavailable = 'noWorkerCanvas' | 'noWebgl';
export type Mp4Unavailable = 'noWebCodecs' | 'noH264';

/** The nearest even whole number, at least 2 (H.264 encodes only even sides). */
const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);

/**
 * The size an H.264 frame of `width` × `height` is encoded at: each side down to even (at least 2),
 * so a picture of odd size loses at most its last column or row. Every MP4 frame size goes through it.
 */
export function h264Size(width: number, height: number): { width: number; height: number } {
  const down = (v: number) => Math.max(2, Math.floor(v / 2) * 2);
  return { width: down(width), height: down(height) };
}

/** Even dimensions with the camera's aspect and `longSide` on its long side. */
export function motionSize(width: number, height: number, longSide = MOTION_LONG_SIDE): { width: number; height: number } {
  return width >= height
    ? { width: even(longSide), height: even((longSide * height) / width) }
    : { width: even((longSide * width) / height), height: even(longSide) };
}

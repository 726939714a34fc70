import { atom } from 'jotai';

/** One photo taken in the booth: the encoded image (never a data URL) and what made it. */
export interface CapturedPhoto {
  id: string;
  /** Encoded JPEG at the camera's full resolution, filter and beauty baked in. */
  blob: Blob;
  width: number;
  height: number;
  /** Filter id from the filter registry, for labels and for retakes. */
  filterId: string;
  takenAt: number;
  /** Where the faces are in the photo (0..1; absent when none was found): strips crop around it. */
  focus?: { x: number; y: number };
  /** The burst around the shutter when motion was on (src/features/motion): a boomerang of it loops. */
  motion?: MotionClip;
}

/**
 * A short burst of what the preview showed around one shot, at a fixed frame rate: each frame a
 * small JPEG (the same Blob may fill several slots where the preview drew fewer frames than the
 * rate). The frame at `shutterIndex` is the still photo itself, downscaled.
 */
export interface MotionClip {
  frames: Blob[];
  fps: number;
  width: number;
  height: number;
  shutterIndex: number;
}

/** The captured photos, shared by the booth (writes) and the preview (reads). Starts empty. */
export const capturedPhotosAtom = atom<CapturedPhoto[]>([]);

/**
 * Ids of photos taken but not yet written to IndexedDB. The booth shows a photo's thumbnail only
 * once it is written (or once storage is known to be out of reach), so a reload or a closed tab
 * the instant a thumbnail appears keeps the photo (src/storage/saving.ts clears the ids).
 */
export const unsavedPhotoIdsAtom = atom<ReadonlySet<string>>(new Set<string>());

/** Ids of saved photos whose bytes cannot be decoded (found when the session is read back). */
export const unreadablePhotosAtom = atom<ReadonlySet<string>>(new Set<string>());

/**
 * The photos the strip, its JPG and ZIP and the motion exports use: every captured photo but the
 * unreadable ones (the preview names those, with a way to remove them).
 */
export const readablePhotosAtom = atom((get) => {
  const all = get(capturedPhotosAtom);
  const bad = get(unreadablePhotosAtom);
  return bad.size ? all.filter((p) => !bad.has(p.id)) : all;
});

/**
 * The moving strip while the preview plays it (made by src/features/motion, shown by the strip
 * preview over its still): an object URL of the very file a save would write, and its type.
 */
export const movingStripAtom = atom<{ url: string; type: string } | null>(null);

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
}

/** The captured photos, shared by the booth (writes) and the preview (reads). Starts empty. */
export const capturedPhotosAtom = atom<CapturedPhoto[]>([]);

import { atom } from 'jotai';
import type { TrackerStatus } from './faceTracker';

/** What the booth knows of face tracking, as plain data (published by the booth session). */
export interface FaceTracking {
  status: TrackerStatus;
  /** Whether the live picture has a face ('unknown' until the first live result). */
  faces: 'unknown' | 'face' | 'none';
  /** "faces×points" of the latest live result, e.g. "1x478" ('' before one). */
  shape: string;
}

export const NO_TRACKING: FaceTracking = { status: { state: 'idle' }, faces: 'unknown', shape: '' };

export const faceTrackingAtom = atom<FaceTracking>(NO_TRACKING);

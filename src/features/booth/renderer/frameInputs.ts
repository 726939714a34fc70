import { store } from '../../../state/store';
import { needsFaces } from '../../beauty/meta';
import type { BeautyInputs } from '../../beauty/stage';
import { beautySettingsAtom } from '../../beauty/state';
import { faceTracker } from '../../vision/faceTracker';

/** What the booth's stages read per frame (each feature's stage declares its part). */
export type BoothInputs = BeautyInputs;

/**
 * A preview frame's inputs: the settings in the store now, and the latest smoothed landmarks (this
 * frame is offered to the landmarker when an effect needs faces).
 */
export function previewInputs(video: HTMLVideoElement, timestamp: number): BoothInputs {
  const beauty = store.get(beautySettingsAtom);
  if (!needsFaces(beauty)) return { faces: [], beauty };
  faceTracker.offerLiveFrame(video, timestamp);
  return { faces: faceTracker.getLiveFaces().faces, beauty };
}

/** A capture's inputs: the settings at the shutter, landmarks found on the full-resolution still. */
export async function captureInputs(still: ImageBitmap): Promise<BoothInputs> {
  const beauty = store.get(beautySettingsAtom);
  const faces = needsFaces(beauty) ? await faceTracker.detectStill(still).catch(() => []) : [];
  return { faces, beauty };
}

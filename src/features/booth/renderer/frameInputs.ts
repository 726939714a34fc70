import { store } from '../../../state/store';
import { needsFaces } from '../../beauty/meta';
import type { BeautyInputs } from '../../beauty/stage';
import { NO_PROP } from '../../props/meta';
import type { PropsInputs } from '../../props/stage';
import { propIdAtom } from '../../props/state';
import { beautySettingsAtom } from '../../beauty/state';
import { faceTracker } from '../../vision/faceTracker';
import type { FaceLandmarks } from '../../vision/types';

/** What the booth's stages read per frame (each feature's stage declares its part). */
export type BoothInputs = BeautyInputs & PropsInputs;

/**
 * A preview frame's inputs: the settings in the store now, and the latest smoothed landmarks (this
 * frame is offered to the landmarker when an effect needs faces).
 */
export function previewInputs(video: HTMLVideoElement, timestamp: number): BoothInputs {
  const beauty = store.get(beautySettingsAtom);
  const prop = store.get(propIdAtom);
  if (!needsFaces(beauty) && prop === NO_PROP) return { faces: [], propFaces: [], beauty, prop };
  faceTracker.offerLiveFrame(video, timestamp);
  const faces = faceTracker.getLiveFaces().faces;
  return { faces, propFaces: faces, beauty, prop };
}

/**
 * A capture's inputs: the settings at the shutter, landmarks found on the full-resolution still
 * (whenever the model is loaded: the retouch uses them, and the strip crops around the faces).
 */
export async function captureInputs(still: ImageBitmap): Promise<BoothInputs> {
  const beauty = store.get(beautySettingsAtom);
  const prop = store.get(propIdAtom);
  // The prop goes where the preview had it at the shutter (the live landmarks it was drawn with);
  // the retouch uses the still's own landmarks, found at full resolution.
  const shown = faceTracker.getLiveFaces().faces;
  const faces = await faceTracker.detectStill(still).catch(() => []);
  return { faces, propFaces: prop !== NO_PROP && shown.length ? shown : faces, beauty, prop };
}

/** The centre of the faces' box in a photo (0..1, x mirrored when the photo is), or undefined. */
export function facesFocus(faces: FaceLandmarks[] | undefined, mirrored: boolean): { x: number; y: number } | undefined {
  const points = (faces ?? []).flat();
  if (!points.length) return undefined;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = (Math.min(...xs) + Math.max(...xs)) / 2;
  const y = (Math.min(...ys) + Math.max(...ys)) / 2;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return { x: clamp(mirrored ? 1 - x : x), y: clamp(y) };
}

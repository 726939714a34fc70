import type { Pipeline } from '../../../gl/pipeline';
import { throwIfAborted } from '../../../lib/deadline';
import { filterPass } from '../../filters/pass';
import { facesForPhoto } from '../../vision/shotFaces';
import type { FaceLandmarks } from '../../vision/types';
import type { BoothStage, Look, ShotInputs, StageInputs } from '../stages';
import { capturePlain, captureWithPipeline, firstFrame, type CapturedImage } from './capture';
import { photoInputs } from './stageInputs';

/** What a photo is: the image, and the faces its stages used (the strip crops around them). */
export type ShotImage = CapturedImage & { faces: FaceLandmarks[] };

export interface ShotParts {
  look: Look;
  /** What the still holds for the stages (its faces, its person mask). */
  shotFor: (still: ImageBitmap) => Promise<ShotInputs>;
  stages: readonly BoothStage[];
  /** The preview's light as last measured (read once, at the shutter). */
  previewBrightest: () => number | null;
  /** False once the renderer is gone. */
  alive: () => boolean;
  signal?: AbortSignal;
}

/**
 * One photo at the camera's full resolution: through `pipeline`'s stages and the look's final
 * pass where there is one (null: no WebGL, or a lost context), else the camera frame as it is.
 */
export async function takeShot(video: HTMLVideoElement, pipeline: Pipeline<StageInputs> | null, parts: ShotParts): Promise<ShotImage> {
  const { look, signal } = parts;
  // A shutter pressed the moment the camera came back (a return to the booth): its first frame.
  if (!video.videoWidth || !video.videoHeight) await firstFrame(video, signal);
  throwIfAborted(signal);
  if (!video.videoWidth || !video.videoHeight) throw new Error('No camera frame to capture');
  if (pipeline) {
    let faces: FaceLandmarks[] = [];
    const inputsFor = async (still: ImageBitmap) => {
      const found = await parts.shotFor(still);
      faces = facesForPhoto(found.faces);
      return photoInputs(look, found, parts.stages);
    };
    const light = parts.previewBrightest();
    const photo = await captureWithPipeline(pipeline, video, inputsFor, filterPass(look.filterId, look.mirror), parts.alive, light, signal);
    if (photo) return { ...photo, faces };
  }
  return { ...(await capturePlain(video, look.mirror, signal)), faces: [] };
}

import { isAborted } from '../../../lib/deadline';
import type { CapturedPhoto } from '../../../state/session';
import type { FaceTracker } from '../../vision/faceTracker';
import type { FaceLandmarks } from '../../vision/types';
import type { ShotFaces } from '../../vision/shotFaces';
import type { PreviewRenderer } from '../renderer/previewRenderer';
import { lookNeedsFaces, lookNeedsMask } from '../renderer/stageInputs';
import { STAGES, type Look, type ShotInputs } from '../stages';
import type { SegmentDemand } from './segmentDemand';

export interface ShotDeps {
  renderer: PreviewRenderer;
  /** The face tracker while the session holds one. */
  tracker: FaceTracker | null;
  /** The person segmenter (the still's own mask, for a background). */
  masks: Pick<SegmentDemand, 'forStill'>;
  /** The look in the store now (read once, at the shutter). */
  readLook(): Look;
  /** The still's faces did not come in time (or the tracker failed): the photo went on without them. */
  onFacesLate(): void;
  /** The still's person mask did not come in time: the photo went on with the preview's last one, or none. */
  onMaskLate(): void;
}

/**
 * One photo: the look read once at the shutter; the still searched for faces (with a deadline:
 * a tracker that does not answer never holds the shutter); the stages get the still's faces and,
 * where the still missed one, the preview's (stages.ts), and its person mask. Whole or it throws.
 */
export async function takeShot(deps: ShotDeps, index: number, signal: AbortSignal): Promise<CapturedPhoto> {
  const look = deps.readLook();
  const { tracker } = deps;
  // The faces the preview drew its effects on at this moment.
  const shown = tracker && lookNeedsFaces(look, STAGES) ? tracker.getLiveFaces().faces : [];
  const facesFor = async (still: ImageBitmap): Promise<ShotFaces> => {
    if (!tracker?.isReady) return { still: [], shown };
    try {
      return { still: await tracker.detectStill(still, signal), shown };
    } catch (error) {
      if (isAborted(error)) throw error;
      deps.onFacesLate();
      return { still: [], shown };
    }
  };
  // The still's faces and its person mask are found side by side.
  const needsMask = lookNeedsMask(look, STAGES);
  const shotFor = async (still: ImageBitmap): Promise<ShotInputs> => {
    const [faces, mask] = await Promise.all([facesFor(still), needsMask ? deps.masks.forStill(still, signal, deps.onMaskLate) : null]);
    return { faces, mask };
  };
  const image = await deps.renderer.capture(look, shotFor, signal);
  return {
    id: `${Date.now().toString(36)}-${index}-${Math.random().toString(36).slice(2, 8)}`,
    blob: image.blob,
    width: image.width,
    height: image.height,
    filterId: look.filterId,
    takenAt: Date.now(),
    focus: facesFocus(image.faces, look.mirror),
  };
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

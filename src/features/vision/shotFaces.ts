import { sameBox, type Crop } from './faceCrops';
import type { FaceLandmarks } from './types';

/**
 * What is known of the faces in a photo: those found on the full-resolution still, and those the
 * preview showed (and drew its effects on) at the shutter. Each stage picks what it needs.
 */
export interface ShotFaces {
  still: FaceLandmarks[];
  shown: FaceLandmarks[];
}

/** A face's box from its landmarks (normalised to the frame). */
function boxOf(face: FaceLandmarks): Crop {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of face) {
    x0 = Math.min(x0, p.x);
    x1 = Math.max(x1, p.x);
    y0 = Math.min(y0, p.y);
    y1 = Math.max(y1, p.y);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** Whether two faces of one photo are the same face (the rule the worker's tracking uses: faceCrops `sameBox`). */
export function isSameFace(a: FaceLandmarks, b: FaceLandmarks): boolean {
  return a.length > 0 && b.length > 0 && sameBox(boxOf(a), boxOf(b));
}

/**
 * The faces a photo's retouch uses: every face found on the still, plus each face the preview
 * showed that the still missed (its live landmarks), so no retouch the visitor saw is silently lost.
 */
export function facesForPhoto({ still, shown }: ShotFaces): FaceLandmarks[] {
  return [...still, ...shown.filter((face) => !still.some((s) => isSameFace(s, face)))];
}

import type { FaceLandmarks } from './types';

/**
 * What is known of the faces in a photo: those found on the full-resolution still, and those the
 * preview showed (and drew its effects on) at the shutter. Each stage picks what it needs.
 */
export interface ShotFaces {
  still: FaceLandmarks[];
  shown: FaceLandmarks[];
}

function centreAndSize(face: FaceLandmarks) {
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
  return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, size: Math.max(x1 - x0, y1 - y0) };
}

/** Whether two faces (normalised landmarks of the same frame shape) are the same face: centres within half a face. */
export function isSameFace(a: FaceLandmarks, b: FaceLandmarks): boolean {
  if (!a.length || !b.length) return false;
  const ca = centreAndSize(a);
  const cb = centreAndSize(b);
  return Math.hypot(ca.x - cb.x, ca.y - cb.y) < 0.5 * Math.max(ca.size, cb.size);
}

/**
 * The faces a photo's retouch uses: every face found on the still, plus each face the preview
 * showed that the still missed (its live landmarks), so no retouch the visitor saw is silently lost.
 */
export function facesForPhoto({ still, shown }: ShotFaces): FaceLandmarks[] {
  return [...still, ...shown.filter((face) => !still.some((s) => isSameFace(s, face)))];
}

/** Landmarks + levels → the few numbers the beauty shader needs (pure, unit-tested). */
import type { FaceLandmarks } from '../vision/types';
import { EYES, FACE_OVAL, meshFaces } from './faceRegions';
import type { BeautyLevels } from './meta';
import { MAX_FACES } from '../vision/meta';

/** At level 100 an eye's centre is magnified by 1 / (1 - EYE_MAX_MAGNIFY). */
export const EYE_MAX_MAGNIFY = 0.3;
/** Radius of the eye magnification, in eye widths. */
export const EYE_RADIUS_IN_WIDTHS = 1.1;
/** Two eyes a face, for every face tracked (the shader's u_eyes array has this size). */
export const MAX_EYES = 2 * MAX_FACES;

export interface EyeUniforms {
  u_eyeCount: number;
  u_eyes: Float32Array; // vec4[MAX_EYES]
}

type Pt = { x: number; y: number };

/** A landmark in output pixels with y up (texture space: uv (x, 1 - y)). */
const px = (p: Pt | undefined, w: number, h: number): Pt => ({ x: (p?.x ?? 0) * w, y: (1 - (p?.y ?? 0)) * h });
const dist = (a: Pt, b: Pt) => Math.hypot(a.x - b.x, a.y - b.y);

/** Eye enlarge: a radial magnification per eye, kept inside the eye's own neighbourhood. */
export function eyeUniforms(faces: FaceLandmarks[], levels: BeautyLevels, width: number, height: number): EyeUniforms {
  const u: EyeUniforms = { u_eyeCount: 0, u_eyes: new Float32Array(MAX_EYES * 4) };
  const eyes = levels.eyes / 100;
  if (eyes <= 0) return u;
  for (const face of meshFaces(faces)) {
    const P = (i: number) => px(face[i], width, height);
    for (const eye of EYES) {
      const width = dist(P(eye.outer), P(eye.inner));
      const centre = face.length > eye.iris ? P(eye.iris) : mid(P(eye.outer), P(eye.inner));
      u.u_eyes.set([centre.x, centre.y, width * EYE_RADIUS_IN_WIDTHS, eyes * EYE_MAX_MAGNIFY], u.u_eyeCount * 4);
      u.u_eyeCount++;
    }
  }
  return u;
}

const mid = (a: Pt, b: Pt): Pt => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * The union of the faces' areas of effect in output pixels (y up) as min.xy, max.xy: the oval's
 * bounding box grown by half the face width (the slim mesh's pinned ring, the eye radius and the
 * blush stay inside it).
 * Without faces the box is empty, so the shader skips all face work.
 */
export function faceBox(faces: FaceLandmarks[], width: number, height: number): [number, number, number, number] {
  let box: [number, number, number, number] = [1, 1, 0, 0];
  for (const face of meshFaces(faces)) {
    const xs = FACE_OVAL.map((i) => (face[i]?.x ?? 0) * width);
    const ys = FACE_OVAL.map((i) => (1 - (face[i]?.y ?? 0)) * height);
    const grow = (Math.max(...xs) - Math.min(...xs)) * 0.5;
    const b: [number, number, number, number] = [
      Math.min(...xs) - grow,
      Math.min(...ys) - grow,
      Math.max(...xs) + grow,
      Math.max(...ys) + grow,
    ];
    box = box[0] > box[2] ? b : [Math.min(box[0], b[0]), Math.min(box[1], b[1]), Math.max(box[2], b[2]), Math.max(box[3], b[3])];
  }
  return box;
}

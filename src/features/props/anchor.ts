/**
 * Where a prop's parts go on a face (pure maths, unit-tested): landmarks in, for each part an
 * affine map from image pixels to the part's art (0..1 across and down) out. The prop turns with
 * the head's roll (the eye line) and scales with the face's width.
 */
import type { FaceLandmarks } from '../vision/types';
import { MAX_FACES } from '../vision/meta';
import { ANCHORS, type PropDef, type PropPart } from './meta';

/** The face's own axes in image pixels: x along the eye line (image left to right), y down the face; `unit` its width. */
export interface FaceAxes {
  ex: [number, number];
  ey: [number, number];
  unit: number;
}

/**
 * A part placed on one face: an image pixel p lands at art coordinates
 * (dot(p − origin, axisU), dot(p − origin, axisV)), inside the art where both are in 0..1.
 */
export interface Sprite {
  /** The art's top-left corner, image pixels. */
  origin: [number, number];
  axisU: [number, number];
  axisV: [number, number];
  /** Which of the prop's parts. */
  part: number;
}

const px = (face: FaceLandmarks, i: number, w: number, h: number): [number, number] => [face[i]!.x * w, face[i]!.y * h];

export function faceAxes(face: FaceLandmarks, w: number, h: number): FaceAxes | undefined {
  if (face.length < 468) return undefined;
  // 33: the outer corner of the eye on the image's left; 263: the other one. 234/454: the cheeks' edges.
  const [ax, ay] = px(face, 33, w, h);
  const [bx, by] = px(face, 263, w, h);
  const len = Math.hypot(bx - ax, by - ay);
  const [cx, cy] = px(face, 234, w, h);
  const [dx, dy] = px(face, 454, w, h);
  const unit = Math.hypot(dx - cx, dy - cy);
  if (len < 1 || unit < 1) return undefined;
  const ex: [number, number] = [(bx - ax) / len, (by - ay) / len];
  // A quarter turn clockwise in image coordinates (y down): from the eye line to down the face.
  return { ex, ey: [-ex[1], ex[0]], unit };
}

export function placePart(face: FaceLandmarks, part: PropPart, index: number, w: number, h: number): Sprite | undefined {
  const axes = faceAxes(face, w, h);
  if (!axes) return undefined;
  const { ex, ey, unit } = axes;
  const width = part.width * unit;
  const height = width * part.aspect;
  const [ax, ay] = px(face, ANCHORS[part.anchor], w, h);
  // The pivot's place: the anchor moved by the offset along the face's axes.
  const ox = part.offset[0] * unit;
  const oy = part.offset[1] * unit;
  const pivotX = ax + ex[0] * ox + ey[0] * oy;
  const pivotY = ay + ex[1] * ox + ey[1] * oy;
  // Back from the pivot to the art's top-left corner.
  const bx = part.pivot[0] * width;
  const by = part.pivot[1] * height;
  return {
    origin: [pivotX - ex[0] * bx - ey[0] * by, pivotY - ex[1] * bx - ey[1] * by],
    axisU: [ex[0] / width, ex[1] / width],
    axisV: [ey[0] / height, ey[1] / height],
    part: index,
  };
}

/** Every part of the prop on every face (as many as the landmarker follows), in image pixels of a w×h frame. */
export function propSprites(faces: readonly FaceLandmarks[], prop: PropDef | undefined, w: number, h: number): Sprite[] {
  if (!prop) return [];
  return faces.slice(0, MAX_FACES).flatMap((face) =>
    prop.parts.flatMap((part, i) => {
      const s = placePart(face, part, i, w, h);
      return s ? [s] : [];
    }),
  );
}

/**
 * A sprite's art box in image pixels: its corners at art (0,0), (1,0), (0,1), (1,1). The axes are
 * perpendicular, so each is its art axis over its squared length.
 */
export function spriteCorners(s: Sprite): [number, number][] {
  const lu = s.axisU[0] ** 2 + s.axisU[1] ** 2;
  const lv = s.axisV[0] ** 2 + s.axisV[1] ** 2;
  const U = [s.axisU[0] / lu, s.axisU[1] / lu];
  const V = [s.axisV[0] / lv, s.axisV[1] / lv];
  const at = (u: number, v: number): [number, number] => [s.origin[0] + u * U[0]! + v * V[0]!, s.origin[1] + u * U[1]! + v * V[1]!];
  return [at(0, 0), at(1, 0), at(0, 1), at(1, 1)];
}

/** Where an image pixel lands in a sprite's art (0..1 inside it). */
export function artCoords(s: Sprite, x: number, y: number): [number, number] {
  const dx = x - s.origin[0];
  const dy = y - s.origin[1];
  return [dx * s.axisU[0] + dy * s.axisU[1], dx * s.axisV[0] + dy * s.axisV[1]];
}

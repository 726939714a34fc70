import type { FaceLandmarks } from '../vision/types';
import { MAX_FACES } from '../vision/meta';

/** Points of the face mesh every beauty region needs (the 478-point model adds the irises). */
export const FACE_MESH_POINTS = 468;

/** The faces the beauty passes work on: at most MAX_FACES, each with a whole mesh. */
export function meshFaces(faces: FaceLandmarks[]): FaceLandmarks[] {
  return faces.slice(0, MAX_FACES).filter((f) => f.length >= FACE_MESH_POINTS);
}

/**
 * MediaPipe Face Mesh landmark indices the beauty passes use (478-point model with irises).
 * Rings are ordered around the outline, so a triangle fan from their centre fills them.
 */
export const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150,
  136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
];
/** Eyes, brows and lips: cut out of the skin mask so they keep their crisp edges. */
export const RIGHT_EYE_RING = [33, 246, 161, 160, 159, 158, 157, 173, 133, 155, 154, 153, 145, 144, 163, 7];
export const LEFT_EYE_RING = [362, 398, 384, 385, 386, 387, 388, 466, 263, 249, 390, 373, 374, 380, 381, 382];
export const RIGHT_BROW_RING = [70, 63, 105, 66, 107, 55, 65, 52, 53, 46];
export const LEFT_BROW_RING = [300, 293, 334, 296, 336, 285, 295, 282, 283, 276];
export const LIPS_RING = [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291, 375, 321, 405, 314, 17, 84, 181, 91, 146];
/**
 * Each cut-out with how much it is enlarged about its centre: enough to cover lashes, lip lines
 * and the brows' outer hairs (brows are thin: they need the most to stay sharp at the mask's
 * reduced resolution).
 */
export const SKIN_CUTOUTS = [
  { ring: RIGHT_EYE_RING, scale: 1.45 },
  { ring: LEFT_EYE_RING, scale: 1.45 },
  { ring: RIGHT_BROW_RING, scale: 1.8 },
  { ring: LEFT_BROW_RING, scale: 1.8 },
  { ring: LIPS_RING, scale: 1.3 },
] as const;

/** Eye corners (for the eye's width) and iris centres (for the magnification centre). */
export const EYES = [
  { outer: 33, inner: 133, iris: 468 },
  { outer: 263, inner: 362, iris: 473 },
] as const;

/** Forehead top and chin: the face's centre line. */
export const FOREHEAD = 10;
export const CHIN = 152;
export const LEFT_CHEEK_EDGE = 234;
export const RIGHT_CHEEK_EDGE = 454;
/** The inner edge of the lips (the mouth's opening): cut out of the lip tint, so teeth stay white. */
export const INNER_LIPS_RING = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308, 324, 318, 402, 317, 14, 87, 178, 88, 95];
/** Blush: a cheek's centre point and the face edge on its side (the blush sits a little toward it). */
export const CHEEKS = [
  { centre: 205, edge: 234 },
  { centre: 425, edge: 454 },
] as const;

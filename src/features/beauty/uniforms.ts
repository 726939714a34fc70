/** Landmarks + levels → the few numbers the beauty shader needs (pure, unit-tested). */
import type { FaceLandmarks } from '../vision/types';
import {
  CHIN,
  EYES,
  FACE_OVAL,
  FOREHEAD,
  LEFT_CHEEK_EDGE,
  RIGHT_CHEEK_EDGE,
  SKIN_CUTOUTS,
  SLIM_POINTS,
  SLIM_WEIGHTS,
} from './faceRegions';
import type { BeautyLevels } from './meta';

/** At level 100 the jaw moves inward by this share of the face width. */
export const SLIM_MAX_SHIFT = 0.06;
/** At level 100 an eye's centre is magnified by 1 / (1 - EYE_MAX_MAGNIFY). */
export const EYE_MAX_MAGNIFY = 0.3;
/** Radius of the eye magnification, in eye widths. */
export const EYE_RADIUS_IN_WIDTHS = 1.1;
const MAX_EYES = 4;
const MAX_SLIM = 16;

export interface WarpUniforms {
  u_eyeCount: number;
  u_eyes: Float32Array; // vec4[4]
  u_slimCount: number;
  u_slim: Float32Array; // vec4[16]
  u_slimRadius: Float32Array; // float[2]
}

type Pt = { x: number; y: number };

/** A landmark in output pixels with y up (texture space: uv (x, 1 - y)). */
const px = (p: Pt | undefined, w: number, h: number): Pt => ({ x: (p?.x ?? 0) * w, y: (1 - (p?.y ?? 0)) * h });
const dist = (a: Pt, b: Pt) => Math.hypot(a.x - b.x, a.y - b.y);

export function warpUniforms(faces: FaceLandmarks[], levels: BeautyLevels, width: number, height: number): WarpUniforms {
  const u: WarpUniforms = {
    u_eyeCount: 0,
    u_eyes: new Float32Array(MAX_EYES * 4),
    u_slimCount: 0,
    u_slimRadius: new Float32Array(2),
    u_slim: new Float32Array(MAX_SLIM * 4),
  };
  const eyes = levels.eyes / 100;
  const slim = levels.slim / 100;
  faces.slice(0, 2).forEach((face, f) => {
    if (face.length < 468) return;
    const P = (i: number) => px(face[i], width, height);
    if (eyes > 0) {
      for (const eye of EYES) {
        const width = dist(P(eye.outer), P(eye.inner));
        const centre = face.length > eye.iris ? P(eye.iris) : mid(P(eye.outer), P(eye.inner));
        u.u_eyes.set([centre.x, centre.y, width * EYE_RADIUS_IN_WIDTHS, eyes * EYE_MAX_MAGNIFY], u.u_eyeCount * 4);
        u.u_eyeCount++;
      }
    }
    if (slim > 0) {
      const top = P(FOREHEAD);
      const chin = P(CHIN);
      const faceWidth = dist(P(LEFT_CHEEK_EDGE), P(RIGHT_CHEEK_EDGE));
      const axisLen = dist(top, chin) || 1;
      const ax = { x: (chin.x - top.x) / axisLen, y: (chin.y - top.y) / axisLen };
      u.u_slimRadius[f] = faceWidth * 0.16;
      // Slot f*8.. so the shader finds each face's radius as u_slimRadius[i / 8].
      let slot = f * 8;
      for (const side of SLIM_POINTS) {
        side.forEach((idx, k) => {
          const c = P(idx);
          // Nearest point on the centre line, and the unit vector toward it.
          const t = (c.x - top.x) * ax.x + (c.y - top.y) * ax.y;
          const onAxis = { x: top.x + ax.x * t, y: top.y + ax.y * t };
          const d = dist(c, onAxis) || 1;
          const shift = slim * SLIM_MAX_SHIFT * faceWidth * SLIM_WEIGHTS[k]!;
          u.u_slim.set([c.x, c.y, ((onAxis.x - c.x) / d) * shift, ((onAxis.y - c.y) / d) * shift], slot * 4);
          slot++;
        });
      }
      u.u_slimCount = Math.max(u.u_slimCount, slot);
    }
  });
  return u;
}

const mid = (a: Pt, b: Pt): Pt => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * Skin mask geometry as triangles in uv space (0..1, y up): first the face oval (drawn as 1),
 * then the cut-outs (drawn as 0), enlarged a little around their centre to cover lashes and lip lines.
 */
export function skinMaskTriangles(faces: FaceLandmarks[]): { oval: Float32Array; cutouts: Float32Array } {
  const oval: number[] = [];
  const cutouts: number[] = [];
  for (const face of faces.slice(0, 2)) {
    if (face.length < 468) continue;
    fan(face, FACE_OVAL, 0.94, oval);
    for (const ring of SKIN_CUTOUTS) fan(face, ring, 1.35, cutouts);
  }
  return { oval: new Float32Array(oval), cutouts: new Float32Array(cutouts) };
}

function fan(face: FaceLandmarks, ring: readonly number[], scale: number, out: number[]) {
  const pts = ring.map((i) => ({ x: face[i]?.x ?? 0, y: 1 - (face[i]?.y ?? 0) }));
  const c = pts.reduce((a, p) => ({ x: a.x + p.x / pts.length, y: a.y + p.y / pts.length }), { x: 0, y: 0 });
  const s = (p: Pt) => [c.x + (p.x - c.x) * scale, c.y + (p.y - c.y) * scale];
  for (let i = 0; i < pts.length; i++) {
    out.push(c.x, c.y, ...s(pts[i]!), ...s(pts[(i + 1) % pts.length]!));
  }
}

/**
 * The union of the faces' areas of effect in output pixels (y up) as min.xy, max.xy: the oval's
 * bounding box grown by half the face width (slim falloff and eye radius stay inside it).
 * Without faces the box is empty, so the shader skips all face work.
 */
export function faceBox(faces: FaceLandmarks[], width: number, height: number): [number, number, number, number] {
  let box: [number, number, number, number] = [1, 1, 0, 0];
  for (const face of faces.slice(0, 2)) {
    if (face.length < 468) continue;
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

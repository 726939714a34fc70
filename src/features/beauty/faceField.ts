/**
 * The face field's geometry (pure, unit-tested): triangles drawn into one small RGBA texture per
 * frame, which the compose pass reads.
 *   r, g: the slim warp, as the offset from an output pixel to the source pixel it shows. A mesh
 *         of rings around the face: the centre, half-way, the face outline (moved inward along
 *         the jaw) and a pinned ring outside it, where the offset is zero. Outside the pinned ring
 *         nothing is drawn, so the collar, the hair and the background cannot move.
 *   b:    the lip mask (the lips' outline minus the mouth's opening), for the lip tint, and the
 *         blush weight (1 at the cheek's centre, 0 at its rim): they never overlap, and the
 *         compose pass tells them apart by the skin mask (lips are cut out of it).
 *   a:    the skin mask (the face oval minus eyes, brows and lips).
 * A second texture of the same size holds the whitening masks when those are on: r = the mouth's
 * opening (teeth), g = the eyes' openings (their whites); the compose pass keeps to the bright
 * pixels there (not the dark inside of the mouth, not the iris).
 * Vertices are [x, y, r, g, b, a]: x, y in source uv with y up (the texture's orientation).
 */
import type { FaceLandmarks } from '../vision/types';
import {
  CHEEKS,
  CHIN,
  FACE_OVAL,
  FOREHEAD,
  INNER_LIPS_RING,
  LEFT_CHEEK_EDGE,
  LEFT_EYE_RING,
  LIPS_RING,
  meshFaces,
  RIGHT_CHEEK_EDGE,
  RIGHT_EYE_RING,
  SKIN_CUTOUTS,
} from './faceRegions';

/** At level 100 the jaw moves inward by this share of the face width. */
export const SLIM_MAX_SHIFT = 0.06;
/** The pinned ring, as a multiple of the outline's distance from the face's centre. */
export const PIN_RING = 1.3;
/** The texel value of a zero offset (an exact 8-bit value, so the cleared field decodes to 0). */
export const FIELD_ZERO = 128 / 255;
/** Floats per vertex. */
export const VERTEX_FLOATS = 6;

type Pt = { x: number; y: number };
type Value = readonly [number, number, number, number];

export interface WarpMesh {
  /** Triangles (VERTEX_FLOATS per vertex); empty when nothing moves. */
  triangles: Float32Array;
  /** The largest offset in uv per axis: r and g encode offset / range. */
  range: [number, number];
}

const smoothstep = (a: number, b: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/**
 * How strongly the outline point at `t` (0 at the forehead, 1 at the chin, along the face's
 * centre line) is pulled in: the jaw and lower cheeks, nothing at the temples or the chin.
 */
export function jawWeight(t: number): number {
  return smoothstep(0.4, 0.62, t) * (1 - smoothstep(0.86, 1, t));
}

/** The slim warp's mesh for every face (output pixels decide the directions; y up). */
export function slimMesh(faces: FaceLandmarks[], slimLevel: number, width: number, height: number): WarpMesh {
  const slim = slimLevel / 100;
  const verts: { pos: Pt; off: Pt }[][] = [];
  if (slim > 0) {
    for (const face of meshFaces(faces)) {
      const P = (i: number): Pt => ({ x: (face[i]?.x ?? 0) * width, y: (1 - (face[i]?.y ?? 0)) * height });
      const oval = FACE_OVAL.map(P);
      const c = oval.reduce((a, p) => ({ x: a.x + p.x / oval.length, y: a.y + p.y / oval.length }), { x: 0, y: 0 });
      const top = P(FOREHEAD);
      const chin = P(CHIN);
      const axisLen = Math.hypot(chin.x - top.x, chin.y - top.y) || 1;
      const ax = { x: (chin.x - top.x) / axisLen, y: (chin.y - top.y) / axisLen };
      const faceWidth = Math.hypot(P(LEFT_CHEEK_EDGE).x - P(RIGHT_CHEEK_EDGE).x, P(LEFT_CHEEK_EDGE).y - P(RIGHT_CHEEK_EDGE).y);
      // Each outline point's move: toward the centre line, by its jaw weight.
      const moves = oval.map((o) => {
        const along = (o.x - top.x) * ax.x + (o.y - top.y) * ax.y;
        const onAxis = { x: top.x + ax.x * along, y: top.y + ax.y * along };
        const d = Math.hypot(onAxis.x - o.x, onAxis.y - o.y) || 1;
        const shift = slim * SLIM_MAX_SHIFT * faceWidth * jawWeight(along / axisLen);
        return { x: ((onAxis.x - o.x) / d) * shift, y: ((onAxis.y - o.y) / d) * shift };
      });
      // Rings at 0.5 and 1 of the outline move by that share of the outline's move; the output
      // pixel at the moved position shows the source pixel at the rest position.
      const ring = (k: number, moving: boolean) =>
        oval.map((o, i) => {
          const m = moving ? { x: moves[i]!.x * k, y: moves[i]!.y * k } : { x: 0, y: 0 };
          const rest = { x: c.x + (o.x - c.x) * k, y: c.y + (o.y - c.y) * k };
          return { pos: { x: rest.x + m.x, y: rest.y + m.y }, off: { x: -m.x, y: -m.y } };
        });
      verts.push([{ pos: c, off: { x: 0, y: 0 } }], ring(0.5, true), ring(1, true), ring(PIN_RING, false));
    }
  }
  let rx = 1e-4;
  let ry = 1e-4;
  for (const v of verts.flat()) {
    rx = Math.max(rx, Math.abs(v.off.x) / width);
    ry = Math.max(ry, Math.abs(v.off.y) / height);
  }
  const enc = (off: number, range: number) => FIELD_ZERO + (off / range) * (127 / 255);
  const out: number[] = [];
  const push = (v: { pos: Pt; off: Pt }) =>
    out.push(v.pos.x / width, v.pos.y / height, enc(v.off.x / width, rx), enc(v.off.y / height, ry), 0, 0);
  for (let f = 0; f < verts.length; f += 4) {
    const [centre, half, outline, pinned] = verts.slice(f, f + 4) as [typeof verts[0], typeof verts[0], typeof verts[0], typeof verts[0]];
    const n = half.length;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      for (const v of [centre[0], half[i], half[j]]) push(v!);
      for (const [a, b] of [
        [half, outline],
        [outline, pinned],
      ] as const) {
        for (const v of [a[i], b[i], b[j], a[i], b[j], a[j]]) push(v!);
      }
    }
  }
  return { triangles: new Float32Array(out), range: [rx, ry] };
}

/** Triangles filling a landmark ring from its centroid (uv, y up), every vertex with `value`. */
export function ringFan(face: FaceLandmarks, ring: readonly number[], scale: number, value: Value, out: number[]) {
  const pts = ring.map((i) => ({ x: face[i]?.x ?? 0, y: 1 - (face[i]?.y ?? 0) }));
  const c = pts.reduce((a, p) => ({ x: a.x + p.x / pts.length, y: a.y + p.y / pts.length }), { x: 0, y: 0 });
  const s = (p: Pt) => [c.x + (p.x - c.x) * scale, c.y + (p.y - c.y) * scale, ...value];
  for (let i = 0; i < pts.length; i++) out.push(c.x, c.y, ...value, ...s(pts[i]!), ...s(pts[(i + 1) % pts.length]!));
}

/**
 * Skin mask geometry as face-field triangles (alpha channel): first the face oval (drawn as 1),
 * then the cut-outs (drawn as 0), each enlarged about its centre (SKIN_CUTOUTS).
 */
export function skinMaskTriangles(faces: FaceLandmarks[]): { oval: Float32Array; cutouts: Float32Array } {
  const oval: number[] = [];
  const cutouts: number[] = [];
  for (const face of meshFaces(faces)) {
    ringFan(face, FACE_OVAL, 0.94, [0, 0, 0, 1], oval);
    for (const { ring, scale } of SKIN_CUTOUTS) ringFan(face, ring, scale, [0, 0, 0, 0], cutouts);
  }
  return { oval: new Float32Array(oval), cutouts: new Float32Array(cutouts) };
}

/** The lip mask: the lips' outline drawn as 1, then the mouth's opening as 0 (channel b). */
export function lipTriangles(faces: FaceLandmarks[]): { lips: Float32Array; mouth: Float32Array } {
  const lips: number[] = [];
  const mouth: number[] = [];
  for (const face of meshFaces(faces)) {
    ringFan(face, LIPS_RING, 1.04, [0, 0, 1, 0], lips);
    ringFan(face, INNER_LIPS_RING, 1, [0, 0, 0, 0], mouth);
  }
  return { lips: new Float32Array(lips), mouth: new Float32Array(mouth) };
}

/**
 * Blush: an ellipse on each cheek, a little toward the face's edge, weight 1 at its centre falling
 * linearly to 0 at its rim (channel b). Sized by the face, in output pixels so it stays round.
 */
export function blushTriangles(faces: FaceLandmarks[], width: number, height: number): Float32Array {
  const out: number[] = [];
  const SEGMENTS = 20;
  for (const face of meshFaces(faces)) {
    const P = (i: number): Pt => ({ x: (face[i]?.x ?? 0) * width, y: (1 - (face[i]?.y ?? 0)) * height });
    const faceWidth = Math.hypot(P(LEFT_CHEEK_EDGE).x - P(RIGHT_CHEEK_EDGE).x, P(LEFT_CHEEK_EDGE).y - P(RIGHT_CHEEK_EDGE).y);
    // The face's tilt: the line between the cheek edges.
    const ux = (P(RIGHT_CHEEK_EDGE).x - P(LEFT_CHEEK_EDGE).x) / (faceWidth || 1);
    const uy = (P(RIGHT_CHEEK_EDGE).y - P(LEFT_CHEEK_EDGE).y) / (faceWidth || 1);
    for (const cheek of CHEEKS) {
      const a = P(cheek.centre);
      const e = P(cheek.edge);
      const c = { x: a.x + (e.x - a.x) * 0.25, y: a.y + (e.y - a.y) * 0.25 };
      const rx = faceWidth * 0.17;
      const ry = faceWidth * 0.12;
      const rim = (k: number) => {
        const t = (k / SEGMENTS) * Math.PI * 2;
        const lx = Math.cos(t) * rx;
        const ly = Math.sin(t) * ry;
        return [(c.x + lx * ux - ly * uy) / width, (c.y + lx * uy + ly * ux) / height, 0, 0, 0, 0];
      };
      for (let k = 0; k < SEGMENTS; k++) out.push(c.x / width, c.y / height, 0, 0, 1, 0, ...rim(k), ...rim(k + 1));
    }
  }
  return new Float32Array(out);
}

/** Whitening masks: the mouth's opening (r, teeth) and the eyes' openings (g, their whites). */
export function whitenTriangles(faces: FaceLandmarks[]): Float32Array {
  const out: number[] = [];
  for (const face of meshFaces(faces)) {
    ringFan(face, INNER_LIPS_RING, 1, [1, 0, 0, 0], out);
    for (const ring of [RIGHT_EYE_RING, LEFT_EYE_RING]) ringFan(face, ring, 1, [0, 1, 0, 0], out);
  }
  return new Float32Array(out);
}

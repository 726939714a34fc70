import { describe, expect, it } from 'vitest';
import { EYES, FACE_OVAL, LEFT_EYE_RING, LIPS_RING, RIGHT_EYE_RING } from '../../src/features/beauty/faceRegions';
import {
  BEAUTY_LEVELS,
  BEAUTY_PRESETS,
  beautyIsIdle,
  clampLevel,
  matchingPreset,
  needsFaces,
  PRESET_LEVELS,
  ZERO_LEVELS,
} from '../../src/features/beauty/meta';
import { EYE_MAX_MAGNIFY, eyeUniforms, faceBox } from '../../src/features/beauty/uniforms';
import { blushTriangles, FIELD_ZERO, jawWeight, lipTriangles, PIN_RING, skinMaskTriangles, slimMesh, VERTEX_FLOATS } from '../../src/features/beauty/faceField';
import { beautyWork, composeVariant, FACE_LOWRES_PX, lowresScale, type BeautyInputs } from '../../src/features/beauty/stage';
import type { FrameMeta } from '../../src/gl/types';
import type { FaceLandmarks } from '../../src/features/vision/types';

/** A synthetic face: points on an ellipse, with eye corners and irises where a face has them. */
function fakeFace(): FaceLandmarks {
  const face: FaceLandmarks = Array.from({ length: 478 }, () => ({ x: 0.5, y: 0.5, z: 0 }));
  FACE_OVAL.forEach((idx, k) => {
    const a = (k / FACE_OVAL.length) * Math.PI * 2;
    face[idx] = { x: 0.5 + 0.15 * Math.sin(a), y: 0.5 - 0.25 * Math.cos(a), z: 0 };
  });
  face[33] = { x: 0.41, y: 0.42, z: 0 };
  face[133] = { x: 0.47, y: 0.42, z: 0 };
  face[362] = { x: 0.53, y: 0.42, z: 0 };
  face[263] = { x: 0.59, y: 0.42, z: 0 };
  face[468] = { x: 0.44, y: 0.42, z: 0 };
  face[473] = { x: 0.56, y: 0.42, z: 0 };
  return face;
}

const OFF = { enabled: false, levels: ZERO_LEVELS };
const frame = (beauty: BeautyInputs['beauty'] = OFF, faces: FaceLandmarks[] = []): FrameMeta<BeautyInputs> => ({
  outputWidth: 1280,
  outputHeight: 720,
  sourceWidth: 1280,
  sourceHeight: 720,
  inputs: { faces, beauty },
});

describe('beauty presets', () => {
  it('has the four documented presets, every level within 0–100', () => {
    expect([...BEAUTY_PRESETS]).toEqual(['natural', 'fresh', 'glamour', 'cute']);
    for (const p of BEAUTY_PRESETS) {
      for (const k of BEAUTY_LEVELS) {
        expect(PRESET_LEVELS[p][k]).toBeGreaterThanOrEqual(0);
        expect(PRESET_LEVELS[p][k]).toBeLessThanOrEqual(100);
      }
      expect(matchingPreset(PRESET_LEVELS[p])).toBe(p);
    }
    expect(PRESET_LEVELS.cute).toEqual({ smooth: 60, brightness: 30, enhance: 10, slim: 30, eyes: 55, lips: 30, blush: 45, teeth: 30, eyeWhites: 40 });
    expect(matchingPreset(ZERO_LEVELS)).toBeUndefined();
  });

  it('clamps levels to whole numbers 0–100', () => {
    expect(clampLevel(-5)).toBe(0);
    expect(clampLevel(150)).toBe(100);
    expect(clampLevel(42.6)).toBe(43);
    expect(clampLevel(Number.NaN)).toBe(0);
  });

  it('is idle when disabled or all levels are 0', () => {
    expect(beautyIsIdle({ enabled: false, levels: PRESET_LEVELS.glamour })).toBe(true);
    expect(beautyIsIdle({ enabled: true, levels: ZERO_LEVELS })).toBe(true);
    expect(beautyIsIdle({ enabled: true, levels: { ...ZERO_LEVELS, eyes: 1 } })).toBe(false);
  });

  it('asks for landmarks only when a face effect is on', () => {
    // Brightness goes through the face's skin mask: it needs the landmarks like every effect.
    expect(needsFaces({ enabled: true, levels: { ...ZERO_LEVELS, brightness: 80 } })).toBe(true);
    expect(needsFaces({ enabled: true, levels: ZERO_LEVELS })).toBe(false);
    expect(needsFaces({ enabled: true, levels: { ...ZERO_LEVELS, slim: 10 } })).toBe(true);
    expect(needsFaces({ enabled: false, levels: PRESET_LEVELS.cute })).toBe(false);
  });
});

describe('beauty stage activity (zero cost when nothing to do)', () => {
  const on = (levels: Partial<typeof ZERO_LEVELS>) => ({ enabled: true, levels: { ...ZERO_LEVELS, ...levels } });
  it('is inactive when disabled, all zero, or without a face (every effect is the face\'s)', () => {
    expect(beautyWork(frame(undefined)).any).toBe(false);
    expect(beautyWork(frame({ enabled: false, levels: PRESET_LEVELS.glamour }, [fakeFace()])).any).toBe(false);
    expect(beautyWork(frame(on({}), [fakeFace()])).any).toBe(false);
    expect(beautyWork(frame(on({ slim: 100, eyes: 100 }))).any).toBe(false);
    expect(beautyWork(frame(on({ smooth: 100, brightness: 100, enhance: 100 }))).any).toBe(false);
  });
  it('runs warps with a face, and the skin-masked effects at reduced size', () => {
    expect(beautyWork(frame(on({ slim: 100 }), [fakeFace()]))).toMatchObject({ any: true, slim: true, field: true, lowres: false, skin: false });
    expect(beautyWork(frame(on({ eyes: 100 }), [fakeFace()]))).toMatchObject({ any: true, eyes: true, field: false, lowres: false });
    // Brightness needs only the skin mask; smoothing and enhance the blurred base as well.
    expect(beautyWork(frame(on({ brightness: 50 }), [fakeFace()]))).toMatchObject({ any: true, skin: true, field: true, lowres: false });
    expect(beautyWork(frame(on({ enhance: 50 }), [fakeFace()]))).toMatchObject({ any: true, skin: true, lowres: true });
    expect(beautyWork(frame(on({ smooth: 50 }), [fakeFace()]))).toMatchObject({ any: true, skin: true, lowres: true });
    expect(beautyWork(frame(on({ lips: 50 }), [fakeFace()]))).toMatchObject({ any: true, lips: true, field: true, lowres: false });
    // Whitening reads its own masks (teeth, eye whites), nothing else.
    expect(beautyWork(frame(on({ teeth: 50 }), [fakeFace()]))).toMatchObject({ any: true, whiten: true, field: false, lowres: false });
    expect(beautyWork(frame(on({ eyeWhites: 50 }), [fakeFace()]))).toMatchObject({ any: true, whiten: true, field: false });
    // Blush goes through the skin mask too (never onto an eye).
    expect(beautyWork(frame(on({ blush: 50 }), [fakeFace()]))).toMatchObject({ any: true, blush: true, skin: true, lowres: false });
  });
});

describe('landmark → uniform mapping', () => {
  it('sends nothing when the levels are 0 or there is no face', () => {
    expect(eyeUniforms([fakeFace()], ZERO_LEVELS, 1280, 720).u_eyeCount).toBe(0);
    expect(eyeUniforms([], PRESET_LEVELS.cute, 1280, 720).u_eyeCount).toBe(0);
    expect(slimMesh([fakeFace()], 0, 1280, 720).triangles.length).toBe(0);
    expect(slimMesh([], 100, 1280, 720).triangles.length).toBe(0);
  });

  it('centres eye magnification on each iris with a radius from the eye width', () => {
    const u = eyeUniforms([fakeFace()], { ...ZERO_LEVELS, eyes: 100 }, 1000, 1000);
    expect(u.u_eyeCount).toBe(2);
    expect(u.u_eyes[0]).toBeCloseTo(440);
    expect(u.u_eyes[1]).toBeCloseTo(580); // y is flipped: texture origin is bottom-left
    expect(u.u_eyes[2]).toBeGreaterThan(60); // eye width 60 px
    expect(u.u_eyes[3]).toBeCloseTo(EYE_MAX_MAGNIFY);
    expect(EYES).toHaveLength(2);
  });

  it('builds the skin mask from the oval with eyes and lips cut out', () => {
    const { oval, cutouts } = skinMaskTriangles([fakeFace()]);
    expect(oval.length).toBe(FACE_OVAL.length * 3 * VERTEX_FLOATS);
    expect(cutouts.length).toBeGreaterThanOrEqual((LEFT_EYE_RING.length + RIGHT_EYE_RING.length + LIPS_RING.length) * 3 * VERTEX_FLOATS);
    expect(skinMaskTriangles([]).oval.length).toBe(0);
  });
});

describe('the slim mesh', () => {
  /** Every vertex of a mesh: its position (uv) and its decoded offset (uv). */
  const vertices = (mesh: ReturnType<typeof slimMesh>) => {
    const out: { x: number; y: number; dx: number; dy: number }[] = [];
    const t = mesh.triangles;
    for (let i = 0; i < t.length; i += VERTEX_FLOATS) {
      const dec = (v: number, r: number) => ((v - FIELD_ZERO) * 255) / 127 * r;
      out.push({ x: t[i]!, y: t[i + 1]!, dx: dec(t[i + 2]!, mesh.range[0]), dy: dec(t[i + 3]!, mesh.range[1]) });
    }
    return out;
  };

  it('pulls the jaw toward the centre line, not the temples or the chin', () => {
    expect(jawWeight(0)).toBe(0);
    expect(jawWeight(0.3)).toBe(0);
    expect(jawWeight(0.75)).toBe(1);
    expect(jawWeight(1)).toBe(0);
    const verts = vertices(slimMesh([fakeFace()], 100, 1000, 1000));
    // The fake face's centre line is x = 0.5. A moved vertex reads its source further out: left of
    // the line the offset points left, right of it right; nothing moves vertically much.
    const moved = verts.filter((v) => Math.abs(v.dx) > 1e-4);
    expect(moved.length).toBeGreaterThan(0);
    for (const v of moved) expect(Math.sign(v.dx)).toBe(v.x < 0.5 ? -1 : 1);
    // At level 100 the jaw moves by SLIM_MAX_SHIFT of the face width (0.3 × 0.06 = 0.018).
    expect(Math.max(...moved.map((v) => Math.abs(v.dx)))).toBeCloseTo(0.018, 3);
  });

  it('pins a ring outside the face: its vertices do not move and nothing lies beyond it', () => {
    const face = fakeFace();
    const verts = vertices(slimMesh([face], 100, 1000, 1000));
    // The fake oval spans 0.35–0.65 by 0.25–0.75 around (0.5, 0.5): the pinned ring is PIN_RING times that.
    const far = verts.filter((v) => Math.hypot((v.x - 0.5) / 0.15, (v.y - 0.5) / 0.25) > PIN_RING - 0.01);
    expect(far.length).toBeGreaterThanOrEqual(FACE_OVAL.length);
    for (const v of far) expect(Math.hypot(v.dx, v.dy)).toBeLessThan(1e-6);
    for (const v of verts) expect(Math.hypot((v.x - 0.5) / 0.15, (v.y - 0.5) / 0.25)).toBeLessThan(PIN_RING + 0.01);
    // The compose pass only looks inside the face box: the pinned ring is inside it.
    const [x0, y0, x1, y1] = faceBox([face], 1000, 1000);
    for (const v of verts) {
      expect(v.x * 1000).toBeGreaterThanOrEqual(x0);
      expect(v.x * 1000).toBeLessThanOrEqual(x1);
      expect(v.y * 1000).toBeGreaterThanOrEqual(y0);
      expect(v.y * 1000).toBeLessThanOrEqual(y1);
    }
  });
});

describe('makeup geometry', () => {
  it('masks the lips (b = 1) and cuts the mouth opening out (b = 0)', () => {
    const { lips, mouth } = lipTriangles([fakeFace()]);
    expect(lips.length).toBe(LIPS_RING.length * 3 * VERTEX_FLOATS);
    for (let i = 0; i < lips.length; i += VERTEX_FLOATS) expect(lips[i + 4]).toBe(1);
    for (let i = 0; i < mouth.length; i += VERTEX_FLOATS) expect(mouth[i + 4]).toBe(0);
    expect(lipTriangles([]).lips.length).toBe(0);
  });
  it('puts a blush on each cheek, weight 1 at its centre and 0 at its rim', () => {
    const tris = blushTriangles([fakeFace()], 1000, 1000);
    expect(tris.length).toBe(2 * 20 * 3 * VERTEX_FLOATS);
    const weights = new Set<number>();
    for (let i = 0; i < tris.length; i += VERTEX_FLOATS) weights.add(tris[i + 4]!);
    expect([...weights].sort()).toEqual([0, 1]);
  });
});

describe('compose shader variants', () => {
  it('keeps #version first and defines the feature mix', () => {
    const src = composeVariant({ warp: true, eyeCount: 2, base: true, skin: true, bright: false, lips: true, blush: false, whiten: true });
    expect(src.split('\n')[0]).toBe('#version 300 es');
    for (const d of ['USE_WARP 1', 'EYE_COUNT 2', 'USE_BASE 1', 'USE_SKIN 1', 'USE_BRIGHT 0', 'USE_LIPS 1', 'USE_BLUSH 0', 'USE_WHITEN 1']) expect(src).toContain(`#define ${d}`);
  });
});

describe('smoothing sized by the face (the preview and the photo look the same)', () => {
  it('puts the face at the same number of low-resolution texels whatever the frame size', () => {
    const face = fakeFace(); // 0.30 of the frame's width
    for (const [w, h] of [
      [1280, 720],
      [656, 369],
      [1920, 1080],
    ] as const) {
      const s = lowresScale([face], w, h, w, h);
      expect(0.3 * w * s).toBeCloseTo(FACE_LOWRES_PX, 0);
    }
  });
  it('falls back to a quarter of the output without a face to measure', () => {
    expect(lowresScale([], 1280, 720, 1280, 720)).toBeCloseTo(320 / 1280, 5);
    expect(lowresScale([], 1280, 720, 640, 360)).toBeCloseTo(160 / 1280, 5);
  });
});

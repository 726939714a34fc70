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
import { EYE_MAX_MAGNIFY, skinMaskTriangles, warpUniforms } from '../../src/features/beauty/uniforms';
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
  frameId: 1,
  timestamp: 0,
  purpose: 'preview',
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
    expect(PRESET_LEVELS.cute).toEqual({ smooth: 60, brightness: 30, enhance: 10, slim: 30, eyes: 55 });
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
    expect(beautyWork(frame(on({ slim: 100 }), [fakeFace()]))).toMatchObject({ any: true, warps: true, lowres: false });
    expect(beautyWork(frame(on({ brightness: 50 }), [fakeFace()]))).toMatchObject({ any: true, warps: false, lowres: true });
    expect(beautyWork(frame(on({ enhance: 50 }), [fakeFace()]))).toMatchObject({ any: true, warps: false, lowres: true });
    expect(beautyWork(frame(on({ smooth: 50 }), [fakeFace()]))).toMatchObject({ any: true, lowres: true });
  });
});

describe('landmark → uniform mapping', () => {
  it('sends nothing when the levels are 0 or there is no face', () => {
    expect(warpUniforms([fakeFace()], ZERO_LEVELS, 1280, 720)).toMatchObject({ u_eyeCount: 0, u_slimCount: 0 });
    expect(warpUniforms([], PRESET_LEVELS.cute, 1280, 720)).toMatchObject({ u_eyeCount: 0, u_slimCount: 0 });
  });

  it('centres eye magnification on each iris with a radius from the eye width', () => {
    const u = warpUniforms([fakeFace()], { ...ZERO_LEVELS, eyes: 100 }, 1000, 1000);
    expect(u.u_eyeCount).toBe(2);
    expect(u.u_eyes[0]).toBeCloseTo(440);
    expect(u.u_eyes[1]).toBeCloseTo(580); // y is flipped: texture origin is bottom-left
    expect(u.u_eyes[2]).toBeGreaterThan(60); // eye width 60 px
    expect(u.u_eyes[3]).toBeCloseTo(EYE_MAX_MAGNIFY);
    expect(EYES).toHaveLength(2);
  });

  it('pulls slim control points toward the centre line, within the uniform budget', () => {
    const u = warpUniforms([fakeFace(), fakeFace()], { ...ZERO_LEVELS, slim: 100 }, 1000, 1000);
    expect(u.u_slimCount).toBe(16);
    for (let i = 0; i < 16; i++) {
      const x = u.u_slim[i * 4]!;
      const dx = u.u_slim[i * 4 + 2]!;
      // Points left of the centre move right, and the other way round.
      expect(Math.sign(dx)).toBe(x < 500 ? 1 : -1);
    }
  });

  it('builds the skin mask from the oval with eyes and lips cut out', () => {
    const { oval, cutouts } = skinMaskTriangles([fakeFace()]);
    expect(oval.length).toBe(FACE_OVAL.length * 6);
    expect(cutouts.length).toBeGreaterThanOrEqual((LEFT_EYE_RING.length + RIGHT_EYE_RING.length + LIPS_RING.length) * 6);
    expect(skinMaskTriangles([]).oval.length).toBe(0);
  });
});

describe('compose shader variants', () => {
  it('keeps #version first and defines the feature mix', () => {
    const src = composeVariant({ slimCount: 8, eyeCount: 2, smooth: true, bright: false });
    expect(src.split('\n')[0]).toBe('#version 300 es');
    expect(src).toContain('#define SLIM_COUNT 8');
    expect(src).toContain('#define EYE_COUNT 2');
    expect(src).toContain('#define USE_SMOOTH 1');
    expect(src).toContain('#define USE_BRIGHT 0');
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

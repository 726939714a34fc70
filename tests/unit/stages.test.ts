import { describe, expect, it } from 'vitest';
import { facesForPhoto, isSameFace } from '../../src/features/vision/shotFaces';
import { lookNeedsFaces, lookNeedsMask, photoInputs, previewInputs, STAGES, type Look } from '../../src/features/booth/stages';
import { PRESET_LEVELS, ZERO_LEVELS } from '../../src/features/beauty/meta';
import { DEFAULT_BACKGROUND } from '../../src/features/background/meta';
import { eyeUniforms, MAX_EYES } from '../../src/features/beauty/uniforms';
import { MAX_FACES } from '../../src/features/vision/meta';
import type { FaceLandmarks } from '../../src/features/vision/types';

/** A face of 478 points in a box at (x, y), `size` wide (normalised). */
const face = (x: number, y: number, size = 0.1): FaceLandmarks =>
  Array.from({ length: 478 }, (_, i) => ({ x: x + ((i % 22) / 21) * size, y: y + (Math.floor(i / 22) / 21) * size, z: 0 }));

const look = (over: Partial<Look> = {}): Look => ({ filterId: 'none', mirror: false, beauty: { enabled: false, levels: ZERO_LEVELS }, prop: 'none', background: DEFAULT_BACKGROUND, customBackdrop: null, ...over });

describe('faces for a photo', () => {
  const a = face(0.1, 0.3);
  const b = face(0.5, 0.3);
  const bMoved = face(0.51, 0.31);
  it('tells the same face from another', () => {
    expect(isSameFace(b, bMoved)).toBe(true);
    expect(isSameFace(a, b)).toBe(false);
  });
  it('keeps every face of the still, and adds the preview’s for a face the still missed', () => {
    expect(facesForPhoto({ still: [a, bMoved], shown: [a, b] })).toEqual([a, bMoved]);
    expect(facesForPhoto({ still: [a], shown: [a, b] })).toEqual([a, b]);
    expect(facesForPhoto({ still: [], shown: [] })).toEqual([]);
  });
});

describe('the stage registry', () => {
  it('lists the background, then beauty and props over the person, each with a distinct id', () => {
    expect(STAGES.map((s) => s.id)).toEqual(['background', 'beauty', 'props']);
  });
  it('needs the person mask for blur, a backdrop or a picture, but not with the green-screen key (except to blur)', () => {
    expect(lookNeedsMask(look())).toBe(false);
    expect(lookNeedsMask(look({ background: { ...DEFAULT_BACKGROUND, kind: 'blur' } }))).toBe(true);
    expect(lookNeedsMask(look({ background: { ...DEFAULT_BACKGROUND, kind: 'backdrop' } }))).toBe(true);
    expect(lookNeedsMask(look({ background: { ...DEFAULT_BACKGROUND, kind: 'backdrop', green: true } }))).toBe(false);
    expect(lookNeedsMask(look({ background: { ...DEFAULT_BACKGROUND, kind: 'custom', green: true } }))).toBe(false);
    expect(lookNeedsMask(look({ background: { ...DEFAULT_BACKGROUND, kind: 'blur', green: true } }))).toBe(true);
  });
  it('needs faces only while a beauty level or a prop is on', () => {
    expect(lookNeedsFaces(look())).toBe(false);
    expect(lookNeedsFaces(look({ prop: 'glasses' }))).toBe(true);
    expect(lookNeedsFaces(look({ beauty: { enabled: true, levels: PRESET_LEVELS.fresh } }))).toBe(true);
    expect(lookNeedsFaces(look({ beauty: { enabled: false, levels: PRESET_LEVELS.fresh } }))).toBe(false);
  });
  it('gives each stage its own inputs: live faces in the preview; in a photo the still’s (plus missed) for beauty, the shown ones only for props', () => {
    const a = face(0.1, 0.3);
    const b = face(0.5, 0.3);
    const l = look({ prop: 'glasses', beauty: { enabled: true, levels: PRESET_LEVELS.fresh } });
    expect(previewInputs(l, { faces: [a], mask: null })).toEqual({
      background: { settings: DEFAULT_BACKGROUND, mask: null, custom: null },
      beauty: { beauty: l.beauty, faces: [a] },
      props: { prop: 'glasses', faces: [a] },
    });
    const photo = photoInputs(l, { faces: { still: [b], shown: [a] }, mask: null });
    expect(photo.beauty).toEqual({ beauty: l.beauty, faces: [b, a] });
    // A photo never gets a prop the preview did not show: not on b, found only on the still.
    expect(photo.props).toEqual({ prop: 'glasses', faces: [a] });
  });
});

describe('per-face buffers', () => {
  it('hold two eyes for every one of MAX_FACES faces (a third face used to overflow them)', () => {
    const faces = Array.from({ length: MAX_FACES }, (_, i) => face(0.05 + i * 0.22, 0.3));
    for (const preset of Object.values(PRESET_LEVELS)) {
      const u = eyeUniforms(faces, preset, 1280, 720);
      expect(u.u_eyes.length).toBe(MAX_EYES * 4);
      expect(u.u_eyeCount).toBe(preset.eyes > 0 ? 2 * MAX_FACES : 0);
    }
  });
});

describe('the renderer reads no store', () => {
  it('no file of the booth renderer, and no stage, imports the store or an atom', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files = [
      ...readdirSync('src/features/booth/renderer').map((f) => join('src/features/booth/renderer', f)),
      'src/features/booth/stages.ts',
      'src/features/beauty/stage.ts',
      'src/features/props/stage.ts',
    ];
    for (const file of files) {
      const src = readFileSync(file, 'utf8');
      expect(src, file).not.toMatch(/from '[./]*(state\/store|.*\/state)'|from 'jotai'/);
    }
  });
});

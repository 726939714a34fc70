import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { LOOK_ATOMS, readLook } from '../../src/features/booth/session/look';
import { propIdAtom } from '../../src/features/props/state';
import { facesForPhoto, isSameFace } from '../../src/features/vision/shotFaces';
import { STAGES, type Look } from '../../src/features/booth/stages';
import * as inputs from '../../src/features/booth/renderer/stageInputs';
import { PRESET_LEVELS } from '../../src/features/beauty/meta';
import { DEFAULT_BACKGROUND } from '../../src/features/background/meta';
import { eyeUniforms, MAX_EYES } from '../../src/features/beauty/uniforms';
import { MAX_FACES } from '../../src/features/vision/meta';
import type { FaceLandmarks } from '../../src/features/vision/types';

/** A face of 478 points in a box at (x, y), `size` wide (normalised). */
const face = (x: number, y: number, size = 0.1): FaceLandmarks =>
  Array.from({ length: 478 }, (_, i) => ({ x: x + ((i % 22) / 21) * size, y: y + (Math.floor(i / 22) / 21) * size, z: 0 }));

/** A look with no filter, each stage at its plain look but for those given (by stage id). */
const look = (stages: Record<string, unknown> = {}): Look => ({ filterId: 'none', mirror: false, stages: Object.fromEntries(STAGES.map((s) => [s.id, s.id in stages ? stages[s.id] : s.look.plain])) });
// The registry's own stages, as the booth session hands them to the renderer.
const lookNeedsFaces = (l: Look) => inputs.lookNeedsFaces(l, STAGES);
const lookNeedsMask = (l: Look) => inputs.lookNeedsMask(l, STAGES);
const previewInputs = (l: Look, live: Parameters<typeof inputs.previewInputs>[1]) => inputs.previewInputs(l, live, STAGES);
const photoInputs = (l: Look, shot: Parameters<typeof inputs.photoInputs>[1]) => inputs.photoInputs(l, shot, STAGES);
const bg = (over: object) => ({ background: { ...DEFAULT_BACKGROUND, ...over }, customBackdrop: null });

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
  it('lists the background, then beauty and props over the person, then the art style over it all, each with a distinct id', () => {
    expect(STAGES.map((s) => s.id)).toEqual(['background', 'beauty', 'props', 'styles']);
  });
  it('needs the person mask for blur, a backdrop or a picture, but not with the green-screen key (except to blur)', () => {
    expect(lookNeedsMask(look())).toBe(false);
    expect(lookNeedsMask(look({ background: bg({ kind: 'blur' }) }))).toBe(true);
    expect(lookNeedsMask(look({ background: bg({ kind: 'backdrop' }) }))).toBe(true);
    expect(lookNeedsMask(look({ background: bg({ kind: 'backdrop', green: true }) }))).toBe(false);
    expect(lookNeedsMask(look({ background: bg({ kind: 'custom', green: true }) }))).toBe(false);
    expect(lookNeedsMask(look({ background: bg({ kind: 'blur', green: true }) }))).toBe(true);
  });
  it('needs faces only while a beauty level or a prop is on', () => {
    expect(lookNeedsFaces(look())).toBe(false);
    expect(lookNeedsFaces(look({ props: 'glasses' }))).toBe(true);
    expect(lookNeedsFaces(look({ beauty: { enabled: true, levels: PRESET_LEVELS.fresh } }))).toBe(true);
    expect(lookNeedsFaces(look({ beauty: { enabled: false, levels: PRESET_LEVELS.fresh } }))).toBe(false);
  });
  it('gives each stage its own inputs: live faces in the preview; in a photo the still’s (plus missed) for beauty, the shown ones only for props', () => {
    const a = face(0.1, 0.3);
    const b = face(0.5, 0.3);
    const beauty = { enabled: true, levels: PRESET_LEVELS.fresh };
    const l = look({ props: 'glasses', beauty });
    expect(previewInputs(l, { faces: [a], mask: null })).toEqual({
      background: { settings: DEFAULT_BACKGROUND, mask: null, custom: null },
      beauty: { beauty, faces: [a] },
      props: { prop: 'glasses', faces: [a] },
      styles: { look: { id: 'none', setting: 0 }, scale: 1, drawn: undefined },
    });
    const photo = photoInputs(l, { faces: { still: [b], shown: [a] }, mask: null });
    expect(photo.beauty).toEqual({ beauty, faces: [b, a] });
    // A photo never gets a prop the preview did not show: not on b, found only on the still.
    expect(photo.props).toEqual({ prop: 'glasses', faces: [a] });
    // A style: the preview at its measured scale (full until measured), a photo always at full scale.
    const oil = { id: 'oil-paint', setting: 8 };
    expect(previewInputs(look({ styles: oil }), { faces: [], mask: null }).styles).toMatchObject({ look: oil, scale: 1 });
    expect(photoInputs(look({ styles: oil }), { faces: { still: [], shown: [] }, mask: null }).styles).toEqual({ look: oil, scale: 1 });
  });
});

describe('each stage declares its own look', () => {
  it('the look is read from each entry’s atom, and the preview follows each of them', () => {
    const store = createStore();
    store.set(propIdAtom, 'glasses');
    const l = readLook(store, 'photo');
    expect(Object.keys(l.stages)).toEqual(STAGES.map((s) => s.id));
    for (const s of STAGES) expect(l.stages[s.id], s.id).toBe(store.get(s.look.atom));
    expect(l.stages.props).toBe('glasses');
    for (const s of STAGES) expect(LOOK_ATOMS, s.id).toContain(s.look.atom);
  });
  it('a stage a look leaves out is drawn plain: it needs nothing and draws as its plain look', () => {
    const none = { filterId: 'none', mirror: false, stages: {} };
    expect(lookNeedsFaces(none) || lookNeedsMask(none)).toBe(false);
    expect(previewInputs(none, { faces: [], mask: null })).toEqual(previewInputs(look(), { faces: [], mask: null }));
    for (const s of STAGES) expect(s.needs(s.look.plain), s.id).toEqual([]);
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

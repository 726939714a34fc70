import common from '../../../shaders/styles/common.glsl?raw';
import outline from '../../../shaders/styles/outline.glsl?raw';
import tensorFrag from '../../../shaders/styles/tensor.frag?raw';
import tensorBlurFrag from '../../../shaders/styles/tensor-blur.frag?raw';
import flowFrag from '../../../shaders/styles/flow.frag?raw';
import kuwaharaFrag from '../../../shaders/styles/kuwahara.frag?raw';
import dogFrag from '../../../shaders/styles/dog.frag?raw';
import licFrag from '../../../shaders/styles/lic.frag?raw';
import pencilFrag from '../../../shaders/styles/pencil.frag?raw';
import inkFrag from '../../../shaders/styles/ink.frag?raw';
import bilateralFrag from '../../../shaders/styles/bilateral.frag?raw';
import cartoonFrag from '../../../shaders/styles/cartoon.frag?raw';
import comicFrag from '../../../shaders/styles/comic.frag?raw';
import watercolourFrag from '../../../shaders/styles/watercolour.frag?raw';
import { defineStyles, type StyleDef, type StylePass } from './define';

/**
 * THE list of art styles, in picker order: each is data — its passes (a fragment shader each,
 * what they read, the scale of their targets), their uniforms from the style's one setting, and
 * that setting. Sizes are in reference pixels (src/gl/passes.ts), so a photo at any size looks
 * like the preview did. Adding a style = one entry here + its shaders + its name in i18n.
 */

const frag = (body: string) => `${common}\n${body.replace('//#OUTLINE', outline)}`;
const H = [1, 0];
const V = [0, 1];

/** The smoothed structure tensor → the flow along edges and its anisotropy ('flow'). */
const FLOW: readonly StylePass[] = [
  { name: 'tensor', source: frag(tensorFrag), reads: { u_image: 'input' } },
  { name: 'tensorH', source: frag(tensorBlurFrag), reads: { u_tensor: 'tensor' }, uniforms: () => ({ u_dir: H, u_sigma: 2 }) },
  { name: 'flow', source: frag(flowFrag), reads: { u_tensor: 'tensorH' }, uniforms: () => ({ u_sigma: 2 }) },
];

/** Flow-based DoG across the edges, then smoothed along them ('lic'). */
const FDOG = (sigmaC: (s: number) => number): readonly StylePass[] => [
  ...FLOW,
  { name: 'dog', source: frag(dogFrag), reads: { u_image: 'input', u_flow: 'flow' }, uniforms: (s) => ({ u_sigmaC: sigmaC(s) }) },
  { name: 'lic', source: frag(licFrag), reads: { u_dog: 'dog', u_flow: 'flow' }, uniforms: () => ({ u_sigmaM: 3 }) },
];

/** `iterations` rounds of the separable bilateral filter; the last pass is named 'abstract'. */
const ABSTRACT = (iterations: number, sigmaD: number, sigmaR: number): StylePass[] => {
  const passes: StylePass[] = [];
  let from = 'input';
  for (let i = 0; i < iterations; i++) {
    const last = i === iterations - 1;
    passes.push({ name: `bilateralH${i}`, source: frag(bilateralFrag), reads: { u_image: from }, uniforms: () => ({ u_dir: H, u_sigmaD: sigmaD, u_sigmaR: sigmaR }) });
    from = last ? 'abstract' : `bilateralV${i}`;
    passes.push({ name: from, source: frag(bilateralFrag), reads: { u_image: `bilateralH${i}` }, uniforms: () => ({ u_dir: V, u_sigmaD: sigmaD, u_sigmaR: sigmaR }) });
  }
  return passes;
};

export const STYLES: readonly StyleDef[] = defineStyles([
  {
    id: 'oil-paint',
    setting: { kind: 'brush', min: 3, max: 12, step: 1, initial: 6 },
    passes: [...FLOW, { name: 'kuwahara', source: frag(kuwaharaFrag), reads: { u_image: 'input', u_flow: 'flow' }, uniforms: (brush) => ({ u_radius: brush, u_q: 8 }) }],
  },
  {
    id: 'pencil',
    setting: { kind: 'strength', min: 0, max: 100, step: 5, initial: 50 },
    passes: [...FDOG((s) => 0.8 + s / 125), { name: 'pencil', source: frag(pencilFrag), reads: { u_lic: 'lic' }, uniforms: (s) => ({ u_strength: s / 100 }) }],
  },
  {
    id: 'ink',
    setting: { kind: 'strength', min: 0, max: 100, step: 5, initial: 50 },
    passes: [...FDOG((s) => 1 + s / 100), { name: 'ink', source: frag(inkFrag), reads: { u_lic: 'lic', u_image: 'input' }, uniforms: (s) => ({ u_strength: s / 100, u_colour: 0 }) }],
  },
  {
    id: 'ink-colour',
    setting: { kind: 'strength', min: 0, max: 100, step: 5, initial: 50 },
    passes: [...FDOG((s) => 1 + s / 100), { name: 'ink', source: frag(inkFrag), reads: { u_lic: 'lic', u_image: 'input' }, uniforms: (s) => ({ u_strength: s / 100, u_colour: 1 }) }],
  },
  {
    id: 'cartoon',
    setting: { kind: 'strength', min: 0, max: 100, step: 5, initial: 50 },
    passes: [...ABSTRACT(2, 3, 0.12), { name: 'cartoon', source: frag(cartoonFrag), reads: { u_image: 'abstract' }, uniforms: (s) => ({ u_strength: s / 100, u_levels: CARTOON_LEVELS }) }],
  },
  {
    id: 'comic',
    setting: { kind: 'strength', min: 0, max: 100, step: 5, initial: 50 },
    passes: [...ABSTRACT(1, 3, 0.15), { name: 'comic', source: frag(comicFrag), reads: { u_image: 'abstract' }, uniforms: (s) => ({ u_strength: s / 100, u_pitch: COMIC_PITCH }) }],
  },
  {
    id: 'watercolour',
    setting: { kind: 'strength', min: 0, max: 100, step: 5, initial: 50 },
    passes: [...ABSTRACT(2, 4, 0.1), { name: 'watercolour', source: frag(watercolourFrag), reads: { u_image: 'abstract' }, uniforms: (s) => ({ u_strength: s / 100 }) }],
  },
]);

/** The cartoon's luminance bands. */
export const CARTOON_LEVELS = 6;
/** The comic's dot pitch, in reference pixels. */
export const COMIC_PITCH = 7;

export function styleById(id: string): StyleDef | undefined {
  return STYLES.find((s) => s.id === id);
}

export { NO_STYLE, chainOf, stylePrograms } from './define';
export type { StyleDef, StyleLook } from './define';

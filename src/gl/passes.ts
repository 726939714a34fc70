import type { RenderTarget, StageContext, StageTexture, UniformValues } from './types';

/**
 * THE MULTI-PASS SEAM: a chain of fullscreen passes with targets between them, each at its own
 * scale, run by `runChain`. A chain is data (an owner's registry makes one: the art styles in
 * src/features/styles); the core knows no chain.
 *
 * Each pass draws into a pooled target of `scale` × the chain's working size (the input's size ×
 * the run's scale) and reads, by uniform name, the chain's input ('input') or an earlier pass's
 * output (by the pass's id). Besides its own uniforms each pass gets:
 *   u_texel  1 / its target's size (one of its own pixels, in uv)
 *   u_unit   its target's pixels per reference pixel (the shorter side / REFERENCE_SIDE): sizes in a
 *            chain (a brush, a stroke, a dot pitch) are given in reference pixels and multiplied by
 *            u_unit, so the same frame at any size, or at a reduced preview scale, looks the same
 *   u_size   its target's size in pixels
 * The chain's result is the last pass's target (the next pass resamples it as it would a stage's).
 */

/** Sizes in a chain are given in pixels of a picture whose shorter side is this many pixels (720p). */
export const REFERENCE_SIDE = 720;

export interface ChainPass {
  /** Program cache key: unique across chains (e.g. 'style:oil:tensor'). */
  id: string;
  /** Fragment shader (reads `in vec2 v_uv`, see shaders/common/fullscreen.vert). */
  source: string;
  /** Sampler uniform name → 'input' (the chain's input) or an earlier pass's id. */
  reads: Readonly<Record<string, string>>;
  /** This pass's target size relative to the chain's working size (default 1). */
  scale?: number;
  /** This pass's own uniforms (numbers the owner computed for this run). */
  uniforms?: UniformValues;
}

export type Chain = readonly ChainPass[];

/** A target's reference unit: its shorter side over REFERENCE_SIDE. */
export function unitOf(width: number, height: number): number {
  return Math.min(width, height) / REFERENCE_SIDE;
}

/** The size a pass draws at, for an input of `width`×`height` run at `scale`. */
export function passSize(width: number, height: number, scale: number, passScale = 1): { width: number; height: number } {
  return { width: Math.max(1, Math.round(width * scale * passScale)), height: Math.max(1, Math.round(height * scale * passScale)) };
}

/** Every program a chain draws with (to compile ahead of use). */
export function chainPrograms(chain: Chain): [id: string, source: string][] {
  return chain.map((p) => [p.id, p.source]);
}

/**
 * Runs `chain` over `input` at `scale` (1: the input's size; less, a cheaper preview), drawing
 * each pass into a target from the context's pool; returns the last pass's output.
 */
export function runChain(ctx: StageContext, chain: Chain, input: StageTexture, scale = 1): StageTexture {
  const steps = chainSteps(ctx, chain, input, scale);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same chain a step at a time: each `next()` draws one pass (or one band of it) and the last
 * returns the output. A caller that must not put a whole chain's GPU work before one frame (a side
 * read on a software GPU, where the compositor waits for all of it) spreads the steps over frames;
 * its targets must then outlive a frame (a pool of its own). `bands` > 1 draws each pass in that
 * many strips of rows, a step each (a pass reads only its inputs, all whole by then): one heavy
 * pass costs about 1/bands of its GPU time per frame (its first strip more: on a software GPU a
 * program's first draw in a while also pays for its compile).
 */
export function* chainSteps(ctx: StageContext, chain: Chain, input: StageTexture, scale = 1, bands = 1): Generator<void, StageTexture, void> {
  const outputs = new Map<string, RenderTarget>();
  let last: StageTexture = input;
  for (const pass of chain) {
    const { width, height } = passSize(input.width, input.height, scale, pass.scale);
    const target = ctx.acquireTarget(width, height);
    const textures: UniformValues = {};
    for (const [name, from] of Object.entries(pass.reads)) {
      const source = from === 'input' ? input : outputs.get(from);
      if (!source) throw new Error(`Pass ${pass.id} reads ${from}, which no earlier pass of its chain draws`);
      textures[name] = source.texture;
    }
    const program = ctx.program(pass.id, pass.source);
    const uniforms = { ...pass.uniforms, ...textures, u_texel: [1 / target.width, 1 / target.height], u_size: [target.width, target.height], u_unit: unitOf(target.width, target.height) };
    const strips = Math.max(1, Math.min(bands, height));
    for (let b = 0; b < strips; b++) {
      if (strips === 1) ctx.drawQuad(program, uniforms, target);
      else ctx.drawQuad(program, uniforms, target, bandRows(height, strips, b));
      if (b < strips - 1) yield;
    }
    outputs.set(pass.id, target);
    last = target;
    if (pass !== chain[chain.length - 1]) yield;
  }
  return last;
}

/** Band `b` of `bands` equal strips of a target `height` rows tall: [first row, row past the last]. */
export function bandRows(height: number, bands: number, b: number): [number, number] {
  return [Math.round((height * b) / bands), Math.round((height * (b + 1)) / bands)];
}

import { chainSteps, type Chain } from './passes';
import { readLater, type PendingRead } from './readback';
import type { FinalPass, StageContext, StageProgram, StageTexture } from './types';

/** A small read (Pipeline.startSmallRead): through `mid` first, a `chain` there, and a final `pass`. */
export interface SmallRead {
  pass?: FinalPass;
  mid?: { width: number; height: number };
  chain?: Chain;
  /** The chain's passes each drawn in this many strips, a step each (chainSteps). */
  bands?: number;
}

/**
 * A small read's GPU work as steps (for steppedRead): the copy into `mid` now, with a chain's first
 * pass; each later pass a step of its own; the last with the copy to `width`×`height`, the final
 * pass and the read-back. `ctx` draws into targets that outlive a frame.
 */
export function* smallReadSteps(
  ctx: StageContext,
  copy: StageProgram,
  input: StageTexture,
  width: number,
  height: number,
  { pass, mid, chain, bands }: SmallRead,
): Generator<void, PendingRead, void> {
  let source = input;
  if (mid) {
    const m = ctx.acquireTarget(mid.width, mid.height);
    ctx.drawQuad(copy, { u_image: source.texture }, m);
    source = m;
  }
  if (chain?.length) source = yield* chainSteps(ctx, chain, source, 1, bands);
  const small = ctx.acquireTarget(width, height);
  ctx.drawQuad(copy, { u_image: source.texture }, small);
  if (!pass) return readLater(ctx.gl, small);
  const out = ctx.acquireTarget(width, height);
  ctx.drawQuad(ctx.program(pass.id, pass.source), { ...pass.uniforms, u_image: small.texture, u_flipY: 1 }, out);
  return readLater(ctx.gl, out);
}

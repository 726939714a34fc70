import { describe, expect, it, vi } from 'vitest';
import { bandRows, chainSteps, passSize, REFERENCE_SIDE, runChain, unitOf, type Chain } from '../../src/gl/passes';
import { steppedRead, type PendingRead } from '../../src/gl/readback';
import type { RenderTarget, StageContext, UniformValues } from '../../src/gl/types';

/** A stage context that records each draw (no GL): what runChain asks for is what it gets. */
function recorder() {
  const draws: { program: string; uniforms: UniformValues; target: RenderTarget; rows?: [number, number] }[] = [];
  let n = 0;
  const ctx = {
    gl: null as unknown as WebGL2RenderingContext,
    acquireTarget: (width: number, height: number) => ({ texture: { id: `t${n++}` } as unknown as WebGLTexture, framebuffer: {} as WebGLFramebuffer, width, height }),
    drawQuad: (program: unknown, uniforms: UniformValues, target: RenderTarget, rows?: [number, number]) => draws.push({ program: program as string, uniforms, target, rows }),
    program: (id: string) => id as never,
  } satisfies StageContext;
  return { ctx, draws };
}

const input = { texture: { id: 'input' } as unknown as WebGLTexture, width: 1280, height: 720 };

describe('the multi-pass seam', () => {
  it('draws each pass into its own target at its scale, reading the input or earlier passes by name', () => {
    const { ctx, draws } = recorder();
    const chain: Chain = [
      { id: 'a', source: '', reads: { u_image: 'input' }, scale: 0.5 },
      { id: 'b', source: '', reads: { u_a: 'a', u_image: 'input' }, uniforms: { u_k: 3 } },
    ];
    const out = runChain(ctx, chain, input);
    expect(draws.map((d) => [d.program, d.target.width, d.target.height])).toEqual([
      ['a', 640, 360],
      ['b', 1280, 720],
    ]);
    expect(draws[1]!.uniforms.u_a).toBe(draws[0]!.target.texture);
    expect(draws[1]!.uniforms.u_image).toBe(input.texture);
    expect(draws[1]!.uniforms.u_k).toBe(3);
    expect(out).toBe(draws[1]!.target);
  });

  it('gives each pass its size in reference pixels, so a smaller run or pass draws the same picture', () => {
    const { ctx, draws } = recorder();
    runChain(ctx, [{ id: 'a', source: '', reads: { u_image: 'input' } }, { id: 'b', source: '', reads: { u_image: 'a' }, scale: 0.5 }], input, 0.5);
    expect(draws[0]!.target.width).toBe(640);
    expect(draws[0]!.uniforms.u_unit).toBeCloseTo(360 / REFERENCE_SIDE);
    expect(draws[1]!.target.height).toBe(180);
    expect(draws[1]!.uniforms.u_unit).toBeCloseTo(180 / REFERENCE_SIDE);
    expect(draws[1]!.uniforms.u_texel).toEqual([1 / 320, 1 / 180]);
    expect(unitOf(1920, 1080)).toBe(1.5);
    expect(passSize(3, 3, 0.1)).toEqual({ width: 1, height: 1 });
  });

  it('an empty chain is the input; a read of a pass not drawn yet is an error', () => {
    const { ctx } = recorder();
    expect(runChain(ctx, [], input)).toBe(input);
    expect(() => runChain(ctx, [{ id: 'a', source: '', reads: { u_x: 'later' } }], input)).toThrow(/reads later/);
  });

  it('a chain a pass at a time: one draw per step, the same draws as the whole chain', () => {
    const chain: Chain = [0, 1, 2].map((i) => ({ id: `p${i}`, source: '', reads: { u_image: i ? `p${i - 1}` : 'input' } }));
    const whole = recorder();
    runChain(whole.ctx, chain, input);
    const { ctx, draws } = recorder();
    const steps = chainSteps(ctx, chain, input);
    const seen: number[] = [];
    let step = steps.next();
    for (; !step.done; step = steps.next()) seen.push(draws.length);
    expect(seen).toEqual([1, 2]);
    expect(draws.map((d) => d.program)).toEqual(whole.draws.map((d) => d.program));
    expect(step.value).toBe(draws[2]!.target);
  });

  it('a chain in bands: each pass drawn strip by strip, a step each, covering every row once', () => {
    const chain: Chain = [
      { id: 'a', source: '', reads: { u_image: 'input' } },
      { id: 'b', source: '', reads: { u_image: 'a' }, scale: 0.5 },
    ];
    const { ctx, draws } = recorder();
    const steps = chainSteps(ctx, chain, { ...input, width: 192, height: 107 }, 1, 3);
    let count = 0;
    for (let step = steps.next(); !step.done; step = steps.next()) count++;
    expect(count).toBe(5); // 6 strips, the last one ending the run
    expect(draws.map((d) => [d.program, d.rows])).toEqual([
      ['a', [0, 36]],
      ['a', [36, 71]],
      ['a', [71, 107]],
      ['b', [0, 18]],
      ['b', [18, 36]],
      ['b', [36, 54]],
    ]);
    // Every strip of a pass draws into the same target with the same inputs.
    expect(new Set(draws.slice(3).map((d) => d.target)).size).toBe(1);
    expect(draws[3]!.uniforms.u_image).toBe(draws[0]!.target.texture);
    // More bands than rows: a strip per row.
    expect([0, 1].map((b) => bandRows(2, 2, b))).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });
});

describe('a read sent a step at a time', () => {
  const pixels = new Uint8ClampedArray(4);
  const ready: PendingRead = { width: 1, height: 1, poll: () => pixels };
  function* steps(log: string[], n: number, last: PendingRead | null = ready): Generator<void, PendingRead | null, void> {
    for (let i = 0; i < n; i++) {
      log.push(`step ${i}`);
      yield;
    }
    log.push('read');
    return last;
  }

  it('sends the first step at once and one more at each poll, then gives the pixels', () => {
    const log: string[] = [];
    const read = steppedRead(1, 1, steps(log, 3), () => false)!;
    expect(log).toEqual(['step 0']);
    expect(read.poll()).toBeNull();
    expect(log).toEqual(['step 0', 'step 1']);
    expect(read.poll()).toBeNull();
    expect(read.poll()).toBeNull();
    expect(log).toEqual(['step 0', 'step 1', 'step 2', 'read']);
    expect(read.poll()).toBe(pixels);
  });

  it('fails once the context is lost between steps; nothing to read is null at once', () => {
    let lost = false;
    const read = steppedRead(1, 1, steps([], 2), () => lost)!;
    lost = true;
    expect(read.poll()).toBe('failed');
    expect(steppedRead(1, 1, steps([], 0, null), () => false)).toBeNull();
  });

  it('a step that throws fails the read (its owner goes on to the next), never the frame', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function* broken(): Generator<void, PendingRead | null, void> {
      yield;
      throw new Error('Pass b reads c, which no earlier pass of its chain draws');
    }
    const read = steppedRead(1, 1, broken(), () => false)!;
    expect(read.poll()).toBe('failed');
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});

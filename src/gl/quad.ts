import * as twgl from 'twgl.js';
import type { RenderTarget, StageProgram, UniformValues } from './types';

/**
 * The pipeline's one drawing primitive: a full-screen quad through a program into a target (or the
 * canvas), and the GL state to put back when a frame stops half-way.
 */
export class Quad {
  private buffer: twgl.BufferInfo;

  constructor(private gl: WebGL2RenderingContext) {
    // The quad twgl's primitives.createXYQuadBufferInfo makes, without pulling in all its primitives.
    this.buffer = twgl.createBufferInfoFromArrays(gl, {
      position: { numComponents: 2, data: [-1, -1, 1, -1, -1, 1, 1, 1] },
      texcoord: { numComponents: 2, data: [0, 0, 1, 0, 0, 1, 1, 1] },
      indices: [0, 1, 2, 2, 1, 3],
    });
  }

  /** Draws into `target`, or into the canvas at w × h when target is null. */
  draw(program: StageProgram, uniforms: UniformValues, target: RenderTarget | null, w = 0, h = 0, rows?: [number, number]): void {
    const gl = this.gl;
    const width = target ? target.width : w;
    gl.bindFramebuffer(gl.FRAMEBUFFER, target ? target.framebuffer : null);
    gl.viewport(0, 0, width, target ? target.height : h);
    gl.useProgram(program.program);
    twgl.setBuffersAndAttributes(gl, program, this.buffer);
    twgl.setUniforms(program, uniforms);
    if (rows) {
      // Only these rows are drawn (the scissor keeps the fragment work to them too).
      gl.enable(gl.SCISSOR_TEST);
      gl.scissor(0, rows[0], width, rows[1] - rows[0]);
    }
    twgl.drawBufferInfo(gl, this.buffer);
    if (rows) gl.disable(gl.SCISSOR_TEST);
  }

  /** GL state a stage may have left half-set when it threw StagePending mid-frame. */
  resetState(): void {
    const gl = this.gl;
    gl.colorMask(true, true, true, true);
    gl.disable(gl.SCISSOR_TEST);
    gl.disable(gl.BLEND);
    gl.blendEquation(gl.FUNC_ADD);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  }
}

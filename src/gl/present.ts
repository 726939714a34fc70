import type { RenderTarget } from './types';
import { GpuFence } from './fence';

/**
 * Preview frames drawn off-screen and shown once the GPU has finished them. On a software GPU
 * the compositor reads a WebGL canvas back each time it changes, and that read waits for every
 * command the context was given: a frame drawn straight into the canvas keeps the main thread
 * waiting for its whole GPU time. Drawn into this target instead, behind a fence, and copied to the
 * canvas only when done, the compositor's read waits for that copy alone. (A frame of latency on
 * a real GPU, where the copy is nearly free.)
 */
export class Presenter {
  private target: RenderTarget | null = null;
  private fence: GpuFence;

  constructor(private gl: WebGL2RenderingContext) {
    this.fence = new GpuFence(gl);
  }

  /** The target a frame of this size is drawn into. */
  targetFor(width: number, height: number): RenderTarget {
    const gl = this.gl;
    if (this.target && this.target.width === width && this.target.height === height) return this.target;
    this.dispose();
    const texture = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
    for (const p of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER]) gl.texParameteri(gl.TEXTURE_2D, p, gl.NEAREST);
    for (const p of [gl.TEXTURE_WRAP_S, gl.TEXTURE_WRAP_T]) gl.texParameteri(gl.TEXTURE_2D, p, gl.CLAMP_TO_EDGE);
    const framebuffer = gl.createFramebuffer()!;
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    this.target = { texture, framebuffer, width, height };
    return this.target;
  }

  /** A frame was drawn into the target: fenced, shown once done. */
  submitted(): void {
    this.fence.set();
  }

  /** Whether a frame is drawn (or being drawn) and not shown yet. */
  get pending(): boolean {
    return this.fence.pending;
  }

  /** The finished frame to show (its texture), or null while the GPU is still on it (or none is waiting). */
  finished(): RenderTarget | null {
    if (!this.fence.pending || !this.target || !this.fence.done()) return null;
    return this.target;
  }

  /** Forgets everything (a lost context: the objects are gone with it). */
  reset(): void {
    this.target = null;
    this.fence.clear();
  }

  dispose(): void {
    const gl = this.gl;
    if (!gl.isContextLost()) {
      if (this.target) {
        gl.deleteFramebuffer(this.target.framebuffer);
        gl.deleteTexture(this.target.texture);
      }
    }
    this.reset();
  }
}

/** Resolves once the page has shown its next frame (or after 100 ms where frames are not shown: a hidden tab). */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

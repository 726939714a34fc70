import type { RenderTarget } from './types';

/**
 * Framebuffers reused across frames. `acquire` hands out a target nobody else holds this frame,
 * creating one the first time a size is asked for; `beginFrame` makes them all free again.
 */
export class TargetPool {
  private all: RenderTarget[] = [];
  private inUse = new Set<RenderTarget>();

  constructor(private gl: WebGL2RenderingContext) {}

  beginFrame(): void {
    this.inUse.clear();
  }

  acquire(width: number, height: number): RenderTarget {
    const w = Math.max(1, Math.round(width));
    const h = Math.max(1, Math.round(height));
    let t = this.all.find((x) => x.width === w && x.height === h && !this.inUse.has(x));
    if (!t) {
      t = this.create(w, h);
      this.all.push(t);
      this.trim();
    }
    this.inUse.add(t);
    return t;
  }

  /** Sizes change when the window resizes; drop free targets beyond a small budget. */
  private trim(): void {
    const MAX = 16;
    while (this.all.length > MAX) {
      const idx = this.all.findIndex((x) => !this.inUse.has(x));
      if (idx < 0) return;
      const [old] = this.all.splice(idx, 1);
      this.destroy(old!);
    }
  }

  private create(width: number, height: number): RenderTarget {
    const gl = this.gl;
    const texture = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    const framebuffer = gl.createFramebuffer()!;
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    return { texture, framebuffer, width, height };
  }

  private destroy(t: RenderTarget): void {
    this.gl.deleteFramebuffer(t.framebuffer);
    this.gl.deleteTexture(t.texture);
  }

  dispose(): void {
    for (const t of this.all) this.destroy(t);
    this.all = [];
    this.inUse.clear();
  }
}

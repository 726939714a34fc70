import { drawableTextureSide } from './drawable';

/**
 * The camera frame as the pipeline's source texture. A frame larger than the GPU really draws
 * (./drawable.ts: at most 4096 px, whatever MAX_TEXTURE_SIZE says) is scaled down to fit first
 * (never a black picture).
 */
export class SourceTexture {
  readonly texture: WebGLTexture | null;
  width = 0;
  height = 0;
  /** The largest texture side used here (./drawable.ts; a larger upload can fail: a black picture, or a crash). */
  readonly maxSize: number;
  /** Where a frame too large for a texture is scaled down first. */
  private downscale: OffscreenCanvas | null = null;

  constructor(private gl: WebGL2RenderingContext) {
    this.maxSize = drawableTextureSide(gl);
    this.texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  }

  /** Uploads a camera frame (video element or bitmap), rows flipped to GL's bottom-first. */
  upload(source: TexImageSource, width: number, height: number): void {
    const fit = fitTexture(width, height, this.maxSize);
    if (fit.scale < 1) {
      const c = (this.downscale ??= new OffscreenCanvas(fit.width, fit.height));
      if (c.width !== fit.width || c.height !== fit.height) Object.assign(c, { width: fit.width, height: fit.height });
      c.getContext('2d')!.drawImage(source as CanvasImageSource, 0, 0, fit.width, fit.height);
      source = c;
      ({ width, height } = fit);
    }
    const gl = this.gl;
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, true);
    if (this.width !== width || this.height !== height) {
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, source);
      this.width = width;
      this.height = height;
    } else {
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, gl.RGBA, gl.UNSIGNED_BYTE, source);
    }
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  }

  dispose(): void {
    if (!this.gl.isContextLost() && this.texture) this.gl.deleteTexture(this.texture);
  }
}

/** A frame's size scaled down (if need be) so that neither side exceeds `max`. */
export function fitTexture(width: number, height: number, max: number): { width: number; height: number; scale: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return scale < 1 ? { width: Math.floor(width * scale), height: Math.floor(height * scale), scale } : { width, height, scale };
}

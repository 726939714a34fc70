/**
 * Watches the booth's WebGL calls from outside the renderer (test build only), for the tests that
 * the live path never stalls:
 *  - a program linked while a live preview frame is being rendered (a shader compiled inside a
 *    frame: on a software GPU a 100+ ms stall);
 *  - a synchronous full read-back (readPixels into client memory) while a photo is being made,
 *    against reads into a pixel buffer (readPixels with a byte offset: asynchronous with a fence).
 * It wraps the WebGL2 prototype and the two methods that bound a live frame and a photo; what the
 * seam itself reads (previewPixels' canvas read) is left out.
 */
import { Pipeline } from '../gl/pipeline';
import { PreviewRenderer } from '../features/booth/renderer/previewRenderer';

const counts = { frames: 0, links: 0, linksInFrame: 0, photos: 0, syncReadsInPhoto: 0, bufferReadsInPhoto: 0, largestBufferRead: 0 };
let inFrame = 0;
let inPhoto = 0;
let seamReading = 0;

export function installGlWatch(): void {
  const gl = WebGL2RenderingContext.prototype;
  const link = gl.linkProgram;
  gl.linkProgram = function (this: WebGL2RenderingContext, program: WebGLProgram) {
    counts.links++;
    if (inFrame) counts.linksInFrame++;
    return link.call(this, program);
  };
  const read = gl.readPixels as (...args: unknown[]) => void;
  (gl as unknown as { readPixels: (...args: unknown[]) => void }).readPixels = function (this: WebGL2RenderingContext, ...args: unknown[]) {
    if (inPhoto && !seamReading) {
      const [, , w, h, , , dest] = args as [number, number, number, number, number, number, unknown];
      // A byte offset: into the bound pixel buffer (asynchronous); an array: the CPU waits for the GPU.
      if (typeof dest === 'number') {
        counts.bufferReadsInPhoto++;
        counts.largestBufferRead = Math.max(counts.largestBufferRead, w * h);
      }
      else if (w * h > 1) counts.syncReadsInPhoto++;
    }
    return read.apply(this, args);
  };
  const preview = Pipeline.prototype.renderPreview;
  Pipeline.prototype.renderPreview = function (this: Pipeline, ...args: Parameters<Pipeline['renderPreview']>) {
    counts.frames++;
    inFrame++;
    try {
      return preview.apply(this, args);
    } finally {
      inFrame--;
    }
  };
  const readCanvas = Pipeline.prototype.readCanvas;
  Pipeline.prototype.readCanvas = function (this: Pipeline) {
    seamReading++;
    try {
      return readCanvas.call(this);
    } finally {
      seamReading--;
    }
  };
  const capture = PreviewRenderer.prototype.capture;
  PreviewRenderer.prototype.capture = async function (this: PreviewRenderer, ...args: Parameters<PreviewRenderer['capture']>) {
    counts.photos++;
    inPhoto++;
    try {
      return await capture.apply(this, args);
    } finally {
      inPhoto--;
    }
  };
}

export const glWatch = () => ({ ...counts });
export const resetGlWatch = () => {
  for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] = 0;
};

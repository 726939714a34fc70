import type { RenderTarget } from './types';

/** An asynchronous read-back: poll() → pixels when ready, null while pending, 'failed' if lost. */
export interface PendingRead {
  width: number;
  height: number;
  poll(): Uint8ClampedArray<ArrayBuffer> | null | 'failed';
}

/** Reads a target now (blocks until the GPU is done): the test seam and measurements only. */
export function readNow(gl: WebGL2RenderingContext, target: RenderTarget | null, width: number, height: number): Uint8ClampedArray<ArrayBuffer> {
  const pixels = new Uint8ClampedArray(width * height * 4);
  gl.bindFramebuffer(gl.FRAMEBUFFER, target ? target.framebuffer : null);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  return pixels;
}

/**
 * Read-back into a pixel buffer with a fence: `poll()` returns the pixels once the GPU is done
 * (null until then), so the main thread never waits for the GPU.
 */
export function readLater(gl: WebGL2RenderingContext, target: RenderTarget): PendingRead {
  const { width, height } = target;
  const buffer = gl.createBuffer();
  gl.bindBuffer(gl.PIXEL_PACK_BUFFER, buffer);
  gl.bufferData(gl.PIXEL_PACK_BUFFER, width * height * 4, gl.STREAM_READ);
  gl.bindFramebuffer(gl.FRAMEBUFFER, target.framebuffer);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, 0);
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
  const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  gl.flush();
  let done = false;
  const cleanup = () => {
    done = true;
    if (!gl.isContextLost()) {
      gl.deleteSync(sync);
      gl.deleteBuffer(buffer);
    }
  };
  return {
    width,
    height,
    poll: () => {
      if (done) return 'failed';
      if (gl.isContextLost() || !sync) {
        cleanup();
        return 'failed';
      }
      const status = gl.clientWaitSync(sync, 0, 0);
      if (status === gl.TIMEOUT_EXPIRED) return null;
      if (status === gl.WAIT_FAILED) {
        cleanup();
        return 'failed';
      }
      const pixels = new Uint8ClampedArray(width * height * 4);
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, buffer);
      gl.getBufferSubData(gl.PIXEL_PACK_BUFFER, 0, pixels);
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
      cleanup();
      return pixels;
    },
  };
}

/** How often a pending read is polled. */
const POLL_MS = 4;

/**
 * A whole target read through a pixel buffer and a fence (readLater), resolved once the GPU is
 * done: the main thread never blocks on the GPU. Rejects if the context is lost meanwhile.
 */
export function readAsync(gl: WebGL2RenderingContext, target: RenderTarget): Promise<Uint8ClampedArray<ArrayBuffer>> {
  const read = readLater(gl, target);
  return new Promise((resolve, reject) => {
    const poll = () => {
      const pixels = read.poll();
      if (pixels === 'failed') reject(new Error('The GPU read-back failed (context lost)'));
      else if (pixels) resolve(pixels);
      else setTimeout(poll, POLL_MS);
    };
    poll();
  });
}

/** Rows bottom-first (GL) → top-first (ImageData), in place. */
export function flipRows(pixels: Uint8ClampedArray, width: number, height: number): void {
  const row = width * 4;
  const tmp = new Uint8ClampedArray(row);
  for (let y = 0; y < height >> 1; y++) {
    const a = y * row;
    const b = (height - 1 - y) * row;
    tmp.set(pixels.subarray(a, a + row));
    pixels.copyWithin(a, b, b + row);
    pixels.set(tmp, b);
  }
}

/**
 * A read whose GPU work is sent a step at a time: the first step now, one more at each poll (its
 * owner polls once a frame), then the read's own fence. On a software GPU the compositor waits for
 * all the work sent before a frame; a chain of passes sent at once makes that wait a long task.
 * Null when the first step has nothing to read; a later step that throws fails the read.
 */
export function steppedRead(width: number, height: number, steps: Iterator<void, PendingRead | null>, lost: () => boolean): PendingRead | null {
  let step = steps.next();
  let read = step.done ? step.value : null;
  if (step.done && !read) return null;
  return {
    width,
    height,
    poll: () => {
      if (read) return read.poll();
      if (lost()) return 'failed';
      try {
        step = steps.next();
      } catch (error) {
        console.error('A side read failed:', error); // the read ends; its owner starts the next
        return 'failed';
      }
      if (!step.done) return null;
      read = step.value;
      return read ? null : 'failed';
    },
  };
}

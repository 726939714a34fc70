/// <reference lib="webworker" />
// What the face landmarker needs of the engine it runs in, probed in one place (never read from the
// user agent). Called inside the landmarker's worker.
import { softwareRenderer } from '../../lib/softwareGpu';

/**
 * WebGL on an OffscreenCanvas in this scope: MediaPipe uploads every image it is given through a
 * WebGL texture of its own canvas, whatever the delegate, so without it no landmark can be found.
 * Safari before 17 has OffscreenCanvas in workers, but only its 2D context. Returns which version
 * is there (2 lets the GPU delegate run; 1 is enough for the CPU delegate's image upload), and
 * whether it runs on a software renderer; the probe's context is let go at once.
 */
export function workerWebGl(): WorkerWebGl | null {
  // Probed once per worker: the answer does not change, and each probe makes a WebGL context.
  if (probed === undefined) probed = probe();
  return probed;
}

type WorkerWebGl = { version: 1 | 2; software: boolean };
let probed: WorkerWebGl | null | undefined;

function probe(): WorkerWebGl | null {
  if (typeof OffscreenCanvas === 'undefined') return null;
  for (const version of [2, 1] as const) {
    try {
      const gl = new OffscreenCanvas(1, 1).getContext(version === 2 ? 'webgl2' : 'webgl') as WebGL2RenderingContext | null;
      if (!gl) continue;
      const software = softwareRenderer(gl);
      gl.getExtension('WEBGL_lose_context')?.loseContext();
      return { version, software };
    } catch {
      // An engine that throws rather than returning null: the same as none.
    }
  }
  return null;
}

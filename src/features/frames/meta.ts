/**
 * The live frames' seam (a layer below motion and messages): the frame tap the booth's preview
 * gives (./tap.ts) and the worker that makes recordings' frames off the main thread
 * (./frameWorker.ts, ./frames.worker.ts). No strings: nothing of it is on screen.
 */

/** Let go after this long without a frame (the next burst starts it again). */
export const WORKER_IDLE_MS = 10_000;

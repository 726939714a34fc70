/**
 * The live frames' seam (a layer below motion and messages): the frame tap the booth's preview
 * gives (./tap.ts) and the worker that makes recordings' frames off the main thread
 * (./frameWorker.ts, ./frames.worker.ts). No strings: nothing of it is on screen.
 */
export const FRAMES_FEATURE = 'frames';

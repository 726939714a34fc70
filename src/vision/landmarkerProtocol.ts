/** Messages between the main thread and the face-landmarker worker (src/vision/landmarker.worker.ts). */

/** Why face effects are unavailable: the model bytes, the wasm runtime, or the landmarker itself. */
export type LandmarkerFailure = 'model' | 'wasm' | 'init';

export type ToLandmarker =
  | { type: 'init'; modelUrl: string; wasmBase: string }
  /**
   * A frame to search. Live preview frames arrive as VideoFrames (no copy on the main thread) and
   * the worker scales them down to `maxSide`; a capture's still is searched at full size (0).
   */
  | { type: 'detect'; id: number; frame: ImageBitmap | VideoFrame; maxSide: number }
  /** The booth was left: close the landmarker (freeing its memory) and the worker. */
  | { type: 'close' };

export type FromLandmarker =
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'ready' }
  | { type: 'failed'; reason: LandmarkerFailure; message: string }
  /** One entry per face: x, y, z interleaved (x and y normalised 0..1 in the frame). */
  | { type: 'faces'; id: number; faces: Float32Array[]; detectMs: number; width: number; height: number };

/** Up to two faces, as the issue asks. */
export const MAX_FACES = 2;
/** MediaPipe Face Mesh v2 (with irises) has 478 points. */
export const LANDMARK_COUNT = 478;

/** The face-landmarker worker's API (src/features/vision/landmarker.worker.ts), over the worker bridge. */

/** Why face effects are unavailable: the model bytes, the wasm runtime, or the landmarker itself. */
export type LandmarkerFailure = 'model' | 'wasm' | 'init';
export const FAILURES: readonly LandmarkerFailure[] = ['model', 'wasm', 'init'];

export interface FacesResult {
  /** One entry per face: x, y, z interleaved (x and y normalised 0..1 in the frame). */
  faces: Float32Array[];
  detectMs: number;
  width: number;
  height: number;
}

export type LandmarkerApi = {
  /** Loads the model and the wasm; rejects with an error named after the LandmarkerFailure. */
  init(req: { modelUrl: string; wasmBase: string }): void;
  /**
   * A frame to search. Live preview frames arrive as VideoFrames (no copy on the main thread) and
   * the worker scales them down to `maxSide`; a capture's still is searched at full size (0).
   */
  detect(req: { frame: ImageBitmap | VideoFrame; maxSide: number }): FacesResult;
  /** The booth was left: close the landmarker (freeing its memory). */
  close(): void;
};

export type LandmarkerEvents = {
  /** Model download progress, bytes. */
  progress: { loaded: number; total: number };
};

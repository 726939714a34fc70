/** The face-landmarker worker's API (src/features/vision/landmarker.worker.ts), over the worker bridge. */

/**
 * Why face effects are unavailable: the model bytes, the wasm runtime, the landmarker itself, or
 * no WebGL in the worker (support.ts: MediaPipe cannot take an image without it; trying again cannot help).
 */
export type LandmarkerFailure = 'model' | 'wasm' | 'init' | 'webgl';
export const FAILURES: readonly LandmarkerFailure[] = ['model', 'wasm', 'init', 'webgl'];

/** The delegate chosen at start-up: CPU on a software GPU; on a hardware one, the faster when timed. */
export interface DelegateChoice {
  delegate: 'CPU' | 'GPU';
  why: 'software-gpu' | 'gpu-failed' | 'timed';
  cpuMs?: number;
  gpuMs?: number;
}

export interface FacesResult {
  /** One entry per face: x, y, z interleaved (x and y normalised 0..1 in the frame). */
  faces: Float32Array[];
  /** Which landmarker found each face: a face keeps its id while it stays tracked (for smoothing). */
  ids: number[];
  /** The worker's whole time for the frame (crops, search tiles and landmarker calls)… */
  detectMs: number;
  /** …of which inside MediaPipe, in this many calls (one per tracked face; more while searching). */
  modelMs: number;
  calls: number;
  width: number;
  height: number;
}

export type LandmarkerApi = {
  /** Loads the model and the wasm; rejects with an error named after the LandmarkerFailure. */
  init(req: { modelUrl: string; wasmBase: string }): void;
  /**
   * A frame to search. Live preview frames arrive as VideoFrames (no copy on the main thread); a
   * capture's `still` is searched everywhere for faces and at a finer crop.
   */
  detect(req: { frame: ImageBitmap | VideoFrame; still: boolean }): FacesResult;
  /** Which delegate runs the landmarks, and why (undefined before init). */
  delegate(): DelegateChoice | undefined;
  /** The booth was left: close the landmarker (freeing its memory). */
  close(): void;
};

export type LandmarkerEvents = {
  /** Model download progress, bytes. */
  progress: { loaded: number; total: number };
};

/** The landmarker's data: where its files are served from and how hard it works. */

/** The face model and MediaPipe's wasm, served by the app itself (never a CDN: see README). */
export const MODEL_URL = '/models/face_landmarker.task';
export const WASM_BASE = '/mediapipe';
/** Longest side of the frames sent to the worker for the live preview (speed vs precision). */
export const LIVE_DETECT_SIZE = 480;
/** Faces tracked at once. */
export const MAX_FACES = 2;

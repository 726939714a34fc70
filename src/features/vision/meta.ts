/** The landmarker's data: where its files are served from and how hard it works. */

/**
 * The face model and MediaPipe's wasm, served by the app itself (never a CDN: see README), under
 * URLs named by version and content hash (written by scripts/assets.mjs at install and build).
 */
export { MODEL_URL, WASM_BASE } from './runtime.gen';
/** Faces tracked at once (each has its own landmarker in the worker). */
export const MAX_FACES = 4;
/** Side (px) a tracked face's crop is scaled to for a live frame, and for a capture's still. */
export const LIVE_CROP_SIZE = 256;
export const STILL_CROP_SIZE = 768;
/** Side (px) of a search tile (the detector sees it at 128: a far face needs the tile's detail). */
export const TILE_SIZE = 384;
/**
 * With fewer faces tracked than MAX_FACES (and at least one), how often the live frames are
 * searched for another, one search tile at a time (faceCrops.ts `tilesFor`) on a landmarker kept
 * for searching: a search is one more landmarker call in that frame, so not every frame; a face
 * joining (or coming back) is found within a round of the tiles (11 for a 16:9 frame: 5.5 s; 7
 * for a 4:3 one).
 */
export const SEARCH_EVERY_MS = 500;
/**
 * How long a capture's still may take in the landmarker before the photo goes on without it (see
 * the booth's shot): a cold still of four faces takes ~1 s here, ~2.5 s beside another busy tab.
 * Live frames need none: nothing waits for them (faceTracker.ts).
 */
export const STILL_DEADLINE_MS = 6_000;

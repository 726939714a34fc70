/// <reference lib="webworker" />
// Face landmarks off the main thread, so the live preview never waits for them.
import '../../workers/installGuard';
import type { FaceLandmarker } from '@mediapipe/tasks-vision';
import { expose } from '../../workers/bridge';
import { LIVE_CROP_SIZE, MAX_FACES, SEARCH_EVERY_MS, STILL_CROP_SIZE, TILE_SIZE } from './meta';
import { createLandmarker, fetchModel, loadWasmFileset, type Fileset } from './landmarkerLoad';
import { chooseDelegate } from './delegate';
import { cropSize, cropToFrame, faceBox, followFace, sameFace, scaleCrop, tilesFor, type Crop } from './faceCrops';
import { TileLog } from './tileLog';
import type { DelegateChoice, FacesResult, LandmarkerApi, LandmarkerEvents } from './protocol';

/**
 * One landmarker per face, each asked for one face and fed a crop that follows it (faceCrops.ts):
 * `crop` is where its face was last seen, in units of the frame's width (so it fits a still of
 * another size), or undefined while the slot is free to search.
 */
interface Slot {
  landmarker: FaceLandmarker;
  crop?: Crop;
}

let files: Fileset | undefined;
let model: Uint8Array | undefined;
let delegate: DelegateChoice | undefined;
const slots: Slot[] = [];
let lastTs = 0;
let lastSearch = -Infinity;
let nextTile = 0;
const searched = new TileLog();
/** A landmarker could not be made: no more are tried. */
let cannotGrow = false;
let canvas: OffscreenCanvas | undefined;
let blank: OffscreenCanvas | undefined;
/** Time a still's detection waited for a landmarker to be made (a one-off load, not per-frame work). */
let setupMs = 0;
/** The current detection's time inside MediaPipe alone, and its calls. */
let modelMs = 0;
let calls = 0;

/** One landmarker call, timed. */
function run(landmarker: FaceLandmarker, image: TexImageSource) {
  const start = performance.now();
  try {
    return landmarker.detectForVideo(image, stamp()).faceLandmarks[0];
  } finally {
    modelMs += performance.now() - start;
    calls++;
  }
}

async function init(modelUrl: string, wasmBase: string): Promise<void> {
  const [bytes, fileset] = await Promise.all([fetchModel(modelUrl, (loaded, total) => emit('progress', { loaded, total })), loadWasmFileset(wasmBase)]);
  model = bytes;
  files = fileset;
  const chosen = await chooseDelegate((d) => createLandmarker(fileset, bytes, d), stamp);
  delegate = chosen.choice;
  slots.push({ landmarker: chosen.landmarker });
}

/** VIDEO mode needs strictly increasing timestamps, per landmarker; one clock serves them all. */
const stamp = () => (lastTs = Math.max(lastTs + 1, Math.round(performance.now())));

function flatten(face: { x: number; y: number; z: number }[]): Float32Array {
  const out = new Float32Array(face.length * 3);
  face.forEach((p, i) => {
    out[i * 3] = p.x;
    out[i * 3 + 1] = p.y;
    out[i * 3 + 2] = p.z;
  });
  return out;
}

type Frame = ImageBitmap | VideoFrame;

/**
 * A crop of the frame scaled to `side` on its long side, drawn on a 2D canvas (cheaper here than
 * createImageBitmap's crop-and-resize of a camera frame), with the faces in `hide` painted out.
 * MediaPipe reads it at once, so one canvas serves every call.
 */
function cropImage(frame: Frame, crop: Crop, side: number, hide: Float32Array[] = [], width = 0, height = 0): OffscreenCanvas {
  const size = cropSize(crop, side);
  canvas ??= new OffscreenCanvas(size.width, size.height);
  if (canvas.width !== size.width || canvas.height !== size.height) {
    canvas.width = size.width;
    canvas.height = size.height;
  }
  const ctx = canvas.getContext('2d', { alpha: false })!;
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, size.width, size.height);
  const s = size.width / crop.w;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(frame, crop.x, crop.y, crop.w, crop.h, 0, 0, size.width, size.height);
  for (const face of hide) {
    const b = faceBox(face, width, height);
    const pad = 0.25 * Math.max(b.w, b.h);
    ctx.fillRect((b.x - pad - crop.x) * s, (b.y - 2 * pad - crop.y) * s, (b.w + 2 * pad) * s, (b.h + 3 * pad) * s);
  }
  return canvas;
}

/**
 * Ends a landmarker's tracking: a blank frame has no face, so its next call runs the detector on
 * the crop it is given. Used when a face's crop changes (after a search, or a re-centring): the
 * tracking would otherwise carry the face's place in the old crop into the new one, and the
 * landmarks would wobble for a few frames while it caught up.
 */
function restart(landmarker: FaceLandmarker) {
  if (!blank) {
    blank = new OffscreenCanvas(32, 32);
    blank.getContext('2d')!.fillRect(0, 0, 32, 32);
  }
  run(landmarker, blank);
}

/** One face's landmarks in a crop of the frame, in the frame's normalised coordinates. */
function landmarksIn(landmarker: FaceLandmarker, frame: Frame, crop: Crop, side: number, width: number, height: number) {
  const face = run(landmarker, cropImage(frame, crop, side));
  return face ? cropToFrame(flatten(face), crop, width, height) : undefined;
}

/**
 * A new landmarker, free to search (each face has its own; the first is made at start-up). One that
 * could not be made is not tried again: the faces tracked go on, no more are added.
 */
async function newSlot(): Promise<Slot | undefined> {
  if (slots.length >= MAX_FACES || !files || !model || !delegate || cannotGrow) return undefined;
  try {
    const slot: Slot = { landmarker: await createLandmarker(files, model, delegate.delegate) };
    slots.push(slot);
    return slot;
  } catch (e) {
    cannotGrow = true;
    console.warn('no landmarker for another face:', e);
    return undefined;
  }
}

/** The landmarker being made for searching, while it is. */
let growing: Promise<Slot | undefined> | undefined;

/**
 * The landmarker a search runs on: one tracking no face, else a new one. A tracked face's is never
 * lent: searching would end its tracking, and its restart from a fresh detection moved the face's
 * landmarks by a pixel or two. So while one to three faces are tracked, one more landmarker (a
 * wasm instance) is kept for searching; with four, none searches. A live frame does not wait for
 * it to be made (the faces go on being tracked meanwhile, and that frame searches nothing); a
 * capture's still does (within its deadline).
 */
async function searcher(still: boolean): Promise<Slot | undefined> {
  const free = slots.find((s) => !s.crop);
  if (free) return free;
  growing ??= newSlot().finally(() => (growing = undefined));
  if (!still) return undefined;
  const start = performance.now();
  try {
    return await growing;
  } finally {
    setupMs += performance.now() - start;
  }
}

/**
 * Follows every tracked face in its crop; then, when fewer than MAX_FACES are tracked, searches
 * one tile of the frame for another, round the tiles in turn (every frame while no face is
 * tracked, else every SEARCH_EVERY_MS). A capture's still searches every tile the live frames
 * have not searched within their last round (TileLog), or every tile if it lost a tracked face,
 * each again after a find. The search runs on a landmarker tracking no face (`searcher`), which
 * becomes the new face's. Crops and tiles come from the frame at full resolution, so a far face is
 * as sharp as the camera gives it.
 */
async function findFaces(frame: Frame, still: boolean): Promise<Omit<FacesResult, 'detectMs' | 'modelMs' | 'calls'>> {
  const width = 'displayWidth' in frame ? frame.displayWidth : frame.width;
  const height = 'displayHeight' in frame ? frame.displayHeight : frame.height;
  const side = still ? STILL_CROP_SIZE : LIVE_CROP_SIZE;
  const found = new Map<Slot, Float32Array>();
  const known = () => [...found.values()];
  const isKnown = (pts: Float32Array) => known().some((f) => sameFace(f, pts, width, height));
  const now = performance.now();
  const tracked = slots.filter((s) => s.crop).length;

  for (const slot of slots) {
    if (!slot.crop) continue;
    const crop = scaleCrop(slot.crop, width);
    // A miss can be MediaPipe's tracking meeting a moved crop: the second try runs its detector.
    const pts = landmarksIn(slot.landmarker, frame, crop, side, width, height) ?? landmarksIn(slot.landmarker, frame, crop, side, width, height);
    if (!pts || isKnown(pts)) {
      // Another slot's face: this one forgets it, so its next search runs the detector.
      if (pts) restart(slot.landmarker);
      slot.crop = undefined;
      continue;
    }
    found.set(slot, pts);
    const next = followFace(pts, width, height, crop);
    if (next !== crop) restart(slot.landmarker);
    slot.crop = scaleCrop(next, 1 / width);
  }

  if (tracked < MAX_FACES && (still || tracked === 0 || now - lastSearch >= SEARCH_EVERY_MS)) {
    lastSearch = now;
    const tiles = tilesFor(width, height);
    const lost = found.size < tracked;
    const order = !still ? [tiles[nextTile++ % tiles.length]!] : lost ? tiles : searched.stale(tiles, width, height, now, tiles.length * SEARCH_EVERY_MS);
    for (let i = 0; i < order.length && found.size < MAX_FACES; ) {
      const slot = await searcher(still);
      if (!slot) break;
      const tile = order[i]!;
      // The faces already tracked are painted out, so the detector (which reports the likeliest
      // face) can only find a new one.
      const face = run(slot.landmarker, cropImage(frame, tile, TILE_SIZE, known(), width, height));
      // A face found moved its tracking to the tile: the next call on a crop starts afresh.
      if (face) restart(slot.landmarker);
      searched.mark(tile, width, height, now);
      const pts = face && cropToFrame(flatten(face), tile, width, height);
      const added = !!pts && !isKnown(pts);
      // A still's tile is searched again after a find (it may hold another face); else the next.
      if (!added || !still) i++;
      if (!added) continue;
      found.set(slot, pts);
      slot.crop = scaleCrop(followFace(pts, width, height), 1 / width);
    }
  }
  const ids = [...found.keys()].map((s) => slots.indexOf(s));
  return { faces: [...found.values()], ids, width, height };
}

/**
 * Detections run one at a time (a capture's still can arrive while a live frame waits for a new
 * landmarker to load): the slots' crops and MediaPipe's tracking are one state.
 */
let queue: Promise<unknown> = Promise.resolve();

function detect(frame: Frame, still: boolean): Promise<FacesResult> {
  const next = queue.then(() => detectNow(frame, still));
  queue = next.catch(() => undefined);
  return next;
}

async function detectNow(frame: Frame, still: boolean): Promise<FacesResult> {
  try {
    if (!slots.length) return { faces: [], ids: [], detectMs: 0, modelMs: 0, calls: 0, width: 0, height: 0 };
    setupMs = modelMs = calls = 0;
    const start = performance.now();
    const result = await findFaces(frame, still);
    return { ...result, detectMs: performance.now() - start - setupMs, modelMs, calls };
  } finally {
    frame.close();
  }
}

/** Detections under way: closing waits for them, so every frame they hold is closed first. */
const inFlight = new Set<Promise<FacesResult>>();

const { emit } = expose<LandmarkerApi, LandmarkerEvents>({
  init: ({ modelUrl, wasmBase }) => init(modelUrl, wasmBase),
  async detect({ frame, still }) {
    const run = detect(frame, still);
    inFlight.add(run);
    try {
      return await run;
    } finally {
      inFlight.delete(run);
    }
  },
  delegate: () => delegate,
  async close() {
    await Promise.allSettled([...inFlight]);
    // Closing a task also flushes MediaPipe's usage logger: the network guard refuses it.
    for (const slot of slots.splice(0)) slot.landmarker.close();
    // The reply goes out first; then the worker ends itself.
    setTimeout(() => self.close(), 0);
  },
});

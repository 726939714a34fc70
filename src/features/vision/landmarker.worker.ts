/// <reference lib="webworker" />
// Face landmarks off the main thread, so the live preview never waits for them.
import '../../workers/installGuard';
import { FaceLandmarker, FilesetResolver, type FaceLandmarkerOptions } from '@mediapipe/tasks-vision';
import { expose } from '../../workers/bridge';
import { MAX_FACES } from './meta';
import type { FacesResult, LandmarkerApi, LandmarkerEvents } from './protocol';

declare const self: DedicatedWorkerGlobalScope & { ModuleFactory?: unknown };

/** A failed loading step; its name crosses the bridge and tells the panel which one. */
class StepError extends Error {
  constructor(reason: 'model' | 'wasm' | 'init', message: string) {
    super(message);
    this.name = reason;
  }
}

let emitProgress: (loaded: number, total: number) => void = () => {};

/** Model bytes read chunk by chunk so the panel can show a progress bar. */
async function fetchModel(url: string): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch (e) {
    throw new StepError('model', `network: ${String(e)}`);
  }
  if (!res.ok || !res.body) throw new StepError('model', `HTTP ${res.status}`);
  const total = Number(res.headers.get('content-length')) || 0;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    emitProgress(loaded, total);
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

/**
 * MediaPipe's classic loader defines a global `ModuleFactory` through importScripts, which module
 * workers lack, and the CSP forbids eval. Its UMD tail also assigns `module.exports` when
 * `module` and `exports` exist, so we provide those as globals, import the loader as a module,
 * and hand the factory over; an empty wasmLoaderPath then tells tasks-vision to skip its own
 * loader step.
 */
async function loadWasmFileset(wasmBase: string) {
  const fileset = await FilesetResolver.forVisionTasks(wasmBase);
  const umd = self as unknown as {
    module?: { exports?: unknown };
    exports?: unknown;
    custom_dbg?: (...text: unknown[]) => void;
  };
  // As a module the loader runs in strict mode, where its block-scoped fallback `custom_dbg`
  // (MediaPipe's debug log) is invisible to the call after the block: provide the same as a global.
  umd.custom_dbg = (...text) => console.warn(...text);
  umd.module = {};
  umd.exports = {};
  try {
    await import(/* @vite-ignore */ new URL(fileset.wasmLoaderPath, self.location.href).href);
  } catch (e) {
    throw new StepError('wasm', `${fileset.wasmLoaderPath}: ${String(e)}`);
  }
  const factory = umd.module.exports;
  delete umd.module;
  delete umd.exports;
  if (typeof factory !== 'function') throw new StepError('wasm', 'the wasm loader did not export ModuleFactory');
  self.ModuleFactory = factory;
  return { ...fileset, wasmLoaderPath: '' };
}

let video: FaceLandmarker | undefined;
let modelBytes: Uint8Array | undefined;
let fileset: Awaited<ReturnType<typeof loadWasmFileset>> | undefined;
let lastVideoTs = 0;

function options(): FaceLandmarkerOptions {
  return {
    // CPU: the GPU delegate is far slower on software WebGL, and the worker has no canvas anyway.
    baseOptions: { modelAssetBuffer: modelBytes!, delegate: 'CPU' },
    runningMode: 'VIDEO',
    numFaces: MAX_FACES,
    outputFaceBlendshapes: false,
    outputFacialTransformationMatrixes: false,
  };
}

async function init(modelUrl: string, wasmBase: string): Promise<void> {
  const [bytes, files] = await Promise.all([fetchModel(modelUrl), loadWasmFileset(wasmBase)]);
  modelBytes = bytes;
  fileset = files;
  try {
    video = await FaceLandmarker.createFromOptions(fileset, options());
  } catch (e) {
    // A wasm fetch/compile failure and a bad model both surface here; the message tells which.
    const msg = String(e instanceof Error ? e.message : e);
    throw new StepError(/wasm|fetch|WebAssembly/i.test(msg) ? 'wasm' : 'init', msg);
  }
}

function toPoints(result: ReturnType<FaceLandmarker['detect']>): Float32Array[] {
  return result.faceLandmarks.map((face) => {
    const out = new Float32Array(face.length * 3);
    face.forEach((p, i) => {
      out[i * 3] = p.x;
      out[i * 3 + 1] = p.y;
      out[i * 3 + 2] = p.z;
    });
    return out;
  });
}

/** Scales a frame down (off the main thread) so its long side is at most maxSide. */
async function reduced(frame: ImageBitmap | VideoFrame, maxSide: number): Promise<ImageBitmap | VideoFrame> {
  const w = 'displayWidth' in frame ? frame.displayWidth : frame.width;
  const h = 'displayHeight' in frame ? frame.displayHeight : frame.height;
  const scale = maxSide > 0 ? Math.min(1, maxSide / Math.max(w, h)) : 1;
  if (scale === 1) return frame;
  try {
    return await createImageBitmap(frame, {
      resizeWidth: Math.round(w * scale),
      resizeHeight: Math.round(h * scale),
      resizeQuality: 'low',
    });
  } finally {
    frame.close();
  }
}

async function detect(input: ImageBitmap | VideoFrame, maxSide: number): Promise<FacesResult> {
  let faces: Float32Array[] = [];
  let detectMs = 0;
  const frame = await reduced(input, maxSide);
  const width = 'displayWidth' in frame ? frame.displayWidth : frame.width;
  const height = 'displayHeight' in frame ? frame.displayHeight : frame.height;
  try {
    if (video) {
      // A capture's full-resolution still goes through the same VIDEO-mode landmarker: its
      // tracking works in normalised coordinates, so the live frames' face region fits the still,
      // and a second graph would cost another second of start-up and its memory.
      // VIDEO mode needs strictly increasing timestamps.
      lastVideoTs = Math.max(lastVideoTs + 1, Math.round(performance.now()));
      const start = performance.now();
      faces = toPoints(video.detectForVideo(frame, lastVideoTs));
      detectMs = performance.now() - start;
    }
  } finally {
    frame.close();
  }
  return { faces, detectMs, width, height };
}

/** Detections under way: closing waits for them, so every frame they hold is closed first. */
const inFlight = new Set<Promise<FacesResult>>();

const { emit } = expose<LandmarkerApi, LandmarkerEvents>({
  init: ({ modelUrl, wasmBase }) => init(modelUrl, wasmBase),
  async detect({ frame, maxSide }, ctx) {
    const run = detect(frame, maxSide);
    inFlight.add(run);
    try {
      const result = await run;
      ctx.transfer(...result.faces.map((f) => f.buffer));
      return result;
    } finally {
      inFlight.delete(run);
    }
  },
  async close() {
    await Promise.allSettled([...inFlight]);
    // Closing the task also flushes MediaPipe's usage logger: the network guard refuses it.
    video?.close();
    video = undefined;
    // The reply goes out first; then the worker ends itself.
    setTimeout(() => self.close(), 0);
  },
});
emitProgress = (loaded, total) => emit('progress', { loaded, total });

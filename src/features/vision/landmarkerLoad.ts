/// <reference lib="webworker" />
// Loading the face landmarker inside its worker: the model bytes (with progress), the wasm
// runtime, and which delegate runs it.
import { FaceLandmarker, FilesetResolver, type FaceLandmarkerOptions } from '@mediapipe/tasks-vision';
import type { LandmarkerFailure } from './protocol';

declare const self: DedicatedWorkerGlobalScope & { ModuleFactory?: unknown };

/** A failed loading step; its name crosses the bridge and tells the panel which one. */
export class StepError extends Error {
  constructor(reason: LandmarkerFailure, message: string) {
    super(message);
    this.name = reason;
  }
}

/** Model bytes read chunk by chunk so the panel can show a progress bar. */
export async function fetchModel(url: string, emitProgress: (loaded: number, total: number) => void): Promise<Uint8Array> {
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
export async function loadWasmFileset(wasmBase: string) {
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
  return { fileset: { ...fileset, wasmLoaderPath: '' }, factory };
}

export type Fileset = Awaited<ReturnType<typeof loadWasmFileset>>;

/**
 * A landmarker asked for one face in VIDEO mode, so it tracks its face from frame to frame without
 * running the face detector (src/features/vision/faceCrops.ts explains the crops it is fed).
 * Each is its own wasm instance: MediaPipe clears the loader's factory after every creation.
 */
export async function createLandmarker(files: Fileset, model: Uint8Array, delegate: 'CPU' | 'GPU'): Promise<FaceLandmarker> {
  self.ModuleFactory = files.factory;
  const options: FaceLandmarkerOptions = {
    baseOptions: { modelAssetBuffer: model, delegate },
    runningMode: 'VIDEO',
    numFaces: 1,
    outputFaceBlendshapes: false,
    outputFacialTransformationMatrixes: false,
  };
  try {
    return await FaceLandmarker.createFromOptions(files.fileset, options);
  } catch (e) {
    // A wasm fetch/compile failure and a bad model both surface here; the message tells which.
    const msg = String(e instanceof Error ? e.message : e);
    throw new StepError(/wasm|fetch|WebAssembly/i.test(msg) ? 'wasm' : 'init', msg);
  }
}

/// <reference lib="webworker" />
// Person segmentation off the main thread: a 250 KB model on TensorFlow Lite's WebAssembly build
// (a few ms a frame here), so the live preview never waits for it.
import '../../workers/installGuard';
import { expose } from '../../workers/bridge';
import { MASK_SMOOTHING } from './meta';
import { MODEL_INPUT, modelShapeFor, type ModelShape, type SegmenterApi } from './protocol';

interface Loaded {
  module: TfliteModule;
  models: Record<ModelShape, Uint8Array>;
  /** The model in the interpreter now (it holds one at a time). */
  current: ModelShape | null;
  simd: boolean;
}

let loaded: Promise<Loaded> | undefined;
let canvas: OffscreenCanvas | undefined;
/** The last live mask (model output, 0–1), blended into the next so a still person does not flicker. */
let previous: Float32Array | undefined;

/** A tiny module using a SIMD instruction: whether this browser's WebAssembly has SIMD. */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

async function load(base: string): Promise<Loaded> {
  const simd = WebAssembly.validate(SIMD_PROBE);
  const factory = simd
    ? (await import('@twilio/video-processors/dist/build/tflite-simd-1-0-0.js')).default
    : (await import('@twilio/video-processors/dist/build/tflite-1-0-0.js')).default;
  const [module, landscape, square] = await Promise.all([
    // The runtime's own log lines (model sizes) are not errors: kept out of the console.
    factory({ locateFile: (file) => `${base}/${file}`, print: () => undefined, printErr: () => undefined }),
    fetchBytes(`${base}/landscape.tflite`),
    fetchBytes(`${base}/square.tflite`),
  ]);
  return { module, models: { landscape, square }, current: null, simd };
}

function loadModel(l: Loaded, shape: ModelShape): void {
  if (l.current === shape) return;
  const model = l.models[shape];
  l.module.HEAPU8.set(model, l.module._getModelBufferMemoryOffset());
  if (l.module._loadModel(model.byteLength) !== 0) throw new Error(`the ${shape} segmentation model did not load`);
  l.current = shape;
  previous = undefined;
}

expose<SegmenterApi>({
  load: async ({ base }) => {
    loaded ??= load(base);
    try {
      return { simd: (await loaded).simd };
    } catch (e) {
      loaded = undefined; // a later call may try again (the network came back)
      throw e;
    }
  },
  segment: async ({ frame, smooth }, call) => {
    if (!loaded) throw new Error('segment before load');
    const l = await loaded;
    const t0 = performance.now();
    const shape = modelShapeFor(frame.width, frame.height);
    const { width, height } = MODEL_INPUT[shape];
    loadModel(l, shape);
    canvas ??= new OffscreenCanvas(width, height);
    if (canvas.width !== width || canvas.height !== height) [canvas.width, canvas.height] = [width, height];
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(frame, 0, 0, width, height);
    frame.close();
    const rgba = ctx.getImageData(0, 0, width, height).data;
    const m = l.module;
    const input = m._getInputMemoryOffset() / 4;
    const heap = m.HEAPF32;
    for (let i = 0, n = width * height; i < n; i++) {
      heap[input + i * 3] = rgba[i * 4]! / 255;
      heap[input + i * 3 + 1] = rgba[i * 4 + 1]! / 255;
      heap[input + i * 3 + 2] = rgba[i * 4 + 2]! / 255;
    }
    m._runInference();
    const output = m._getOutputMemoryOffset() / 4;
    const raw = m.HEAPF32.subarray(output, output + width * height);
    const blend = smooth && previous?.length === raw.length;
    const mask = new Float32Array(raw.length);
    for (let i = 0; i < raw.length; i++) mask[i] = blend ? raw[i]! * (1 - MASK_SMOOTHING) + previous![i]! * MASK_SMOOTHING : raw[i]!;
    if (smooth) previous = mask;
    const data = new Uint8Array(mask.length);
    for (let i = 0; i < mask.length; i++) data[i] = Math.round(Math.min(1, Math.max(0, mask[i]!)) * 255);
    call.transfer(data.buffer);
    return { data, width, height, ms: performance.now() - t0 };
  },
});

/**
 * Main-thread side of the face landmarker: loads it on demand (with progress), feeds the live
 * preview's frames to the worker at a reduced size, smooths the landmarks over time, and detects
 * faces on a capture's own full-resolution frame.
 */
import { OneEuroFilter } from '../beauty/oneEuro';
import type { FromLandmarker, LandmarkerFailure, ToLandmarker } from './landmarkerProtocol';
import { MAX_FACES } from './landmarkerProtocol';
import type { FaceLandmarks } from './types';

export const MODEL_URL = '/models/face_landmarker.task';
export const WASM_BASE = '/mediapipe';
/** Longest side of the frames sent to the worker for the live preview (speed vs precision). */
export const LIVE_DETECT_SIZE = 480;

export type TrackerStatus =
  | { state: 'idle' }
  | { state: 'loading'; loaded: number; total: number }
  | { state: 'ready' }
  | { state: 'failed'; reason: LandmarkerFailure; message: string };

type FacesReply = Extract<FromLandmarker, { type: 'faces' }>;

export interface LiveFaces {
  faces: FaceLandmarks[];
  /** Media time (ms) of the frame these landmarks were found in. */
  timestamp: number;
  /** False until the first live result arrives. */
  known: boolean;
}

function toLandmarks(points: Float32Array): FaceLandmarks {
  const out: FaceLandmarks = new Array(points.length / 3);
  for (let i = 0; i < out.length; i++) out[i] = { x: points[i * 3]!, y: points[i * 3 + 1]!, z: points[i * 3 + 2]! };
  return out;
}

/**
 * TEST-ONLY HOOK, explicit and opt-in: with `?beauty-debug` in the page URL the tracker copies
 * its latest landmarks to `window.__beautyDebug`, so browser tests can place their pixel
 * measurements on the eyes and jaw the retouch used. Without the parameter nothing is exposed.
 */
const debugEnabled = typeof location !== 'undefined' && new URLSearchParams(location.search).has('beauty-debug');
function publishForTests(data: Record<string, unknown>) {
  if (!debugEnabled) return;
  const w = window as unknown as { __beautyDebug?: Record<string, unknown> };
  w.__beautyDebug = { ...w.__beautyDebug, ...data };
}

class FaceTracker {
  private worker: Worker | undefined;
  private status: TrackerStatus = { state: 'idle' };
  private listeners = new Set<() => void>();
  private nextId = 1;
  private pending = new Map<number, (r: FacesReply) => void>();
  private liveBusy = false;
  private live: LiveFaces = { faces: [], timestamp: 0, known: false };
  private smoothers = Array.from({ length: MAX_FACES }, () => new OneEuroFilter());
  /** Worker-side detection times of live frames, newest last (for the benchmark and diagnostics). */
  readonly liveDetectMs: number[] = [];
  modelUrl = MODEL_URL;
  /** Longest side of live frames sent to the worker (the benchmark tries others). */
  liveDetectSize = LIVE_DETECT_SIZE;

  getStatus = (): TrackerStatus => this.status;

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private setStatus(s: TrackerStatus) {
    this.status = s;
    for (const fn of this.listeners) fn();
  }

  /** Starts loading the model and wasm (idempotent); resolves when ready or failed. */
  load(): Promise<TrackerStatus> {
    if (this.status.state === 'ready' || this.status.state === 'failed') return Promise.resolve(this.status);
    const settled = new Promise<TrackerStatus>((resolve) => {
      const off = this.subscribe(() => {
        if (this.status.state === 'ready' || this.status.state === 'failed') {
          off();
          resolve(this.status);
        }
      });
    });
    if (this.worker) return settled;
    this.setStatus({ state: 'loading', loaded: 0, total: 0 });
    try {
      this.worker = new Worker(new URL('./landmarker.worker.ts', import.meta.url), { type: 'module', name: 'face-landmarker' });
    } catch (e) {
      this.setStatus({ state: 'failed', reason: 'init', message: String(e) });
      return settled;
    }
    this.worker.onmessage = (ev: MessageEvent<FromLandmarker>) => this.onMessage(ev.data);
    this.worker.onerror = (ev) => {
      ev.preventDefault();
      this.fail('init', ev.message || 'worker error');
    };
    this.send({ type: 'init', modelUrl: this.modelUrl, wasmBase: WASM_BASE });
    return settled;
  }

  private fail(reason: LandmarkerFailure, message: string) {
    for (const resolve of this.pending.values()) resolve({ type: 'faces', id: 0, faces: [], detectMs: 0, width: 0, height: 0 });
    this.pending.clear();
    this.worker?.terminate();
    this.worker = undefined;
    this.liveBusy = false;
    this.setStatus({ state: 'failed', reason, message });
  }

  /**
   * Leaving the booth: the worker closes the landmarker and itself, freeing the model's memory
   * (phones need it back); the next visit loads it again from the cache.
   */
  close() {
    const worker = this.worker;
    if (!worker) return;
    this.send({ type: 'close' });
    this.worker = undefined;
    // A worker that cannot close itself (stuck in a detection) goes anyway.
    setTimeout(() => worker.terminate(), 5000);
    for (const resolve of this.pending.values()) resolve({ type: 'faces', id: 0, faces: [], detectMs: 0, width: 0, height: 0 });
    this.pending.clear();
    this.liveBusy = false;
    this.live = { faces: [], timestamp: 0, known: false };
    for (const s of this.smoothers) s.reset();
    this.setStatus({ state: 'idle' });
  }

  /** After a failure (e.g. offline on first use), starts loading again from scratch. */
  retry(): Promise<TrackerStatus> {
    if (this.status.state !== 'failed') return this.load();
    this.status = { state: 'idle' };
    return this.load();
  }

  private send(msg: ToLandmarker, transfer: Transferable[] = []) {
    this.worker?.postMessage(msg, transfer);
  }

  private onMessage(msg: FromLandmarker) {
    if (msg.type === 'progress') this.setStatus({ state: 'loading', loaded: msg.loaded, total: msg.total });
    else if (msg.type === 'ready') this.setStatus({ state: 'ready' });
    else if (msg.type === 'failed') this.fail(msg.reason, msg.message);
    else if (msg.type === 'faces') {
      const resolve = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      resolve?.(msg);
    }
  }

  private detect(frame: ImageBitmap | VideoFrame, maxSide: number): Promise<FacesReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.send({ type: 'detect', id, frame, maxSide }, [frame]);
    });
  }

  /**
   * Called for each preview frame: if the worker is free, sends it this frame (downscaled) and
   * returns at once; the preview keeps drawing with the latest smoothed landmarks meanwhile.
   */
  offerLiveFrame(video: HTMLVideoElement, timestamp: number) {
    if (this.status.state !== 'ready' || this.liveBusy || !video.videoWidth) return;
    this.liveBusy = true;
    // A VideoFrame wraps the current camera frame without copying it; the worker scales it down.
    const grab =
      typeof VideoFrame !== 'undefined'
        ? Promise.resolve().then(() => new VideoFrame(video, { timestamp: Math.round(timestamp * 1000) }))
        : createImageBitmap(video);
    grab
      .then((frame) => this.detect(frame, this.liveDetectSize))
      .then((reply) => {
        if (reply.detectMs > 0) {
          this.liveDetectMs.push(reply.detectMs);
          if (this.liveDetectMs.length > 600) this.liveDetectMs.shift();
        }
        const t = timestamp / 1000;
        const faces = reply.faces.slice(0, MAX_FACES).map((pts, i) => toLandmarks(this.smoothers[i]!.filter(pts, t)));
        for (let i = reply.faces.length; i < MAX_FACES; i++) this.smoothers[i]!.reset();
        this.live = { faces, timestamp, known: true };
        publishForTests({ live: faces, liveDetectMs: this.liveDetectMs });
        for (const fn of this.listeners) fn();
      })
      .catch(() => undefined)
      .finally(() => {
        this.liveBusy = false;
      });
  }

  getLiveFaces = (): LiveFaces => this.live;

  /** Landmarks for a capture's own full-resolution frame (no smoothing: it is one still). */
  async detectStill(source: ImageBitmap | HTMLVideoElement | VideoFrame): Promise<FaceLandmarks[]> {
    if (this.status.state !== 'ready') return [];
    // A copy: the caller keeps (and closes) its own frame.
    const bitmap = await createImageBitmap(source);
    const reply = await this.detect(bitmap, 0);
    const faces = reply.faces.map(toLandmarks);
    publishForTests({ lastStill: faces });
    return faces;
  }
}

/** One landmarker per page: the model is large, and the worker is shared by preview and capture. */
export const faceTracker = new FaceTracker();

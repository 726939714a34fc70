/**
 * Main-thread side of the face landmarker: loads it on demand (with progress), feeds the live
 * preview's frames to the worker (which follows each face in a crop of its own), smooths the
 * landmarks over time, and detects faces on a capture's own full-resolution frame.
 */
import { connect, type Bridge } from '../../workers/bridge';
import { withDeadline } from '../../lib/deadline';
import { OneEuroFilter } from './oneEuro';
import { MAX_FACES, MODEL_URL, STILL_DEADLINE_MS, WASM_BASE } from './meta';
import { FAILURES, type DelegateChoice, type FacesResult, type LandmarkerApi, type LandmarkerEvents, type LandmarkerFailure } from './protocol';
import type { FaceLandmarks } from './types';

/** How long after the last need of it (leaving the booth) the landmarker is closed. */
const CLOSE_AFTER_MS = 20_000;

export type TrackerStatus =
  | { state: 'idle' }
  | { state: 'loading'; loaded: number; total: number }
  | { state: 'ready' }
  | { state: 'failed'; reason: LandmarkerFailure; message: string };

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

const failureOf = (e: unknown): LandmarkerFailure => {
  const name = (e as { name?: string } | null)?.name;
  return FAILURES.find((f) => f === name) ?? 'init';
};

export class FaceTracker {
  private bridge: Bridge<LandmarkerApi, LandmarkerEvents> | undefined;
  private status: TrackerStatus = { state: 'idle' };
  private listeners = new Set<() => void>();
  private liveBusy = false;
  private live: LiveFaces = { faces: [], timestamp: 0, known: false };
  private smoothers = Array.from({ length: MAX_FACES }, () => new OneEuroFilter());
  /** Worker-side detection times of live frames, newest last (for the benchmark and diagnostics). */
  readonly liveDetectMs: number[] = [];
  /** The same frames' time inside MediaPipe alone, and its calls per frame. */
  readonly liveModelMs: number[] = [];
  readonly liveCalls: number[] = [];
  /** Landmarks of the last capture's still (diagnostics: the test seam reads them). */
  lastStill: FaceLandmarks[] = [];
  modelUrl = MODEL_URL;

  getStatus = (): TrackerStatus => this.status;

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private setStatus(s: TrackerStatus) {
    this.status = s;
    for (const fn of this.listeners) fn();
  }

  private closeTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Leaving the booth: the landmarker closes after `ms` unless the booth comes back first (a quick
   * trip to the preview keeps the model; a long absence frees its memory).
   */
  closeSoon(ms = CLOSE_AFTER_MS) {
    clearTimeout(this.closeTimer);
    this.closeTimer = setTimeout(() => this.close(), ms);
  }

  /** Starts loading the model and wasm (idempotent); resolves when ready or failed. */
  load(): Promise<TrackerStatus> {
    clearTimeout(this.closeTimer);
    if (this.status.state === 'ready' || this.status.state === 'failed') return Promise.resolve(this.status);
    const settled = new Promise<TrackerStatus>((resolve) => {
      const off = this.subscribe(() => {
        if (this.status.state === 'ready' || this.status.state === 'failed') {
          off();
          resolve(this.status);
        }
      });
    });
    if (this.bridge) return settled;
    this.setStatus({ state: 'loading', loaded: 0, total: 0 });
    const bridge = connect<LandmarkerApi, LandmarkerEvents>(
      () => new Worker(new URL('./landmarker.worker.ts', import.meta.url), { type: 'module', name: 'face-landmarker' }),
    );
    this.bridge = bridge;
    bridge.on('progress', ({ loaded, total }) => this.setStatus({ state: 'loading', loaded, total }));
    // A worker that crashes later (or never loads) makes face effects unavailable, with Try again.
    bridge.onError((e) => this.bridge === bridge && this.fail('init', e.message));
    bridge.call('init', { modelUrl: this.modelUrl, wasmBase: WASM_BASE }).then(
      () => this.bridge === bridge && this.setStatus({ state: 'ready' }),
      (e: unknown) => this.bridge === bridge && this.fail(failureOf(e), e instanceof Error ? e.message : String(e)),
    );
    return settled;
  }

  private reset() {
    const bridge = this.bridge;
    this.bridge = undefined;
    this.liveBusy = false;
    this.live = { faces: [], timestamp: 0, known: false };
    for (const s of this.smoothers) s.reset();
    return bridge;
  }

  private fail(reason: LandmarkerFailure, message: string) {
    console.warn(`Face effects unavailable (${reason}): ${message}`);
    this.reset()?.terminate();
    this.setStatus({ state: 'failed', reason, message });
  }

  /**
   * Leaving the booth: the worker closes the landmarker and itself, freeing the model's memory
   * (phones need it back); the next visit loads it again from the cache.
   */
  close() {
    const bridge = this.reset();
    if (!bridge) return;
    // A worker that cannot close itself (stuck in a detection) goes anyway.
    void bridge
      .call('close', undefined, { timeoutMs: 5000 })
      .catch(() => undefined)
      .finally(() => bridge.terminate());
    this.setStatus({ state: 'idle' });
  }

  /** After a failure (e.g. offline on first use), starts loading again from scratch. */
  retry(): Promise<TrackerStatus> {
    if (this.status.state !== 'failed') return this.load();
    this.status = { state: 'idle' };
    return this.load();
  }

  /**
   * One detection in the worker. A still's has a deadline (a worker that stops answering never
   * holds the shutter: the call rejects with a TimeoutError, or an AbortError on `signal`). A live
   * frame's has none on purpose: nothing waits for it (the preview draws on with the last
   * landmarks), and the next live frame is only sent once this one is answered, so a stalled
   * worker holds one camera frame, never a pile of them (which would starve the camera).
   */
  private detect(frame: ImageBitmap | VideoFrame, still: boolean, signal?: AbortSignal): Promise<FacesResult> {
    if (!this.bridge) {
      frame.close();
      return Promise.resolve({ faces: [], ids: [], detectMs: 0, modelMs: 0, calls: 0, width: 0, height: 0 });
    }
    const call = this.bridge.call('detect', { frame, still }, { transfer: [frame] }).catch((error: unknown) => {
      frame.close(); // a call refused before it was sent still holds the frame (a no-op once transferred)
      throw error;
    });
    return still ? withDeadline(call, STILL_DEADLINE_MS, signal) : call;
  }

  /** Which delegate runs the landmarks (the bench prints it). */
  async delegate(): Promise<DelegateChoice | undefined> {
    return this.bridge?.call('delegate', undefined);
  }

  /**
   * Called for each preview frame: if the worker is free, sends it this frame and returns at once
   * (a frame that comes while the worker is busy is skipped, never queued); the preview keeps drawing with the latest smoothed landmarks meanwhile.
   */
  offerLiveFrame(video: HTMLVideoElement, timestamp: number) {
    if (this.status.state !== 'ready' || this.liveBusy || !video.videoWidth) return;
    this.liveBusy = true;
    // A VideoFrame wraps the current camera frame without copying it; the worker crops it.
    const grab =
      typeof VideoFrame !== 'undefined'
        ? Promise.resolve().then(() => new VideoFrame(video, { timestamp: Math.round(timestamp * 1000) }))
        : createImageBitmap(video);
    grab
      .then((frame) => this.detect(frame, false))
      .then((reply) => {
        if (!this.bridge) return; // closed meanwhile
        if (reply.detectMs > 0) {
          for (const [list, v] of [[this.liveDetectMs, reply.detectMs], [this.liveModelMs, reply.modelMs], [this.liveCalls, reply.calls]] as const) {
            list.push(v);
            if (list.length > 600) list.shift();
          }
        }
        const t = timestamp / 1000;
        // Each face is smoothed by its own filter, which it keeps while it stays tracked.
        const faces = reply.faces.map((pts, i) => toLandmarks(this.smoothers[reply.ids[i]!]!.filter(pts, t)));
        this.smoothers.forEach((s, id) => reply.ids.includes(id) || s.reset());
        this.live = { faces, timestamp, known: true };
        for (const fn of this.listeners) fn();
      })
      .catch(() => undefined)
      .finally(() => {
        this.liveBusy = false;
      });
  }

  getLiveFaces = (): LiveFaces => this.live;

  get isReady(): boolean {
    return this.status.state === 'ready';
  }

  /**
   * Landmarks for a capture's own full-resolution frame (no smoothing: it is one still). Rejects
   * with a TimeoutError past the still's deadline, or an AbortError on `signal`.
   */
  async detectStill(source: ImageBitmap | HTMLVideoElement | VideoFrame, signal?: AbortSignal): Promise<FaceLandmarks[]> {
    if (this.status.state !== 'ready') return [];
    // A copy: the caller keeps (and closes) its own frame.
    const bitmap = await createImageBitmap(source);
    const reply = await this.detect(bitmap, true, signal);
    const faces = reply.faces.map(toLandmarks);
    this.lastStill = faces;
    return faces;
  }
}

let shared: FaceTracker | undefined;

/**
 * The page's one landmarker (the model is large): booth sessions hold it while they need faces
 * and let it go after (`closeSoon`), so a quick trip away and back keeps the model loaded.
 */
export function pageFaceTracker(): FaceTracker {
  return (shared ??= new FaceTracker());
}

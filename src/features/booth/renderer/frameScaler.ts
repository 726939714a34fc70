import { connect, type Bridge } from '../../../workers/bridge';
import type { ScalerApi } from './frameScaler.worker';

/** Frames timed before choosing the upload path, and the median upload time that counts as slow. */
const PROBE_FRAMES = 20;
const SLOW_UPLOAD_MS = 8;
/** A frame not back from the worker in this long: the worker is stuck, and the preview goes back to direct uploads. */
const SCALE_DEADLINE_MS = 1_000;
/**
 * A worker let go while it may still hold a frame (one in flight, or past its deadline) is ended
 * this much later: the frame is closed when its scale ends, whereas a worker ended mid-frame leaves
 * it to the garbage collector ("A VideoFrame was garbage collected without being closed").
 */
const RETIRE_MS = 3_000;

/**
 * On a software GPU, texImage2D(video) blocks the main thread for ~15–30 ms per 720p frame.
 * After a few frames, if uploads are that slow, frames go through a worker instead: wrapping the
 * frame in a VideoFrame is free here, the worker scales it to the canvas size, and the small bitmap
 * uploads in well under a millisecond. A real GPU keeps the direct upload.
 */
export class FrameScaler {
  private bridge: Bridge<ScalerApi> | null = null;
  private busy = false;
  private samples: number[] = [];
  /** Bumped on dispose, so a frame still in flight is dropped. */
  private generation = 0;

  constructor(private deliver: (bitmap: ImageBitmap, mediaMs: number) => void) {}

  get active(): boolean {
    return this.bridge !== null;
  }

  /**
   * A GPU known to be software (its renderer's name says so): frames go through the worker from
   * the first one, rather than after ~20 slow direct uploads (each a long task on a slow device,
   * in the booth's first second).
   */
  knownSlow(): void {
    this.samples.length = PROBE_FRAMES;
    this.start();
  }

  /** The cost of one direct upload; after enough of them, decides the path once. */
  noteUploadCost(ms: number): void {
    if (this.bridge || this.samples.length >= PROBE_FRAMES) return;
    this.samples.push(ms);
    if (this.samples.length < PROBE_FRAMES) return;
    const median = this.samples.slice().sort((a, b) => a - b)[PROBE_FRAMES >> 1]!;
    if (median > SLOW_UPLOAD_MS) this.start();
  }

  private start(): void {
    if (this.bridge || typeof VideoFrame === 'undefined' || typeof OffscreenCanvas === 'undefined') return;
    this.bridge = connect<ScalerApi>(
      () => new Worker(new URL('./frameScaler.worker.ts', import.meta.url), { type: 'module', name: 'frame-scaler' }),
    );
    // A worker that fails sends the preview back to direct uploads.
    this.bridge.onError(() => this.drop());
  }

  /** Sends the current camera frame to be scaled; false when the last one is still on its way (dropped). */
  send(video: HTMLVideoElement, mediaMs: number, width: number, height: number): boolean {
    const bridge = this.bridge;
    if (!bridge || this.busy) return false;
    let frame: VideoFrame;
    try {
      frame = new VideoFrame(video, { timestamp: Math.round(mediaMs * 1000) });
    } catch {
      return true; // no frame to wrap yet: nothing dropped
    }
    this.busy = true;
    const generation = this.generation;
    bridge.call('scale', { frame, width, height }, { transfer: [frame], timeoutMs: SCALE_DEADLINE_MS }).then(
      (bitmap) => {
        this.busy = false;
        if (!bitmap) return this.drop();
        if (generation !== this.generation || this.bridge !== bridge) return bitmap.close();
        this.deliver(bitmap, mediaMs);
      },
      () => {
        this.busy = false;
        frame.close(); // a call refused before it was sent still holds the frame (a no-op once transferred)
        // Past its deadline the worker may still be scaling it.
        if (generation === this.generation) this.drop(true);
      },
    );
    return true;
  }

  /** Back to direct uploads; a worker that may still hold a frame is ended once it has closed it. */
  private drop(holding = this.busy): void {
    const bridge = this.bridge;
    this.bridge = null;
    this.busy = false;
    if (!bridge) return;
    if (holding) setTimeout(() => bridge.terminate(), RETIRE_MS);
    else bridge.terminate();
  }

  dispose(): void {
    this.generation++;
    this.drop();
  }
}

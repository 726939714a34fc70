import { withDeadline } from '../../lib/deadline';
import { connect, type Bridge } from '../../workers/bridge';
import { MODEL_INPUT, modelShapeFor, type SegmentMask, type SegmenterApi } from './protocol';
import { SEGMENTATION_BASE } from './runtime.gen';
import type { SegmenterStatus } from './state';

/** A live frame's mask is dropped after this long (a stalled worker never holds the preview). */
const LIVE_TIMEOUT_MS = 2_000;
/** The still's mask: the photo waits this long at most, then uses the preview's last mask. */
export const STILL_MASK_DEADLINE_MS = 4_000;
/** The runtime and models (~3 MB) not loaded in this long: the segmenter has failed (the picker offers a retry). */
const LOAD_TIMEOUT_MS = 30_000;

let nextId = 1;

/**
 * The person segmenter, main-thread side: the model runs in a worker (./segment.worker.ts). Live
 * frames are offered, never queued (one at a time; a frame that comes while one is in the worker
 * is skipped), and the latest mask is what the preview draws with. A still gets its own mask, not
 * blended with the live ones.
 */
export class Segmenter {
  private bridge: Bridge<SegmenterApi> | null = null;
  private ready: Promise<void> | null = null;
  private busy = false;
  private mask: SegmentMask | null = null;
  private disposed = false;
  /** Milliseconds the worker took per live frame (the bench reads them). */
  readonly times: number[] = [];

  constructor(private onStatus: (status: SegmenterStatus) => void = () => undefined) {}

  /** Starts the worker and loads the runtime and models (once; again after a failure). */
  load(): Promise<void> {
    if (this.ready) return this.ready;
    this.onStatus({ state: 'loading' });
    const bridge = connect<SegmenterApi>(() => new Worker(new URL('./segment.worker.ts', import.meta.url), { type: 'module', name: 'segmenter' }));
    this.bridge = bridge;
    bridge.onError(() => this.bridge === bridge && this.fail());
    this.ready = bridge.call('load', { base: SEGMENTATION_BASE }, { timeoutMs: LOAD_TIMEOUT_MS }).then(
      () => {
        if (!this.disposed) this.onStatus({ state: 'ready' });
      },
      (error: unknown) => {
        this.fail();
        throw error;
      },
    );
    this.ready.catch(() => undefined);
    return this.ready;
  }

  private fail(): void {
    this.ready = null;
    this.bridge?.terminate();
    this.bridge = null;
    this.busy = false;
    if (!this.disposed) this.onStatus({ state: 'failed' });
  }

  /** This camera frame is there to be segmented, if the worker is free. */
  offer(video: HTMLVideoElement): void {
    const bridge = this.bridge;
    if (!bridge || this.busy || !video.videoWidth) return;
    this.busy = true;
    void this.run(bridge, video, true, LIVE_TIMEOUT_MS)
      .then((mask) => {
        if (mask && this.bridge === bridge) this.mask = mask;
      })
      .catch(() => undefined)
      .finally(() => {
        if (this.bridge === bridge) this.busy = false;
      });
  }

  /** The latest live mask (null before the first). */
  latest(): SegmentMask | null {
    return this.mask;
  }

  /**
   * The mask of a still (the photo's own frame), or null if the segmenter is not ready. A segmenter
   * still loading is waited for within the still's deadline (a DeadlineError past it), and the
   * signal stops the wait at once: a shot never hangs on the model's download.
   */
  async forStill(still: ImageBitmap | HTMLVideoElement, signal?: AbortSignal): Promise<SegmentMask | null> {
    if (!this.ready) return null;
    await withDeadline(this.ready, STILL_MASK_DEADLINE_MS, signal);
    const bridge = this.bridge;
    return bridge ? this.run(bridge, still, false, STILL_MASK_DEADLINE_MS, signal) : null;
  }

  private async run(bridge: Bridge<SegmenterApi>, source: ImageBitmap | HTMLVideoElement, smooth: boolean, timeoutMs: number, signal?: AbortSignal): Promise<SegmentMask | null> {
    const w = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
    const h = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
    const size = MODEL_INPUT[modelShapeFor(w, h)];
    // Scaled down to the model's input here (a GPU copy), so only 256 px cross to the worker.
    const frame = await createImageBitmap(source, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'medium' });
    const out = await bridge.call('segment', { frame, smooth }, { transfer: [frame], timeoutMs, signal });
    if (smooth) {
      this.times.push(out.ms);
      if (this.times.length > 600) this.times.shift();
    }
    return { data: out.data, width: out.width, height: out.height, id: nextId++ };
  }

  dispose(): void {
    this.disposed = true;
    this.bridge?.terminate();
    this.bridge = null;
    this.ready = null;
  }
}

import { connect, type Bridge } from '../../workers/bridge';
import type { FramesApi } from './frames.worker';
import { WORKER_IDLE_MS } from './meta';


/**
 * The frame worker, for every recording of its owner (the booth session): a motion burst's frames
 * made into small JPEGs, a video message's turned and scaled. Started on first use, given frames
 * only once it has answered (until then, and after it fails, frames are made on the main thread:
 * a worker slow to start must not cost a shot its loop), let go after a while without a frame, and
 * ended with its owner.
 */
export class FrameWorker {
  private bridge: Bridge<FramesApi> | null = null;
  private up = false;
  private disposed = false;
  private idle: ReturnType<typeof setTimeout> | undefined;
  private usedAt = 0;

  /** Starts the worker if it is not running (a burst is about to need it). */
  warm(): void {
    this.worker();
  }

  /** The worker once it is up (started if need be), or null: the frame is made on the main thread. */
  worker(): Bridge<FramesApi> | null {
    if (this.disposed || typeof VideoFrame === 'undefined' || typeof OffscreenCanvas === 'undefined' || typeof Worker === 'undefined') return null;
    // One timer, not one per frame: it lets go once WORKER_IDLE_MS have passed since the last use.
    this.usedAt = performance.now();
    if (this.idle === undefined) this.idleCheck(WORKER_IDLE_MS);
    if (!this.bridge) {
      const bridge = connect<FramesApi>(() => new Worker(new URL('./frames.worker.ts', import.meta.url), { type: 'module', name: 'frames' }));
      bridge.onError(() => {
        if (this.bridge === bridge) this.letGo();
      });
      this.bridge = bridge;
      this.up = false;
      bridge.call('ready').then(
        () => void (this.up = this.bridge === bridge),
        () => undefined, // failed to start: onError let it go; frames stay on the main thread
      );
    }
    return this.up ? this.bridge : null;
  }

  private idleCheck(ms: number): void {
    this.idle = setTimeout(() => {
      const left = this.usedAt + WORKER_IDLE_MS - performance.now();
      if (left > 0) this.idleCheck(left);
      else this.letGo();
    }, ms);
  }

  private letGo(): void {
    clearTimeout(this.idle);
    this.idle = undefined;
    this.bridge?.terminate();
    this.bridge = null;
    this.up = false;
  }

  dispose(): void {
    this.disposed = true;
    this.letGo();
  }
}


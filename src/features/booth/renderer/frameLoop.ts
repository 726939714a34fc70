/** No frame callback for this long while the camera plays: the loop is restarted. */
const WATCHDOG_MS = 2_000;

type VideoWithRvfc = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: (now: number, meta: { mediaTime: number; presentedFrames: number; captureTime?: number }) => void) => number;
  cancelVideoFrameCallback?: (id: number) => void;
};

/**
 * Called once per new camera frame: media time in ms, the video's presented-frame count (-1
 * unknown), and when the camera took it (page clock, ms) where the browser says.
 */
export type FrameWork = (mediaMs: number, presentedFrames: number, captureMs?: number) => void;

/**
 * The preview's clock: calls `work` for each camera frame (requestVideoFrameCallback where
 * available, else every animation frame with currentTime), and keeps going whatever happens:
 * - the next frame is asked for before this one's work runs, and an exception in the work is
 *   logged and counted (`failed`), so one bad frame cannot end the preview;
 * - a watchdog restarts the loop when no callback came for 2 s while the camera plays in a
 *   visible tab (a callback the browser dropped, a loop that ended some way no catch saw).
 */
export class FrameLoop {
  failed = 0;
  restarts = 0;
  private running = false;
  private handle = 0;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private lastCallbackAt = 0;

  constructor(
    private video: VideoWithRvfc,
    private work: FrameWork,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
    this.watchdog = setInterval(() => this.checkAlive(), WATCHDOG_MS / 2);
  }

  stop(): void {
    this.running = false;
    clearInterval(this.watchdog);
    this.cancel();
  }

  /** Runs one piece of frame work; an exception is logged and counted, never thrown. */
  guard(work: () => void, cleanup?: () => void): void {
    try {
      work();
    } catch (error) {
      cleanup?.();
      // The first failure, then one in a hundred: a frame that always throws must not flood the console.
      if (this.failed++ % 100 === 0) console.error('Preview frame failed:', error);
    }
  }

  private cancel(): void {
    this.video.cancelVideoFrameCallback?.(this.handle);
    cancelAnimationFrame(this.handle);
  }

  private schedule(): void {
    if (!this.running) return;
    this.lastCallbackAt = performance.now();
    const v = this.video;
    if (v.requestVideoFrameCallback) {
      this.handle = v.requestVideoFrameCallback((_now, meta) => {
        this.schedule();
        this.guard(() => this.work(meta.mediaTime * 1000, meta.presentedFrames, meta.captureTime));
      });
    } else {
      this.handle = requestAnimationFrame(() => {
        this.schedule();
        this.guard(() => this.work(v.currentTime * 1000, -1));
      });
    }
  }

  private checkAlive(): void {
    const v = this.video;
    if (!this.running || document.visibilityState !== 'visible' || v.paused || v.readyState < 2) {
      this.lastCallbackAt = performance.now(); // nothing is owed while the camera is not playing
      return;
    }
    if (performance.now() - this.lastCallbackAt < WATCHDOG_MS) return;
    console.warn(`Preview: no frame for ${WATCHDOG_MS} ms while the camera plays; restarting the loop`);
    this.restarts++;
    this.cancel();
    this.schedule();
  }
}

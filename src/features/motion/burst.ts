import type { MotionClip } from '../../state/session';
import { canvasToJpeg, makeCanvas } from '../../lib/jpeg';
import type { FrameTap } from '../frames/tap';
import type { FrameWorker } from '../frames/frameWorker';
import { AfterShutterClock, fillSlots, type TimedFrame } from './clip';
import { BURST_TIMEOUT_MS, FRAME_QUALITY, FRAMES_AFTER, FRAMES_BEFORE, MOTION_FPS, RECORD_EVERY_MS } from './meta';

type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** A frame not back from the worker in this long is dropped (the clip fills its slot from a neighbour). */
const FRAME_DEADLINE_MS = 5_000;

/**
 * Records what the preview draws around one shot (filter, beauty and props are in every frame,
 * since it is the preview's own output), as small JPEGs encoded as they come. Started before the
 * shutter (the countdown's last second) or at it; `shutter` marks the moment and resolves once the
 * frames after it are in; `finish` makes the clip with the still. After the shutter each frame is
 * placed by the burst's own clock (AfterShutterClock): the preview holds still while a photo is on
 * the GPU, and a frame shown after that hold goes in the next slot, not past the window.
 */
export class BurstRecorder {
  private frames: TimedFrame<Promise<Blob>>[] = [];
  private canvas: OffscreenCanvas | HTMLCanvasElement;
  private ctx: Ctx2D;
  private lastAt = -Infinity;
  private lastMediaMs = NaN;
  private endAt = Infinity;
  private clock: AfterShutterClock | null = null;
  private shutterAt = NaN;
  private off: () => void;
  private recorded: Promise<void> | null = null;
  private ended: () => void = () => {};
  private stopped = false;

  /**
   * @param workers where the frames are scaled and encoded (its owner's worker)
   * @param size the clip's frame size (even, the camera's aspect)
   * @param flip mirror each frame (the preview is mirrored and photos are not, or the other way)
   * @param before frames to keep before the shutter (0 when nothing announced it)
   */
  constructor(
    tap: FrameTap,
    private workers: FrameWorker,
    private size: { width: number; height: number },
    private flip: boolean,
    private before = FRAMES_BEFORE,
  ) {
    this.canvas = makeCanvas(size.width, size.height);
    this.ctx = this.canvas.getContext('2d', { alpha: false }) as Ctx2D;
    this.ctx.imageSmoothingQuality = 'high';
    this.off = tap.onDrawn((mediaMs) => this.take(tap.canvas, mediaMs));
    workers.warm(); // started now: the countdown's last second is when the frames come
  }

  /**
   * Starts making one frame of the clip from `image` (the preview canvas right after a draw): as a
   * VideoFrame handed to the worker, which scales, mirrors and encodes it (no copy of the picture
   * on the main thread); where that cannot be, drawn into the frame canvas here.
   */
  private encode(image: HTMLCanvasElement | OffscreenCanvas): Promise<Blob> {
    const { width, height } = this.size;
    const worker = this.workers.worker();
    if (worker) {
      let frame: VideoFrame | null;
      try {
        frame = new VideoFrame(image, { timestamp: Math.round(performance.now() * 1000) });
      } catch {
        frame = null; // no picture to wrap: drawn here
      }
      if (frame) {
        const sent = frame;
        return worker.call('jpeg', { frame: sent, width, height, flip: this.flip, quality: FRAME_QUALITY }, { transfer: [sent], timeoutMs: FRAME_DEADLINE_MS }).finally(() => sent.close());
      }
    }
    this.ctx.setTransform(this.flip ? -1 : 1, 0, 0, 1, this.flip ? width : 0, 0);
    this.ctx.drawImage(image, 0, 0, width, height);
    // Snapshotted now; the canvas is free for the next frame while this one encodes.
    return canvasToJpeg(this.canvas, FRAME_QUALITY);
  }

  private take(source: HTMLCanvasElement | OffscreenCanvas, mediaMs: number): void {
    const now = performance.now();
    if (now - this.lastAt < RECORD_EVERY_MS) return;
    let at = now;
    if (this.clock) {
      const placed = this.clock.place(now, mediaMs);
      if (placed === null) return; // the same camera picture shown again
      at = placed;
    } else if (mediaMs === this.lastMediaMs) return;
    this.lastAt = now;
    this.lastMediaMs = mediaMs;
    const frame = this.encode(source);
    frame.catch(() => undefined); // a failed frame is replaced by a neighbour when the clip is made (withoutFailures)
    this.frames.push({ at, frame });
    if (at >= this.endAt) this.stop();
  }

  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.off();
    this.ended();
  }

  /** Stops recording without a clip (the sequence was cancelled). */
  cancel(): void {
    this.stop();
  }

  /**
   * The shutter fired at `shutterAt` (performance.now()): resolves once the frames after it are
   * in, or BURST_TIMEOUT_MS after they were due (a stalled camera). Once per burst.
   */
  shutter(shutterAt: number): Promise<void> {
    if (this.recorded) return this.recorded;
    const step = 1000 / MOTION_FPS;
    this.shutterAt = shutterAt;
    this.clock = new AfterShutterClock(shutterAt, step);
    this.endAt = shutterAt + FRAMES_AFTER * step;
    this.recorded = new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.stop(), this.endAt - performance.now() + BURST_TIMEOUT_MS);
      this.ended = () => (clearTimeout(timer), resolve());
      if (this.stopped) this.ended();
    });
    return this.recorded;
  }

  /**
   * The shutter fired at `shutterAt` and took `still`: waits for the frames after it and returns
   * the clip, or null when it cannot be made.
   */
  async finish(still: Blob, shutterAt: number): Promise<MotionClip | null> {
    const stillFrame = createImageBitmap(still, { resizeWidth: this.size.width, resizeHeight: this.size.height, resizeQuality: 'high' }).then(
      (bitmap) => {
        this.ctx.setTransform(1, 0, 0, 1, 0, 0); // the still is already as photos are mirrored
        this.ctx.drawImage(bitmap, 0, 0, this.size.width, this.size.height);
        bitmap.close();
        return canvasToJpeg(this.canvas, FRAME_QUALITY);
      },
    );
    await this.shutter(shutterAt);
    const slots = fillSlots(this.frames, stillFrame, this.shutterAt, { fps: MOTION_FPS, before: this.before, after: FRAMES_AFTER });
    this.frames = [];
    const frames = withoutFailures(await Promise.allSettled(slots), this.before);
    return frames && { frames, fps: MOTION_FPS, width: this.size.width, height: this.size.height, shutterIndex: this.before };
  }
}

/**
 * A burst's frames with each one that could not be made (its encode failed or missed its deadline
 * on a loaded device) replaced by its nearest made neighbour towards the shutter, so one lost frame
 * never costs the shot its loop. Null only when the shutter's own frame (the still) failed.
 */
export function withoutFailures<T>(settled: PromiseSettledResult<T>[], shutterIndex: number): T[] | null {
  const made = settled.map((s) => (s.status === 'fulfilled' ? s.value : null));
  if (made[shutterIndex] === null || made[shutterIndex] === undefined) return null;
  return made.map((frame, k) => {
    for (let i = k; frame === null; i += k < shutterIndex ? 1 : -1) frame = made[i] ?? null;
    return frame;
  });
}

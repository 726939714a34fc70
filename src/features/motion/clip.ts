/** A loop forward then backward without repeating the ends: 0 1 2 … n−1 n−2 … 1. */
export function boomerangOrder(n: number): number[] {
  if (n <= 1) return [0];
  const order: number[] = [];
  for (let i = 0; i < n; i++) order.push(i);
  for (let i = n - 2; i >= 1; i--) order.push(i);
  return order;
}

/**
 * A stretch without a new camera picture on the preview longer than this (the photo on the GPU,
 * the page busy just after the booth opened) counts as this long on a burst's clock after the
 * shutter: the burst goes on from the next picture instead of repeating the last one over the gap.
 */
export const MAX_GAP_MS = 250;

/**
 * A burst's clock after the shutter: where each picture the preview shows goes. Pictures are
 * spaced by the camera's own times (its media time; the time shown where it has none), a picture
 * shown again (a redraw: the same media time) is not a new frame (null), and a gap is counted as
 * `maxGap` at most, the first one (shutter to first picture) as one slot at most: a preview held
 * right after the shutter no longer leaves every slot after it to one picture.
 */
export class AfterShutterClock {
  private last: { at: number; mediaMs: number } | null = null;
  private elapsed = 0;

  constructor(
    private shutterAt: number,
    private slotMs: number,
    private maxGap = MAX_GAP_MS,
  ) {}

  /** The time (page ms) the picture shown at `at`, taken by the camera at `mediaMs`, stands for; null: the last picture again. */
  place(at: number, mediaMs: number): number | null {
    const last = this.last;
    let gap: number;
    if (!last) gap = Math.min(at - this.shutterAt, this.slotMs);
    else {
      const byCamera = mediaMs - last.mediaMs;
      if (byCamera === 0) return null;
      gap = Number.isFinite(byCamera) && byCamera > 0 ? byCamera : at - last.at;
    }
    this.elapsed += Math.min(Math.max(0, gap), this.maxGap);
    this.last = { at, mediaMs };
    return this.shutterAt + this.elapsed;
  }
}

/** One recorded preview frame: when it was drawn and its JPEG (still being encoded). */
export interface TimedFrame<T> {
  at: number;
  frame: T;
}

/**
 * Fills a burst's slots from the frames the preview drew. Slot k is due at
 * `shutterAt + (k − before) / fps`; it takes the first frame drawn at or after that time (on the
 * same side of the shutter), else the last one before it, so a slow preview repeats a frame rather
 * than jump ahead of the clock. The shutter's slot is the still photo itself.
 */
export function fillSlots<T>(
  frames: TimedFrame<T>[],
  still: T,
  shutterAt: number,
  opts: { fps: number; before: number; after: number },
): T[] {
  const step = 1000 / opts.fps;
  const pre = frames.filter((f) => f.at < shutterAt);
  const post = frames.filter((f) => f.at >= shutterAt);
  const pick = (side: TimedFrame<T>[], due: number, fallback: T): T => {
    const next = side.find((f) => f.at >= due);
    return (next ?? side[side.length - 1])?.frame ?? fallback;
  };
  const slots: T[] = [];
  for (let k = -opts.before; k <= opts.after; k++) {
    const due = shutterAt + k * step;
    if (k === 0) slots.push(still);
    else slots.push(pick(k < 0 ? pre : post, due, still));
  }
  return slots;
}

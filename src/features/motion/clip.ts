/** A loop forward then backward without repeating the ends: 0 1 2 … n−1 n−2 … 1. */
export function boomerangOrder(n: number): number[] {
  if (n <= 1) return [0];
  const order: number[] = [];
  for (let i = 0; i < n; i++) order.push(i);
  for (let i = n - 2; i >= 1; i--) order.push(i);
  return order;
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

import { expect } from '@playwright/test';

/**
 * Reads `read` until two readings in a row are the same (by `same`, which may ask the page), and
 * returns the last: for what the page goes on changing for a while after an action (a drawing in
 * a worker, landmarks smoothed onto a frozen frame, a preview redrawn). Polled as expect.poll
 * polls, or every `interval` ms.
 */
export async function stableReading<T>(
  read: () => Promise<T>,
  options: { message: string; timeout: number; interval?: number; same?: (a: T, b: T) => boolean | Promise<boolean> },
): Promise<T> {
  const same = options.same ?? ((a: T, b: T) => a === b);
  let last: { value: T } | null = null;
  await expect
    .poll(
      async () => {
        const now = await read();
        const settled = last !== null && (await same(last.value, now));
        last = { value: now };
        return settled;
      },
      { message: options.message, timeout: options.timeout, intervals: options.interval ? [options.interval] : undefined },
    )
    .toBe(true);
  return last!.value;
}

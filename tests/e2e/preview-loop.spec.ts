import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openBooth } from './drivers/booth';

/**
 * The live preview loop outlives a bad frame and a dropped frame callback: one frame's work that
 * throws is logged and the next frame still comes; a frame callback the browser never calls back
 * is caught by the watchdog. Runs on the test build (dist-test/, with window.__pbTest).
 */

/** The booth with its camera live and the preview loop drawing. */
async function openLiveBooth(page: Page) {
  await openBooth(page);
  await page.waitForFunction(() => (window.__pbTest?.renderer()?.stats.renderedFrames ?? 0) > 5, undefined, { timeout: 30_000 });
}

function previewStats(page: Page) {
  return page.evaluate(() => {
    const s = window.__pbTest!.renderer()!.stats;
    return { renderedFrames: s.renderedFrames, failedFrames: s.failedFrames, restarts: s.restarts };
  });
}

/** Waits until the live loop itself has drawn `n` more frames than now (no redraw is asked for). */
async function waitForOwnFrames(page: Page, n: number, timeout = 15_000) {
  const from = (await previewStats(page)).renderedFrames;
  await page.waitForFunction(([from, n]) => window.__pbTest!.renderer()!.stats.renderedFrames >= from + n, [from, n] as const, { timeout });
}

/** Preview pixels from the loop's own next frame, summarised (the full array is large). */
function ownFramePixels(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const { data } = await window.__pbTest!.previewPixels(10_000, { redraw: false });
    const out: number[] = [];
    // Every 97th byte: plenty to tell two camera frames apart, small to carry back.
    for (let i = 0; i < data.length; i += 97) out.push(data[i]!);
    return out;
  });
}

/**
 * Proves the loop draws on by itself and the picture is live: after about a second of the loop's
 * own frames (15, awaited, not slept), its next frame differs from `first`. The fake camera's clip
 * is one second long and loops (23 distinct frames of 30), so one later frame can by chance be the
 * same picture: a few more of the loop's own frames are read until one differs.
 */
async function expectLiveFramesAfter(page: Page, first: number[]) {
  await waitForOwnFrames(page, 15);
  await expect
    .poll(async () => meanAbsDiff(first, await ownFramePixels(page)), { message: 'the picture moved', intervals: [0], timeout: 10_000 })
    .toBeGreaterThan(0.5);
}

function meanAbsDiff(a: number[], b: number[]): number {
  let sum = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / Math.min(a.length, b.length);
}


/* ------------------------------------------------------------------------------------------ */
/* The live preview loop                                                                      */
/* ------------------------------------------------------------------------------------------ */

/**
 * One preview frame's work throws (a listener run inside the frame, after it was drawn), once;
 * then proves the loop went on by itself: two frames of the loop's own (no redraw asked for), a
 * second of camera apart, differ; the failure was counted; the watchdog never had to step in.
 * Returns the upload path the frame that threw was on.
 */
async function throwInOneFrameAndWatch(page: Page): Promise<string> {
  const before = await previewStats(page);
  await page.evaluate(() => {
    const r = window.__pbTest!.renderer()!;
    const off = r.onDrawn(() => {
      off();
      (window as unknown as { __threwOn: string }).__threwOn = r.uploadPath;
      throw new Error('test: one bad preview frame');
    });
  });
  await page.waitForFunction((n) => window.__pbTest!.renderer()!.stats.failedFrames > n, before.failedFrames, { timeout: 10_000 });

  // Before the fix the next frame was asked for only after this frame's work returned, so the
  // throw ended the loop: neither read below would ever get a frame of the loop's own.
  await expectLiveFramesAfter(page, await ownFramePixels(page));

  const after = await previewStats(page);
  expect(after.failedFrames - before.failedFrames).toBe(1);
  // It kept going by itself: the watchdog did not have to restart it.
  expect(after.restarts - before.restarts).toBe(0);
  return page.evaluate(() => (window as unknown as { __threwOn: string }).__threwOn);
}

test.describe('a preview frame that throws', () => {
  test.use({ allowConsoleErrors: [/Preview frame failed/] });

  test('does not stop the live preview (frames uploaded directly, inside the frame callback)', async ({ page }) => {
    test.setTimeout(90_000);
    // When uploads are slow (a software GPU: here it goes either way) the app moves them to a
    // worker and draws outside the frame callback. Without VideoFrame (as in browsers that lack
    // it) it keeps the direct path, the one a real GPU takes: the frame that throws is then the
    // frame callback's own work.
    await page.addInitScript(() => delete (window as { VideoFrame?: unknown }).VideoFrame);
    await openLiveBooth(page);
    expect(await throwInOneFrameAndWatch(page)).toBe('direct');
    expect(await page.evaluate(() => window.__pbTest!.renderer()!.uploadPath)).toBe('direct');
  });

  test('does not stop the live preview (frames scaled in a worker, drawn when they come back)', async ({ page }) => {
    test.setTimeout(90_000);
    // A slow GPU: a software one (SwiftShader, as here) sends frames through the frame scaler
    // worker from the first one; any other is timed, and each upload of a camera frame is made
    // 12 ms slower here so that ~20 timed uploads move it there too, whatever the GPU.
    await page.addInitScript(() => {
      for (const name of ['texImage2D', 'texSubImage2D'] as const) {
        const proto = WebGL2RenderingContext.prototype as unknown as Record<string, (...a: unknown[]) => void>;
        const original = proto[name]!;
        proto[name] = function (this: WebGL2RenderingContext, ...args: unknown[]) {
          if (args.some((a) => a instanceof HTMLVideoElement)) {
            const until = performance.now() + 12;
            while (performance.now() < until); // the slowness being simulated: a blocking upload
          }
          return original.apply(this, args);
        };
      }
    });
    await openLiveBooth(page);
    await page.waitForFunction(() => window.__pbTest!.renderer()!.uploadPath === 'scaled-in-worker', undefined, { timeout: 40_000 });
    expect(await throwInOneFrameAndWatch(page)).toBe('scaled-in-worker');
  });
});

test('a frame callback the browser drops is caught by the watchdog, and the preview goes on', async ({ page }) => {
  test.setTimeout(90_000);
  await openLiveBooth(page);
  const before = await previewStats(page);

  // Simulates a browser dropping a frame callback: the loop's next requestVideoFrameCallback on the
  // booth's video returns a handle but never calls back. The call after it (the watchdog's
  // restart) gets the browser's own function back, and is timed, with the frames drawn by then.
  await page.evaluate(() => {
    type Rvfc = HTMLVideoElement['requestVideoFrameCallback'];
    const proto = HTMLVideoElement.prototype;
    const original: Rvfc = proto.requestVideoFrameCallback;
    const video = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video')!;
    const frames = () => window.__pbTest!.renderer()!.stats.renderedFrames;
    const w = window as unknown as { __dropped?: { at: number; frames: number }; __resumed?: { at: number; frames: number } };
    proto.requestVideoFrameCallback = function (this: HTMLVideoElement, cb: VideoFrameRequestCallback) {
      if (this !== video) return original.call(this, cb);
      if (!w.__dropped) {
        w.__dropped = { at: performance.now(), frames: frames() };
        return 0x7ff0_0000; // a handle no callback will ever answer
      }
      w.__resumed = { at: performance.now(), frames: frames() };
      proto.requestVideoFrameCallback = original;
      return original.call(this, cb);
    } as Rvfc;
  });

  await expect.poll(async () => (await previewStats(page)).restarts - before.restarts, { timeout: 5_000, intervals: [250] }).toBeGreaterThanOrEqual(1);
  const { dropped, resumed } = await page.evaluate(() => {
    const w = window as unknown as { __dropped?: { at: number; frames: number }; __resumed?: { at: number; frames: number } };
    return { dropped: w.__dropped, resumed: w.__resumed };
  });
  expect(dropped, 'the callback was dropped').toBeDefined();
  expect(resumed, 'the loop asked again').toBeDefined();
  // The loop really stalled: nothing was drawn between the drop and the watchdog's restart (the
  // frame in progress at the drop may still count), and the restart came after ~2 s of silence.
  expect(resumed!.frames - dropped!.frames).toBeLessThanOrEqual(1);
  expect(resumed!.at - dropped!.at).toBeGreaterThan(1500);

  // And the preview draws on by itself.
  await waitForOwnFrames(page, 10);
  await expectLiveFramesAfter(page, await ownFramePixels(page));
  expect((await previewStats(page)).failedFrames).toBe(before.failedFrames);
});

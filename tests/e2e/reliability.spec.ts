import type { Page } from '@playwright/test';
import { layoutById, stripSize } from '../../src/features/strip/layouts';
import { expect, test } from './fixtures';
import { captureSequence } from './helpers/capture';
import {
  centreColours,
  decodeDownload,
  lumaSpread,
  primaryOf,
  readSession,
  removeWebShare,
  seedSession,
  shareLog,
  simulateWebShare,
  storedOrder,
  thumbIds,
} from './helpers/reliability';
import { tr } from './i18n';

/**
 * Reliability: saved data that cannot be read is repaired (not a broken screen), photo order
 * survives a retake and a reload, the strip renders and downloads without its worker, the live
 * preview outlives a bad frame and a dropped frame callback, and sharing works whatever the
 * browser's share sheet does. Runs on the test build (dist-test/, with window.__pbTest).
 */

/** The booth with its camera live and the preview loop drawing. */
async function openLiveBooth(page: Page) {
  await page.goto('/photobooth');
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
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

/** Takes `shots` photos in the booth, then follows its link to the preview and waits for the strip. */
async function captureAndPreview(page: Page, shots: number) {
  await page.goto('/photobooth');
  await captureSequence(page, { shots, countdown: 0 });
  await page.getByTestId('to-preview').click();
  await expect(page.getByTestId('preview-photo')).toHaveCount(shots);
  await expect(page.getByTestId('strip-canvas')).not.toHaveAttribute('data-renders', '0');
}

/* ------------------------------------------------------------------------------------------ */
/* Saved data                                                                                 */
/* ------------------------------------------------------------------------------------------ */

test('unreadable saved data is removed and the rest kept in order; the visitor is told (pt) and can clear it all', async ({ page }) => {
  test.setTimeout(120_000);
  // Three good photos, written out of position order (and with ids whose key order is neither),
  // among three records the app cannot use, plus settings with two bad fields and a beauty look
  // with a null level.
  await seedSession(page, {
    photos: [
      { id: 'b-blue', colour: '#0000ff', width: 320, height: 240, position: 2 },
      { id: 'x-no-blob', width: 320, height: 240, position: 3 },
      { id: 'c-red', colour: '#ff0000', width: 320, height: 240, position: 0 },
      { id: 'y-string-blob', width: 320, height: 240, position: 4, extra: { blob: 'data:image/jpeg;base64,/9j/4AAQ' } },
      { id: 'a-green', colour: '#00ff00', width: 320, height: 240, position: 1 },
      { id: 'z-zero-width', colour: '#ffff00', width: 320, height: 240, position: 5, extra: { width: 0 } },
    ],
    settings: {
      layoutId: 'no-such-layout',
      background: '#f9a8d4',
      frameId: 'none',
      stickerSetId: 'none',
      stickers: 'oops',
      caption: 'Kept caption',
      showDate: false,
    },
    sessionStorage: {
      'photobooth.beauty.levels': JSON.stringify({ smooth: null, brightness: 40, enhance: 20, slim: 10, eyes: 5 }),
    },
  });
  // The seed really is there, bad records included (else the rest of the test proves nothing).
  expect((await readSession(page)).photos.map((p) => `${p.id}: ${p.blob}`)).toEqual([
    'a-green: Blob image/jpeg non-empty',
    'b-blue: Blob image/jpeg non-empty',
    'c-red: Blob image/jpeg non-empty',
    'x-no-blob: undefined',
    'y-string-blob: string',
    'z-zero-width: Blob image/jpeg non-empty',
  ]);

  await page.goto('/pt/photobooth');
  const notice = page.getByTestId('storage-notice');
  await expect(notice).toHaveAttribute('data-kind', 'repaired');
  await expect(notice).toContainText(tr('pt', 'storage.repaired'));
  await expect(notice.getByRole('button', { name: tr('pt', 'storage.dismiss') })).toBeVisible();
  await expect(notice.getByTestId('clear-session')).toHaveText(tr('pt', 'storage.clear'));
  await expect(page.getByTestId('booth-stage')).toBeVisible();
  await expect(page.getByTestId('captured-thumb')).toHaveCount(3);
  expect(await thumbIds(page)).toEqual(['c-red', 'a-green', 'b-blue']);

  // The bad records are gone from the device; the settings' bad fields reset, the good ones kept.
  await expect
    .poll(async () => (await readSession(page)).photos.map((p) => `${p.id}@${String(p.position)}: ${p.blob} ${String(p.width)}×${String(p.height)}`))
    .toEqual(['a-green@1: Blob image/jpeg non-empty 320×240', 'b-blue@2: Blob image/jpeg non-empty 320×240', 'c-red@0: Blob image/jpeg non-empty 320×240']);
  expect((await readSession(page)).settings).toEqual({
    layoutId: 'classic',
    background: '#f9a8d4',
    frameId: 'none',
    stickerSetId: 'none',
    stickers: [],
    caption: 'Kept caption',
    showDate: false,
  });
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('photobooth.beauty.levels'))).toBeNull();

  // The preview renders them, in position order, with the kept settings; the notice is still up.
  await page.getByTestId('to-preview').click();
  await expect(page).toHaveURL(/\/pt\/preview$/);
  await expect(page.getByTestId('strip-canvas')).not.toHaveAttribute('data-renders', '0');
  await expect(page.getByTestId('strip-canvas')).toHaveAttribute('data-drawn-layout', 'classic');
  const photos = page.getByTestId('preview-photo');
  await expect(photos).toHaveCount(3);
  expect(await photos.evaluateAll((els) => els.map((e) => e.getAttribute('data-photo-id')))).toEqual(['c-red', 'a-green', 'b-blue']);
  expect((await centreColours(photos)).map(primaryOf)).toEqual(['red', 'green', 'blue']);
  await expect(page.getByLabel(tr('pt', 'strip.colours.pink'), { exact: true })).toBeChecked();
  await expect(page.getByLabel(tr('pt', 'strip.caption'))).toHaveValue('Kept caption');
  await expect(notice).toContainText(tr('pt', 'storage.repaired'));

  // "Clear saved session" from the notice: the screen and the device are emptied.
  await notice.getByTestId('clear-session').click();
  await notice.getByTestId('clear-session-yes').click();
  await expect(page.getByTestId('preview-empty')).toBeVisible();
  await expect(notice).toBeHidden();
  await expect.poll(async () => (await readSession(page)).photos).toEqual([]);
  await page.reload();
  await expect(page.getByTestId('preview-empty')).toBeVisible();
  await expect(page.getByTestId('storage-notice')).toHaveCount(0);
  expect((await readSession(page)).photos).toEqual([]);
});

/* ------------------------------------------------------------------------------------------ */
/* Photo order                                                                                */
/* ------------------------------------------------------------------------------------------ */

test('a retaken photo keeps its place, on screen, in storage and after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/photobooth');
  await captureSequence(page, { shots: 4, countdown: 0 });
  const [a, b, c, d] = await thumbIds(page);
  expect(new Set([a, b, c, d]).size).toBe(4);
  await expect.poll(() => storedOrder(page)).toEqual([a, b, c, d]);

  await page.getByTestId('retake-2').click();
  await expect.poll(async () => (await thumbIds(page))[1], { timeout: 30_000 }).not.toBe(b);
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-capturing', 'false', { timeout: 10_000 });
  const after = await thumbIds(page);
  const fresh = after[1]!;
  expect([a, b, c, d]).not.toContain(fresh);
  expect(after).toEqual([a, fresh, c, d]);
  // The writer is debounced: wait until IndexedDB holds the new photo in place 2, and b no more.
  await expect.poll(() => storedOrder(page)).toEqual([a, fresh, c, d]);

  await page.reload();
  await expect(page.getByTestId('captured-thumb')).toHaveCount(4);
  expect(await thumbIds(page)).toEqual([a, fresh, c, d]);
});

/* ------------------------------------------------------------------------------------------ */
/* The strip without its worker                                                               */
/* ------------------------------------------------------------------------------------------ */

test.describe('the composer worker fails to load', () => {
  // No console error is allowed here: a worker script's 404 logs none, and the bridge handles the
  // worker's error event itself (no uncaught-error report).
  test('the strip still renders and downloads as a JPEG, drawn on the main thread', async ({ page }) => {
    test.setTimeout(120_000);
    const refused: string[] = [];
    await page.route(/\/assets\/composer\.worker[^/]*\.js/, (route) => {
      refused.push(route.request().url());
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
    });
    await captureAndPreview(page, 2);
    expect(refused.length, 'the worker script was asked for and refused').toBeGreaterThan(0);

    const canvas = page.getByTestId('strip-canvas');
    await expect(canvas).toHaveAttribute('data-drawn-layout', 'classic');
    const drawn = await canvas.evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let lo = 255;
      let hi = 0;
      let opaque = 0;
      for (let i = 0; i < d.length; i += 4 * 61) {
        const l = (d[i]! * 3 + d[i + 1]! * 6 + d[i + 2]!) / 10;
        lo = Math.min(lo, l);
        hi = Math.max(hi, l);
        if (d[i + 3] === 255) opaque++;
      }
      return { width: c.width, height: c.height, spread: hi - lo, opaque };
    });
    expect(drawn.width).toBeGreaterThan(100);
    expect(drawn.opaque, 'the canvas has been painted').toBeGreaterThan(1000);
    expect(drawn.spread, 'the canvas shows photos, not a flat colour').toBeGreaterThan(60);
    await expect(page.getByText(tr('en', 'preview.rendering'))).toHaveCount(0);
    await expect(page.getByText(tr('en', 'strip.error'))).toHaveCount(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: tr('en', 'strip.downloadJpg'), exact: true }).click(),
    ]);
    const { bytes, img } = await decodeDownload(download);
    const hd = stripSize(layoutById('classic'), 'hd');
    expect([img.width, img.height]).toEqual([hd.width, hd.height]);
    expect(bytes).toBeGreaterThan(50_000);
    expect(lumaSpread(img), 'the JPEG shows photos, not a flat colour').toBeGreaterThan(60);
    await expect(page.getByText(tr('en', 'strip.downloaded', { name: download.suggestedFilename() }))).toBeVisible();
    await expect(page.getByText(tr('en', 'strip.preparing'))).toHaveCount(0);
    await expect(page.locator('.spinner:visible')).toHaveCount(0);
  });
});

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
    // Simulates a slow (software) GPU whatever this machine's speed: each upload of a camera frame
    // takes 12 ms more, so after timing ~20 of them the app moves uploads to its frame scaler
    // worker (640×480 on SwiftShader sits near that threshold, so left alone it goes either way).
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
    await page.waitForFunction(() => window.__pbTest!.renderer()!.uploadPath === 'scaled-in-worker', undefined, { timeout: 15_000 });
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

/* ------------------------------------------------------------------------------------------ */
/* Share                                                                                      */
/* ------------------------------------------------------------------------------------------ */

test.describe('share', () => {
  test('the strip file is made before the tap, and shared while the tap still counts', async ({ page }) => {
    test.setTimeout(120_000);
    await simulateWebShare(page, 'ok');
    await captureAndPreview(page, 2);
    // The app makes the file once the design has settled (700 ms): wait for that JPEG File.
    await page.waitForFunction(() => (window as unknown as { __jpegFiles: unknown[] }).__jpegFiles.length > 0, undefined, { timeout: 30_000 });

    await page.getByRole('button', { name: tr('en', 'share.social'), exact: true }).click();
    await expect.poll(async () => (await shareLog(page)).shares.length).toBe(1);
    const { shares, clicks } = await shareLog(page);
    const [shared] = shares;
    const clickedAt = clicks.at(-1)!;
    expect(shared!.type).toBe('image/jpeg');
    expect(shared!.name).toMatch(/^photobooth-\d{4}-\d{2}-\d{2}-\d{4}\.jpg$/);
    expect(shared!.size).toBeGreaterThan(10_000);
    expect(shared!.lastModified, 'the file existed before the tap').toBeLessThan(clickedAt);
    expect(shared!.activationActive, 'share was called while the tap still counted').toBe(true);
    // No fallback: the sheet opened.
    await expect(page.getByTestId('share-fallback')).toHaveCount(0);
    await expect(page.getByTestId('share-status')).not.toHaveClass(/error/);
  });

  test('a refused share sheet offers the download (a real JPEG) and the share links', async ({ page }) => {
    test.setTimeout(120_000);
    await simulateWebShare(page, 'refuse');
    await captureAndPreview(page, 2);
    await page.getByRole('button', { name: tr('en', 'share.social'), exact: true }).click();
    const fallback = page.getByTestId('share-fallback');
    await expect(fallback).toContainText(tr('en', 'share.refused'));
    expect((await shareLog(page)).shares).toHaveLength(1);
    await expect(fallback.locator('a')).toHaveCount(5);
    for (const href of await fallback.locator('a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) {
      expect(href).toMatch(/^https:\/\//);
      expect(href).not.toMatch(/blob:|data:/);
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      fallback.getByRole('button', { name: tr('en', 'share.download'), exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.jpg$/);
    const { bytes, img } = await decodeDownload(download);
    const standard = stripSize(layoutById('classic'), 'standard');
    expect([img.width, img.height]).toEqual([standard.width, standard.height]);
    expect(bytes).toBeGreaterThan(10_000);
    expect(lumaSpread(img)).toBeGreaterThan(60);
    await expect(page.getByTestId('share-status')).not.toHaveText(tr('en', 'share.failed'));
  });

  test('without Web Share (desktop) the share button offers the download and the links', async ({ page }) => {
    test.setTimeout(120_000);
    await removeWebShare(page);
    await captureAndPreview(page, 2);
    await page.getByRole('button', { name: tr('en', 'share.social'), exact: true }).click();
    const fallback = page.getByTestId('share-fallback');
    await expect(fallback).toContainText(tr('en', 'share.linksIntro'));
    await expect(fallback.locator('a')).toHaveCount(5);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      fallback.getByRole('button', { name: tr('en', 'share.download'), exact: true }).click(),
    ]);
    const { img } = await decodeDownload(download);
    expect(img.width).toBeGreaterThan(500);
    expect(lumaSpread(img)).toBeGreaterThan(60);
  });
});

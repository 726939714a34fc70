import { layoutById, stripSize } from '../../src/features/strip/layouts';
import { expect, test } from './fixtures';
import { openStrip } from './drivers/strip';
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
 * survives a retake and a reload, the strip renders and downloads without its worker, and sharing
 * works whatever the browser's share sheet does (the live preview loop: preview-loop.spec.ts).
 * Runs on the test build (dist-test/, with window.__pbTest).
 */


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
    await openStrip(page, { shots: 2 });
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
/* Share                                                                                      */
/* ------------------------------------------------------------------------------------------ */

test.describe('share', () => {
  test('the strip file is made before the tap, and shared while the tap still counts', async ({ page }) => {
    test.setTimeout(120_000);
    await simulateWebShare(page, 'ok');
    await openStrip(page, { shots: 2 });
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
    await openStrip(page, { shots: 2 });
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
    await openStrip(page, { shots: 2 });
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

import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { toStrip } from './drivers/strip';
import { captureSequence } from './helpers/capture';
import { liveCameraTracks, setTabHidden, spyOnCameraStreams, storedPhotoCount, unplugCamera } from './helpers/trust';
import { thumbIds } from './helpers/reliability';
import { tr } from './i18n';
import { fillQuota, freeQuota, limitQuota } from './helpers/quota';
import { openBooth } from './drivers/booth';

/**
 * Trust under faults (on the production build): no device fault, storage fault or uncaught error
 * loses a photo or leaves the app broken. Nothing leaving the device and the CSP are trust.spec.ts.
 */
test.use({
  launchOptions: launchWithCamera({ clip: 'face-640x480.mjpeg' }),
  permissions: ['camera', 'clipboard-read', 'clipboard-write'],
});

const CAMERA = { width: 640, height: 480 };

async function readDownload(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

/** The booth, live, set for `shots` shots with a 3 s countdown (time to act between shots). */
async function openBoothFor(page: Page, shots: number, countdown = 3) {
  await openBooth(page, { shots, countdown });
  return page.getByTestId('booth-stage');
}

async function startAndWaitForFirstShot(page: Page) {
  await page.getByTestId('start-capture').click();
  await expect(page.getByTestId('captured-thumb')).toHaveCount(1, { timeout: 30_000 });
}

test.describe('the booth at the worst moments', () => {
  test.beforeEach(async ({ page }) => {
    await spyOnCameraStreams(page);
  });

  test('the camera is unplugged during the countdown: the message shows, the sequence stops, the photo taken is kept', async ({ page }) => {
    test.setTimeout(90_000);
    const stage = await openBoothFor(page, 4);
    await startAndWaitForFirstShot(page);
    await expect(page.getByTestId('countdown-number')).toBeVisible();
    const kept = await thumbIds(page);

    expect(await unplugCamera(page)).toBeGreaterThan(0);
    await expect(page.getByTestId('camera-error')).toHaveAttribute('data-error', 'ended');
    await expect(page.getByTestId('camera-error')).toContainText(tr('en', 'camera.errors.ended'));
    await expect(stage).toHaveAttribute('data-capturing', 'false', { timeout: 5_000 });
    // No half-taken second photo, no failure message on top of the camera message.
    expect(await thumbIds(page)).toEqual(kept);
    await expect(page.getByText(tr('en', 'booth.captureFailed'))).toHaveCount(0);
    await expect(page.getByTestId('start-capture')).toBeDisabled();

    await page.getByTestId('camera-retry').click();
    await expect(stage).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    expect(await thumbIds(page)).toEqual(kept);
    await expect(page.getByTestId('start-capture')).toBeEnabled();
    await expect.poll(() => storedPhotoCount(page)).toBe(1);
  });

  test('the tab goes to the background mid-sequence: the camera is released after 30 s, the sequence ends cleanly, the photos taken are kept, the camera comes back', async ({ page }) => {
    test.setTimeout(90_000);
    // The page's clock is moved past the 30 s release instead of waiting for it. The background
    // tab itself is simulated (visibilityState and its event): a headless browser has none.
    await page.clock.install();
    const stage = await openBoothFor(page, 3);
    await startAndWaitForFirstShot(page);
    const [first] = await thumbIds(page);
    await setTabHidden(page, true);
    expect(await liveCameraTracks(page), 'a short absence keeps the camera').toBe(1);
    await page.clock.fastForward(31_000);
    await expect.poll(() => liveCameraTracks(page), { message: 'the camera light goes off after 30 s hidden' }).toBe(0);
    await expect(stage).toHaveAttribute('data-capturing', 'false');
    await setTabHidden(page, false);
    await expect(stage).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    await expect(stage).toHaveAttribute('data-camera-status', 'live');
    await expect(page.getByText(tr('en', 'booth.captureFailed'))).toHaveCount(0);
    const ids = await thumbIds(page);
    expect(ids[0]).toBe(first);
    expect(ids.length).toBeGreaterThanOrEqual(1);
    expect(ids.length).toBeLessThanOrEqual(3);
    expect(await liveCameraTracks(page)).toBe(1);
    const sizes = await page
      .getByTestId('captured-thumb')
      .locator('img')
      .evaluateAll((imgs) => Promise.all((imgs as HTMLImageElement[]).map(async (i) => (await i.decode(), [i.naturalWidth, i.naturalHeight]))));
    expect(sizes).toEqual(ids.map(() => [CAMERA.width, CAMERA.height]));
    await expect.poll(() => storedPhotoCount(page)).toBe(ids.length);
  });

  test('pressing Start twice runs one sequence, not two', async ({ page }) => {
    test.setTimeout(90_000);
    await page.clock.install();
    const stage = await openBoothFor(page, 2);
    // Two clicks in the same task: the button cannot have been disabled in between.
    await page.getByTestId('start-capture').evaluate((b: HTMLButtonElement) => {
      b.click();
      b.click();
    });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('capturing-message')).toContainText(tr('en', 'booth.capturing', { n: 1, total: 2 }));
    await expect(page.getByTestId('captured-thumb')).toHaveCount(2, { timeout: 30_000 });
    await expect(stage).toHaveAttribute('data-capturing', 'false', { timeout: 10_000 });
    // Move the clock past where a second sequence (3 s countdowns) would have shot again, and let
    // the page draw twice more: still the same two photos, nothing capturing.
    const ids = await thumbIds(page);
    await page.clock.fastForward(8_000);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(stage).toHaveAttribute('data-capturing', 'false');
    expect(await thumbIds(page)).toEqual(ids);
    expect(new Set(ids).size).toBe(2);
  });

  test('leaving the booth during capture keeps the photos taken, stops the camera and shoots no more', async ({ page }) => {
    test.setTimeout(90_000);
    await page.clock.install();
    // 10 s countdowns: the way out is taken during the second one, which must not have ended before
    // the click (with 3 s, a loaded machine took the second shot while the first was being saved).
    const stage = await openBoothFor(page, 4, 10);
    await startAndWaitForFirstShot(page);
    const kept = await thumbIds(page);
    // The booth hides its own "to preview" link while shooting; the footer is always there.
    await page.getByRole('contentinfo').getByRole('link', { name: tr('en', 'nav.contact'), exact: true }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect.poll(() => liveCameraTracks(page)).toBe(0);
    // No shot lands later from the abandoned sequence: the clock moves past its next three shots.
    await page.clock.fastForward(35_000);
    await expect.poll(() => storedPhotoCount(page)).toBe(1);
    await page.goto('/preview');
    await expect(page.getByTestId('preview-photo')).toHaveCount(1);
    await expect(page.getByTestId('strip-canvas')).not.toHaveAttribute('data-renders', '0');
    await page.getByRole('link', { name: tr('en', 'preview.takeNew') }).click();
    await expect(stage).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    expect(await thumbIds(page)).toEqual(kept);
    await expect(stage).toHaveAttribute('data-capturing', 'false');
  });
});

test.describe('storage faults', () => {
  test('IndexedDB.open throws (private mode): the booth says photos will not survive a reload, and the session works in memory', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      };
    });
    await page.goto('/it/photobooth');
    await expect(page.getByTestId('storage-notice')).toContainText(tr('it', 'storage.memory'));
    await captureSequence(page, { shots: 2, countdown: 0 });
    const ids = await thumbIds(page);
    // In-app navigation keeps them in memory, both ways.
    await toStrip(page, 2);
    await expect(page.getByTestId('storage-notice')).toContainText(tr('it', 'storage.memory'));
    await page.getByRole('link', { name: tr('it', 'preview.takeNew') }).first().click();
    await expect(page.getByTestId('captured-thumb')).toHaveCount(2);
    expect(await thumbIds(page)).toEqual(ids);
  });

  // A small phone too: there the pinned stage and the floating notice together are taller than the
  // screen, and the stage must make room for the Retake buttons between them.
  for (const viewport of [undefined, { width: 360, height: 740 }]) {
    test(`storage fills up after the first photos: later photos stay in memory and the booth says so; freed, they are saved${viewport ? ` (${viewport.width}×${viewport.height})` : ''}`, async ({ page, baseURL }) => {
      test.setTimeout(90_000);
      if (viewport) await page.setViewportSize(viewport);
      // A real full disk: the browser gives the origin a small quota, the test fills what is left, and
      // the app's next write aborts with QuotaExceededError as it does on a full phone.
      const unlimit = await limitQuota(page, new URL(baseURL!).origin, 40 << 20);
      try {
        await page.goto('/photobooth');
        await captureSequence(page, { shots: 1, countdown: 0 });
        await expect.poll(() => storedPhotoCount(page)).toBe(1);
        await expect(page.getByTestId('storage-notice')).toHaveCount(0, { timeout: 20_000 });
        expect(await fillQuota(page), 'the filler took the free space').toBeGreaterThan(1 << 20);
        const [first] = await thumbIds(page);
        await page.getByTestId('retake-1').click();
        await expect.poll(async () => (await thumbIds(page))[0]).not.toBe(first);
        await expect(page.getByTestId('storage-notice')).toHaveAttribute('data-kind', 'full');
        await expect(page.getByTestId('storage-notice')).toContainText(tr('en', 'storage.full').slice(0, 30));
        await expect(page.getByTestId('captured-thumb')).toHaveCount(1);
        await toStrip(page, 1);
        // Space freed: the next change is saved and the notice goes.
        await freeQuota(page);
        await page.getByRole('link', { name: tr('en', 'preview.takeNew') }).first().click();
        await page.getByTestId('retake-1').click();
        await expect(page.getByTestId('storage-notice')).toHaveCount(0, { timeout: 20_000 });
        const ids = await thumbIds(page);
        await expect.poll(() => storedPhotoCount(page)).toBe(1);
        await page.reload();
        await expect(page.getByTestId('captured-thumb')).toHaveCount(1);
        expect(await thumbIds(page)).toEqual(ids);
      } finally {
        await unlimit();
      }
    });
  }
});

test.describe('the global error banner', () => {
  test.use({ allowConsoleErrors: [/boom/] });

  test('an unhandled rejection shows a translated banner with reload and a ZIP of every photo', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/ja/photobooth');
    await captureSequence(page, { shots: 2, countdown: 0 });
    await page.evaluate(() => {
      void Promise.reject(new Error('boom'));
    });
    const banner = page.locator('.global-error');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(tr('ja', 'errors.crashTitle'));
    await expect(banner.getByRole('button', { name: tr('ja', 'errors.reload') })).toBeVisible();
    const rescue = banner.getByRole('button', { name: tr('ja', 'errors.rescue', { count: 2 }) });
    const [file] = await Promise.all([page.waitForEvent('download'), rescue.click()]);
    expect(file.suggestedFilename()).toMatch(/\.zip$/);
    const entries = unzipSync(new Uint8Array(await readDownload(file)));
    const names = Object.keys(entries).sort();
    expect(names).toHaveLength(2);
    for (const name of names) {
      expect(name).toMatch(/\.jpg$/);
      const img = jpeg.decode(entries[name]!, { useTArray: true });
      expect([img.width, img.height], name).toEqual([CAMERA.width, CAMERA.height]);
    }
    // The page underneath still works; the banner can be dismissed.
    await banner.getByRole('button', { name: tr('ja', 'errors.dismiss') }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByTestId('captured-thumb')).toHaveCount(2);
  });
});

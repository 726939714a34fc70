import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { LAYOUTS } from '../../src/features/strip/layouts';
import { readJfifDensity } from '../../src/features/strip/jfif';
import { launchWithCamera } from './env';
import { expect, expectAccessible, expectOnlyOwnOrigin, test } from './fixtures';
import { openStrip, toStrip } from './drivers/strip';
import { captureSequence } from './helpers/capture';
import { fillQuota, limitQuota } from './helpers/quota';
import { stableReading } from './helpers/stable';
import { tr } from './i18n';

test.use({
  launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }),
  permissions: ['camera', 'clipboard-read', 'clipboard-write'],
});

const SHOTS = 4;

/** Takes photos in the real booth with the fake camera, then follows the booth's link to the strip. */
async function captureAndPreview(page: Page, shots = SHOTS) {
  test.setTimeout(180_000);
  await openStrip(page, { shots });
  await expect(page.locator('h1')).toHaveText(tr('en', 'preview.title'));
}

/** A small fingerprint of what the preview canvas shows (16×48 averaged pixels). */
function canvasSignature(page: Page): Promise<string> {
  return page.getByTestId('strip-canvas').evaluate((c: HTMLCanvasElement) => {
    const small = document.createElement('canvas');
    small.width = 16;
    small.height = 48;
    const ctx = small.getContext('2d')!;
    ctx.drawImage(c, 0, 0, 16, 48);
    return Array.from(ctx.getImageData(0, 0, 16, 48).data, (v) => v >> 3).join(',');
  });
}

async function readDownload(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

async function download(page: Page, buttonKey: string): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: tr('en', buttonKey) }).click()]);
  return file;
}

test("the booth's Continue shows the strip at once: the strip page's code loads while the visitor shoots, and no loading spinner comes between", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/photobooth');
  // The strip page's code was fetched by the booth (once the booth was up and the page idle)…
  const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/PreviewPage-[^/]*\.js$/.test(e.name)));
  await expect.poll(loaded, { message: "the strip page's code, loaded by the booth", timeout: 15_000 }).toBe(true);
  await captureSequence(page, { shots: 1, countdown: 0 });
  // …so following Continue goes straight from the booth to the strip: the page shows nothing in
  // between (no loading spinner, no other or empty screen) while the strip page's code would load.
  await page.evaluate(() => {
    const seen = { screens: [] as string[], spinner: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const note = () => {
      const screen = document.querySelector('#main h1')?.textContent ?? '(none)';
      if (seen.screens.at(-1) !== screen) seen.screens.push(screen);
      seen.spinner ||= !!document.querySelector('#main .loading');
    };
    note();
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByTestId('to-preview').click();
  await expect(page.getByTestId('strip-canvas')).not.toHaveAttribute('data-renders', '0');
  const seen = await page.evaluate(() => (window as unknown as { __seen: { screens: string[]; spinner: boolean } }).__seen);
  expect(seen.screens, 'what the page showed from Continue to the strip').toEqual([tr('en', 'booth.title'), tr('en', 'preview.title')]);
  expect(seen.spinner, 'a loading spinner between the booth and the strip').toBe(false);
});

test('/preview with no photos shows a friendly prompt with a way back to the booth', async ({ page }) => {
  await page.goto('/preview');
  await expect(page.locator('h1')).toHaveText(tr('en', 'preview.title'));
  await expect(page.getByTestId('preview-empty')).toContainText(tr('en', 'preview.emptyTitle'));
  await page.getByRole('link', { name: tr('en', 'preview.goToBooth') }).click();
  await expect(page).toHaveURL(/\/photobooth$/);

  await page.goto('/ja/preview');
  await expect(page.getByRole('link', { name: tr('ja', 'preview.goToBooth') })).toHaveAttribute('href', '/ja/photobooth');
});

test('without IndexedDB (private mode) the visitor is told photos will not survive a reload', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined }));
  await page.goto('/es/preview');
  await expect(page.getByText(tr('es', 'storage.memory'))).toBeVisible();
  await expect(page.getByTestId('preview-empty')).toBeVisible();
});

test('when storage is full the photos stay in memory and the visitor is told', async ({ page, baseURL }) => {
  // A real full disk (helpers/quota.ts): a small quota from the browser, filled before any photo,
  // so every photo write aborts with QuotaExceededError.
  const unlimit = await limitQuota(page, new URL(baseURL!).origin, 30 << 20);
  try {
    await page.goto('/photobooth');
    expect(await fillQuota(page), 'the filler took the free space').toBeGreaterThan(1 << 20);
    await captureSequence(page, { shots: 2, countdown: 0 });
    await toStrip(page, 2);
    const notice = page.getByTestId('storage-notice');
    await expect(notice).toHaveText(new RegExp(tr('en', 'storage.full').slice(0, 30)));
    await expect(page.getByTestId('strip-canvas')).toHaveAttribute('data-drawn-layout', 'classic');
    await page.getByRole('button', { name: tr('en', 'storage.dismiss') }).click();
    await expect(notice).toBeHidden();
  } finally {
    await unlimit();
  }
});

test('every layout changes the preview; the pink strip downloads with pink borders at each resolution', async ({ page, requests, baseURL }) => {
  await captureAndPreview(page);
  const canvas = page.getByTestId('strip-canvas');

  const seen = new Map<string, string>();
  for (const layout of LAYOUTS) {
    await page.getByLabel(tr('en', `strip.layouts.${layout.id}`), { exact: true }).check();
    await expect(canvas).toHaveAttribute('data-drawn-layout', layout.id);
    const sig = await canvasSignature(page);
    for (const [other, otherSig] of seen) expect(sig, `${layout.id} looks like ${other}`).not.toBe(otherSig);
    seen.set(layout.id, sig);
  }
  expect(seen.size).toBe(7);

  await page.getByLabel(tr('en', 'strip.layouts.classic'), { exact: true }).check();
  await page.getByLabel(tr('en', 'strip.colours.pink'), { exact: true }).check();
  await expect(canvas).toHaveAttribute('data-drawn-layout', 'classic');

  const expected = { standard: [600, 1800], hd: [1200, 3600], print: [600, 1800] } as const;
  for (const [resolution, [w, h]] of Object.entries(expected)) {
    await page.getByLabel(tr('en', 'strip.resolution')).selectOption(resolution);
    const file = await download(page, 'strip.downloadJpg');
    expect(file.suggestedFilename()).toMatch(/^photobooth-\d{4}-\d{2}-\d{2}-\d{4}(-hd|-print)?\.jpg$/);
    const bytes = await readDownload(file);
    const img = jpeg.decode(bytes, { maxMemoryUsageInMB: 1024 });
    expect([img.width, img.height], resolution).toEqual([w, h]);
    // The left and right margins (background only in the classic strip) are pink: #f9a8d4.
    for (const [x, y] of [
      [4, Math.round(h / 2)],
      [w - 5, Math.round(h / 3)],
      [Math.round(w / 2), 3],
      [5, h - 5],
    ] as const) {
      const i = (y * w + x) * 4;
      const [r, g, b] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
      expect(Math.abs(r - 0xf9) + Math.abs(g - 0xa8) + Math.abs(b - 0xd4), `${resolution} pixel ${x},${y} = ${r},${g},${b}`).toBeLessThan(24);
    }
    const density = readJfifDensity(new Uint8Array(bytes));
    if (resolution === 'print') expect(density).toEqual({ units: 1, x: 300, y: 300 });
  }

  // Download all: one ZIP with the strip and one JPG per photo, each decodable.
  const zipFile = await download(page, 'strip.downloadAll');
  expect(zipFile.suggestedFilename()).toMatch(/^photobooth-\d{4}-\d{2}-\d{2}-\d{4}\.zip$/);
  const entries = unzipSync(new Uint8Array(await readDownload(zipFile)));
  const names = Object.keys(entries).sort();
  expect(names.filter((n) => n.endsWith('-strip.jpg'))).toHaveLength(1);
  expect(names.filter((n) => /-photo-\d+\.jpg$/.test(n))).toHaveLength(SHOTS);
  expect(names).toHaveLength(SHOTS + 1);
  for (const name of names) {
    const img = jpeg.decode(entries[name]!, { maxMemoryUsageInMB: 1024 });
    expect(img.width, name).toBeGreaterThan(500);
  }
  await expectAccessible(page, '/preview with photos');
  expectOnlyOwnOrigin(requests, new URL(baseURL!).origin);
});

test('Copy Link copies the app URL and says "Link Copied!"; Email Invite is a translated mailto', async ({ page, baseURL }) => {
  await captureAndPreview(page, 2);
  await page.getByRole('button', { name: tr('en', 'share.copy') }).click();
  await expect(page.getByTestId('share-status')).toHaveText(tr('en', 'share.copied'));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(baseURL!).origin}/`);

  const mail = page.getByRole('link', { name: tr('en', 'share.email') });
  const href = decodeURIComponent((await mail.getAttribute('href')) ?? '');
  expect(href).toContain(`mailto:?subject=${tr('en', 'share.emailSubject')}`);
  expect(href).toContain(`${new URL(baseURL!).origin}/`);

  // No Web Share with files here (desktop Linux): the share links carry only the app's address.
  await page.getByRole('button', { name: tr('en', 'share.social') }).click();
  const links = page.locator('.share-links a');
  await expect(links.first()).toBeVisible();
  for (const a of await links.all()) {
    const url = (await a.getAttribute('href')) ?? '';
    expect(url).not.toMatch(/blob:|data:/);
    expect(decodeURIComponent(url)).toContain(new URL(baseURL!).origin);
    await expect(a).toHaveAttribute('target', '_blank');
  }
});

test('a reload of /preview brings back the same photos and settings', async ({ page }) => {
  await captureAndPreview(page, 3);
  await page.getByLabel(tr('en', 'strip.layouts.grid'), { exact: true }).check();
  await page.getByLabel(tr('en', 'strip.colours.pink'), { exact: true }).check();
  await page.getByLabel(tr('en', 'strip.frames.hearts'), { exact: true }).check();
  await page.getByLabel(tr('en', 'strip.caption')).fill('Best friends');
  await expect(page.getByTestId('strip-canvas')).toHaveAttribute('data-drawn-layout', 'grid');
  const photosBefore = await page.getByTestId('preview-photo').evaluateAll((imgs) =>
    imgs.map((i) => (i as HTMLImageElement).naturalWidth),
  );
  // Writes are debounced: wait until IndexedDB holds the settings and the photos before reloading.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise((resolve) => {
            const open = indexedDB.open('photobooth-session');
            open.onsuccess = () => {
              const tx = open.result.transaction(['settings', 'photos'], 'readonly');
              const settings = tx.objectStore('settings').get('strip');
              const count = tx.objectStore('photos').count();
              tx.oncomplete = () => {
                open.result.close();
                resolve({ ...(settings.result as object), photos: count.result });
              };
            };
          }),
      ),
    )
    .toMatchObject({ layoutId: 'grid', background: '#f9a8d4', frameId: 'hearts', caption: 'Best friends', photos: 3 });
  // The strip is drawn in a worker, latest wins: the caption's drawing can land after the save.
  // The strip as it is once no drawing is left: the same twice, with no drawing in between.
  const drawn = await stableReading(
    async () => `${await page.getByTestId('strip-canvas').getAttribute('data-renders')}|${await canvasSignature(page)}`,
    { interval: 700, timeout: 20_000, message: 'the strip drawn with the last settings' },
  );
  const sigBefore = drawn.slice(drawn.indexOf('|') + 1);

  await page.reload();
  await expect(page.getByTestId('preview-photo')).toHaveCount(3);
  await expect(page.getByLabel(tr('en', 'strip.layouts.grid'), { exact: true })).toBeChecked();
  await expect(page.getByLabel(tr('en', 'strip.colours.pink'), { exact: true })).toBeChecked();
  await expect(page.getByLabel(tr('en', 'strip.frames.hearts'), { exact: true })).toBeChecked();
  await expect(page.getByLabel(tr('en', 'strip.caption'))).toHaveValue('Best friends');
  await expect(page.getByTestId('strip-canvas')).toHaveAttribute('data-drawn-layout', 'grid');
  await expect.poll(() => page.getByTestId('preview-photo').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth))).toEqual(photosBefore);
  expect(await canvasSignature(page)).toBe(sigBefore);

  // The booth brings them back too, and Clear removes them for good.
  await page.goto('/photobooth');
  await expect(page.getByTestId('captured-thumb')).toHaveCount(3);
  await page.goto('/preview');
  await page.getByRole('button', { name: tr('en', 'preview.clear') }).click();
  await page.getByRole('button', { name: tr('en', 'storage.clearYes') }).click();
  await expect(page.getByTestId('preview-empty')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('preview-empty')).toBeVisible();
});

test('a sticker can be dragged, resized and removed with the keyboard', async ({ page }) => {
  await captureAndPreview(page, 2);
  await page.getByLabel(tr('en', 'strip.stickerSets.cute'), { exact: true }).check();
  const stickers = page.getByTestId('sticker');
  await expect(stickers).toHaveCount(5);
  const canvas = page.getByTestId('strip-canvas');
  await expect.poll(() => canvas.getAttribute('data-renders')).not.toBe('1');
  const sigPlaced = await canvasSignature(page);

  // Drag the first sticker with the pointer.
  const first = stickers.first();
  const box = (await first.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 80, { steps: 6 });
  await page.mouse.up();
  const moved = (await first.boundingBox())!;
  expect(moved.x - box.x).toBeGreaterThan(20);
  expect(moved.y - box.y).toBeGreaterThan(60);
  await expect.poll(() => canvasSignature(page)).not.toBe(sigPlaced);

  // Keyboard: arrows move, + grows, Delete removes.
  await first.focus();
  const before = (await first.boundingBox())!;
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('+');
  const after = (await first.boundingBox())!;
  expect(after.width).toBeGreaterThan(before.width);
  expect(after.y + after.height / 2).toBeGreaterThan(before.y + before.height / 2);
  const sigBeforeDelete = await canvasSignature(page);
  const label = await first.getAttribute('aria-label');
  await page.keyboard.press('Delete');
  await expect(stickers).toHaveCount(4);
  await expect(page.getByRole('button', { name: label!, exact: true })).toHaveCount(0);
  await expect(stickers.first()).toBeFocused();
  await expect.poll(() => canvasSignature(page)).not.toBe(sigBeforeDelete);

  // The visible control removes one too.
  await page.getByRole('button', { name: tr('en', 'strip.removeSticker') }).click();
  await expect(stickers).toHaveCount(3);
});

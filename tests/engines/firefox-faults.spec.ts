import { expect, test } from '@playwright/test';
import type { Page } from 'puppeteer-core';
import { useClipCamera } from './harness/clipCamera';
import { openFirefoxBooth, previewStats, waitFor } from './harness/ffBooth';
import { launchFirefox, type FirefoxSession } from './harness/firefox';

// Nothing black and nothing half-made kept, in Firefox (issue 64): Firefox's own paths (its photo
// through the GPU pipeline, its message through MediaRecorder) with SIMULATED FAULTS from the test
// seam (src/test-seam/faults.ts): Firefox reads its camera and finishes its files reliably here.
test.describe.configure({ mode: 'default', timeout: 150_000 });

let ff: FirefoxSession;
let page: Page;
test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  ff = await launchFirefox();
  page = ff.page;
  await useClipCamera(page, 'face-640x480.mjpeg');
  await openFirefoxBooth(page, `${baseURL}/photobooth`, { shots: 1, countdown: 0 });
});
test.afterAll(async () => ff?.close());

const thumbs = () => page.evaluate(() => document.querySelectorAll('[data-testid="captured-thumb"]').length);

test('Firefox: a photo black every way is named and not kept; black only as a still, it is retaken from the video', async () => {
  // The clip camera's first frames can be blank while its JPEGs decode: a black photo of a dark
  // preview is rightly kept, so the shutter waits for the face on the preview.
  await waitFor(async () => {
    const { r, g, b } = await previewStats(page);
    return (r + g + b) / 3 > 40;
  }, 'a lit preview');
  await page.evaluate(() => window.__pbTest!.faults.photoReadsBlack('every'));
  await page.click('[data-testid="start-capture"]');
  // Whichever comes first: the black photo named, or a photo kept (then the failure says so).
  const outcome = await waitFor(
    () =>
      page.evaluate(() => {
        const named = document.querySelector<HTMLElement>('[data-testid="capture-black"]');
        if (named && named.offsetParent) return 'named black';
        return document.querySelector('[data-testid="captured-thumb"]') ? 'a photo kept' : null;
      }),
    'the black photo named or a photo kept',
    30_000,
  );
  expect(outcome).toBe('named black');
  await page.waitForSelector('[data-testid="booth-stage"][data-capturing="false"]', { timeout: 30_000 });
  expect(await thumbs(), 'nothing kept').toBe(0);
  await page.evaluate(() => window.__pbTest!.faults.clear());

  await page.evaluate(() => window.__pbTest!.faults.photoReadsBlack('still'));
  await page.waitForSelector('[data-testid="start-capture"]:not([disabled])', { timeout: 30_000 });
  await page.click('[data-testid="start-capture"]');
  const brightest = await waitFor(
    () =>
      page.evaluate(async () => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="captured-thumb"] img');
        if (!img?.src.startsWith('blob:')) return null;
        const b = await createImageBitmap(await (await fetch(img.src)).blob());
        const c = new OffscreenCanvas(b.width, b.height);
        const x = c.getContext('2d')!;
        x.drawImage(b, 0, 0);
        const d = x.getImageData(0, 0, b.width, b.height).data;
        let m = 0;
        for (let i = 0; i < d.length; i += 64) m = Math.max(m, 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!);
        return m;
      }),
    'the retaken photo',
    60_000,
  );
  expect(brightest, 'the photo shows the camera’s picture').toBeGreaterThan(60);
  await page.evaluate(() => window.__pbTest!.faults.clear());
});

test('Firefox: a message whose recorder hands over nothing is named and not kept', async () => {
  await page.evaluate(() => window.__pbTest!.faults.messageNotFinished());
  try {
    await page.waitForSelector('[data-testid="message-record"]:not([disabled])', { timeout: 30_000 });
    await page.click('[data-testid="message-record"]');
    await page.waitForSelector('[data-testid="message-live"][data-phase="recording"]', { timeout: 30_000 });
    await page.waitForFunction(() => /0:0[2-9]/.test(document.querySelector('[data-testid="message-timer"]')?.textContent ?? ''), { timeout: 40_000 });
    await page.keyboard.press(' ');
    await page.waitForSelector('[data-testid="message-failed"]', { visible: true, timeout: 30_000 });
    expect(await page.$('[data-testid="message-review"]')).toBeNull();
    expect(await page.$$('[data-testid="message-kept"]')).toHaveLength(0);
  } finally {
    await page.evaluate(() => window.__pbTest!.faults.clear());
  }
});

import { readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { chromium, type Page } from '@playwright/test';
import { launchWithCamera, clip, type CameraMode } from './env';
import { test, expect } from './fixtures';
import { captureSequence } from './helpers/capture';
import { liveCameraTracks, spyOnCameraStreams, unplugCamera } from './helpers/trust';
import { tr } from './i18n';

/** Grey levels of an RGBA image averaged into a cols×rows grid (for comparing pictures). */
function grid(data: ArrayLike<number>, width: number, height: number, cols = 32, rows = 18, mirror = false): number[] {
  const sums = new Array(cols * rows).fill(0);
  const counts = new Array(cols * rows).fill(0);
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const i = (y * width + x) * 4;
      const cx = Math.min(cols - 1, Math.floor((x / width) * cols));
      const cell = Math.min(rows - 1, Math.floor((y / height) * rows)) * cols + (mirror ? cols - 1 - cx : cx);
      sums[cell] += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      counts[cell]++;
    }
  }
  return sums.map((s, i) => s / counts[i]);
}

function correlation(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

/** The clip's first frame: an MJPEG file is JPEGs back to back. */
function firstClipFrame(name: string) {
  const bytes = readFileSync(clip(name));
  const end = bytes.indexOf(Buffer.from([0xff, 0xd9])) + 2;
  return jpeg.decode(bytes.subarray(0, end), { useTArray: true });
}

interface CanvasStats {
  width: number;
  height: number;
  r: number;
  g: number;
  b: number;
  saturation: number;
  /** Mean grey of a 32×18 grid over the canvas (see `grid`). */
  cells: number[];
}

/** What the preview canvas shows right now: mean colour, mean HSV saturation and a coarse grey grid. */
async function previewPixels(page: Page): Promise<CanvasStats> {
  // The test seam reads the canvas right after a render (the app does not preserve its buffer).
  return page.evaluate(async () => {
    const { width: w, height: h, data } = await window.__pbTest!.previewPixels();
    let r = 0;
    let g = 0;
    let b = 0;
    let sat = 0;
    const n = w * h;
    const cols = 32;
    const rows = 18;
    const sums = new Array(cols * rows).fill(0);
    const counts = new Array(cols * rows).fill(0);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 4;
        const R = data[i]!;
        const G = data[i + 1]!;
        const B = data[i + 2]!;
        r += R;
        g += G;
        b += B;
        const max = Math.max(R, G, B);
        sat += max ? (max - Math.min(R, G, B)) / max : 0;
        const cell = Math.min(rows - 1, Math.floor((y / h) * rows)) * cols + Math.min(cols - 1, Math.floor((x / w) * cols));
        sums[cell] += 0.299 * R + 0.587 * G + 0.114 * B;
        counts[cell]++;
      }
    }
    const cells = sums.map((v, i) => v / counts[i]);
    return { width: w, height: h, r: r / n, g: g / n, b: b / n, saturation: sat / n, cells };
  });
}

async function openBooth(page: Page, path = '/photobooth') {
  await page.goto(path);
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-render-mode', 'webgl');
  // Wait for a drawn frame (the canvas starts black).
  await expect.poll(async () => (await previewPixels(page)).r, { timeout: 15_000 }).toBeGreaterThan(10);
}

async function pickFilter(page: Page, id: string) {
  await page.getByTestId(`filter-${id}`).click();
  await expect(page.getByTestId(`filter-${id}`)).toHaveAttribute('aria-checked', 'true');
  // A frame drawn after the change (the seam asks for one and waits for it) shows it.
  await previewPixels(page);
}

/** Decoded JPEGs of the captured thumbnails (the very Blobs in the session atom). */
async function capturedJpegs(page: Page) {
  const b64s = await page.getByTestId('captured-thumb').locator('img').evaluateAll(async (imgs) =>
    Promise.all(
      (imgs as HTMLImageElement[]).map(async (img) => {
        const blob = await (await fetch(img.src)).blob();
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let s = '';
        for (const b of bytes) s += String.fromCharCode(b);
        return { type: blob.type, data: btoa(s) };
      }),
    ),
  );
  return b64s.map(({ type, data }) => ({ type, ...jpeg.decode(Buffer.from(data, 'base64'), { useTArray: true }) }));
}

function meanRgb(img: { data: Uint8Array; width: number; height: number }) {
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    r += img.data[i]!;
    g += img.data[i + 1]!;
    b += img.data[i + 2]!;
  }
  const n = img.width * img.height;
  return { r: r / n, g: g / n, b: b / n };
}

test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });

test.describe('booth with a camera', () => {

  test('the preview shows the camera picture, mirrored by default', async ({ page }) => {
    await openBooth(page);
    const frame = firstClipFrame('face-1280x720.mjpeg');
    const shown = await previewPixels(page);
    const seen = shown.cells;
    // The clip pans a few pixels, so compare coarse grids: the mirrored clip matches, the plain one less so.
    const mirrored = correlation(seen, grid(frame.data, frame.width, frame.height, 32, 18, true));
    const plain = correlation(seen, grid(frame.data, frame.width, frame.height));
    expect(mirrored).toBeGreaterThan(0.85);
    expect(mirrored).toBeGreaterThan(plain + 0.05);
    // The preview renders at display size × DPR, not the camera's 1280×720.
    const box = (await page.getByTestId('booth-canvas').boundingBox())!;
    expect(Math.abs(shown.width - Math.round(box.width))).toBeLessThanOrEqual(1);

    await page.getByTestId('mirror-preview').uncheck();
    await expect
      .poll(async () => {
        const s = await previewPixels(page);
        return correlation(s.cells, grid(frame.data, frame.width, frame.height));
      })
      .toBeGreaterThan(0.85);
  });

  test('grayscale removes colour and sepia makes R > G > B', async ({ page }) => {
    await openBooth(page);
    const plain = await previewPixels(page);
    expect(plain.saturation).toBeGreaterThan(0.1);

    await pickFilter(page, 'grayscale');
    await expect.poll(async () => (await previewPixels(page)).saturation).toBeLessThan(0.02);

    await pickFilter(page, 'sepia');
    await expect
      .poll(async () => {
        const s = await previewPixels(page);
        return s.r > s.g + 5 && s.g > s.b + 5;
      })
      .toBe(true);
  });

  test('keys 1–9 pick filters, arrows move through the list, light level is shown', async ({ page }) => {
    await openBooth(page);
    // Live thumbnails: the visitor under each filter (grey under grayscale, colour under none).
    const thumb = (id: string) =>
      page.getByTestId(`filter-${id}`).locator('canvas').evaluate((c: HTMLCanvasElement) => {
        const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let luma = 0;
        let sat = 0;
        for (let i = 0; i < d.length; i += 4) {
          const max = Math.max(d[i]!, d[i + 1]!, d[i + 2]!);
          luma += (d[i]! + d[i + 1]! + d[i + 2]!) / 3;
          sat += max ? (max - Math.min(d[i]!, d[i + 1]!, d[i + 2]!)) / max : 0;
        }
        return { luma: luma / (d.length / 4), sat: sat / (d.length / 4) };
      });
    await expect.poll(async () => (await thumb('grayscale')).luma, { timeout: 20_000 }).toBeGreaterThan(30);
    expect((await thumb('grayscale')).sat).toBeLessThan(0.03);
    await expect.poll(async () => (await thumb('none')).sat, { timeout: 20_000 }).toBeGreaterThan(0.1);
    await page.locator('body').press('2');
    await expect(page.getByTestId('filter-grayscale')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('filter-none')).toHaveAttribute('aria-checked', 'false');
    await expect.poll(async () => (await previewPixels(page)).saturation).toBeLessThan(0.02);

    await page.locator('body').press('9');
    await expect(page.getByTestId('filter-film-look')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('filter-film-look').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('filter-dreamy-blue')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('filter-dreamy-blue')).toBeFocused();

    // The 1280×720 clip's mean luma is ~93: normal light, with a one-click recommendation.
    await expect(page.getByTestId('light-banner')).toHaveAttribute('data-level', 'normal');
    await page.getByTestId('apply-recommended').click();
    await expect(page.getByTestId('filter-portrait-enhance')).toHaveAttribute('aria-checked', 'true');

    // With the tutorial open over the booth, its keys are its own: the filter behind stays.
    await page.getByRole('banner').getByRole('button', { name: tr('en', 'nav.tutorial') }).click();
    const tutorial = page.locator('dialog[open]');
    await expect(tutorial).toBeVisible();
    await page.keyboard.press('2');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(tutorial).toHaveCount(0);
    await expect(page.getByTestId('filter-portrait-enhance')).toHaveAttribute('aria-checked', 'true');
  });

  test('a 4-shot capture keeps 4 full-resolution photos with the filter baked in; retake replaces one', async ({ page }) => {
    test.setTimeout(120_000);
    await openBooth(page);
    await captureSequence(page, { shots: 4, countdown: 3, filterId: 'sepia' });

    const photos = await capturedJpegs(page);
    expect(photos).toHaveLength(4);
    for (const p of photos) {
      expect(p.type).toBe('image/jpeg');
      expect([p.width, p.height]).toEqual([1280, 720]);
      const m = meanRgb(p);
      expect(m.r).toBeGreaterThan(m.g + 5);
      expect(m.g).toBeGreaterThan(m.b + 5);
    }
    // Photos are not mirrored by default: they match the camera frame as it is.
    const frame = firstClipFrame('face-1280x720.mjpeg');
    const ref = grid(frame.data, frame.width, frame.height);
    expect(correlation(grid(photos[0]!.data, 1280, 720), ref)).toBeGreaterThan(0.85);

    const ids = await page.getByTestId('captured-thumb').evaluateAll((els) => els.map((e) => e.getAttribute('data-photo-id')));
    await pickFilter(page, 'grayscale');
    await page.getByTestId('retake-2').click();
    await expect(page.getByTestId('captured-thumb').nth(1)).not.toHaveAttribute('data-photo-id', ids[1]!, { timeout: 20_000 });
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-capturing', 'false');
    const after = await page.getByTestId('captured-thumb').evaluateAll((els) => els.map((e) => e.getAttribute('data-photo-id')));
    expect(after).toHaveLength(4);
    expect([after[0], after[2], after[3]]).toEqual([ids[0], ids[2], ids[3]]);
    const retaken = await capturedJpegs(page);
    const m2 = meanRgb(retaken[1]!);
    expect(Math.abs(m2.r - m2.b)).toBeLessThan(4); // shot 2 is now grayscale
    const m1 = meanRgb(retaken[0]!);
    expect(m1.r).toBeGreaterThan(m1.b + 10); // shot 1 is still sepia

    await page.getByTestId('to-preview').click();
    await expect(page).toHaveURL(/\/preview$/);
    await expect(page.getByTestId('preview-photo')).toHaveCount(4);
  });

  test('Escape stops the countdown and keeps the photos taken so far', async ({ page }) => {
    await openBooth(page);
    await page.getByTestId('shot-count').selectOption('3');
    await page.getByTestId('countdown').selectOption('3');
    // Keyboard only: Enter on the focused Start Capture button.
    await page.getByTestId('start-capture').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('capturing-message')).toContainText(tr('en', 'booth.capturing', { n: 1, total: 3 }));
    await expect(page.getByTestId('countdown-number')).toBeVisible();
    await expect(page.getByTestId('captured-thumb')).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByTestId('capturing-message')).toContainText(tr('en', 'booth.capturing', { n: 2, total: 3 }));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-capturing', 'false');
    await expect(page.getByTestId('countdown-number')).toHaveCount(0);
    await expect(page.getByTestId('captured-thumb')).toHaveCount(1);
  });

  test('a lost WebGL context falls back to the plain preview and comes back on restore', async ({ page }) => {
    await openBooth(page);
    await page.evaluate(() => {
      const gl = (document.querySelector('[data-testid=booth-canvas]') as HTMLCanvasElement).getContext('webgl2')!;
      (window as unknown as { __lose: WEBGL_lose_context }).__lose = gl.getExtension('WEBGL_lose_context')!;
      (window as unknown as { __lose: WEBGL_lose_context }).__lose.loseContext();
    });
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-render-mode', 'plain');
    await expect(page.getByTestId('webgl-notice')).toHaveText(tr('en', 'booth.webglLost'));
    await expect(page.locator('.booth-video')).toBeVisible();
    await page.evaluate(() => (window as unknown as { __lose: WEBGL_lose_context }).__lose.restoreContext());
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-render-mode', 'webgl');
    await pickFilter(page, 'grayscale');
    await expect.poll(async () => (await previewPixels(page)).saturation).toBeLessThan(0.02);
  });

  test('without WebGL the booth says so and still takes full-size (unfiltered) photos', async ({ page }) => {
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        if (type === 'webgl2' || type === 'webgl') return null;
        return (original as (...a: unknown[]) => RenderingContext | null).call(this, type, ...rest);
      } as typeof original;
    });
    await page.goto('/photobooth');
    const stage = page.getByTestId('booth-stage');
    await expect(stage).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    await expect(stage).toHaveAttribute('data-render-mode', 'plain');
    await expect(page.getByTestId('webgl-notice')).toHaveText(tr('en', 'booth.webglUnavailable'));
    await expect(page.locator('.booth-video')).toBeVisible();
    await captureSequence(page, { shots: 1, countdown: 0, filterId: 'sepia' });
    const [photo] = await capturedJpegs(page);
    expect([photo!.width, photo!.height]).toEqual([1280, 720]);
    const frame = firstClipFrame('face-1280x720.mjpeg');
    expect(correlation(grid(photo!.data, 1280, 720), grid(frame.data, frame.width, frame.height))).toBeGreaterThan(0.85);
  });

  test('a camera unplugged mid-session: a message and a retry, and the photos are kept', async ({ page }) => {
    await spyOnCameraStreams(page);
    await openBooth(page);
    await captureSequence(page, { shots: 1, countdown: 0 });
    // What the browser does when the camera goes away: the track ends.
    expect(await unplugCamera(page)).toBe(1);
    const err = page.getByTestId('camera-error');
    await expect(err).toHaveAttribute('data-error', 'ended');
    await expect(err).toContainText(tr('en', 'camera.errors.ended'));
    await expect(page.getByTestId('captured-thumb')).toHaveCount(1);
    await expect(page.getByTestId('to-preview')).toBeVisible();
    await page.getByTestId('camera-retry').click();
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    await expect(page.getByTestId('captured-thumb')).toHaveCount(1);
  });

  test('leaving the booth stops every camera track', async ({ page }) => {
    await spyOnCameraStreams(page);
    await openBooth(page);
    expect(await liveCameraTracks(page)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: tr('en', 'nav.contact'), exact: true }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect.poll(() => liveCameraTracks(page)).toBe(0);
  });
});

/** A browser of its own (a fault needs different launch flags than the rest of this file). */
async function withBrowser(mode: CameraMode, baseURL: string, run: (page: Page) => Promise<void>) {
  const browser = await chromium.launch(launchWithCamera(mode));
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'], serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await run(page);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
}

test('denied permission: a translated message, a retry and the troubleshooting link', async ({ baseURL }) => {
  await withBrowser('deny', baseURL!, async (page) => {
    await page.goto('/ja/photobooth');
    const err = page.getByTestId('camera-error');
    await expect(err).toHaveAttribute('data-error', 'denied', { timeout: 20_000 });
    await expect(err).toContainText(tr('ja', 'camera.errors.denied'));
    await expect(page.getByTestId('camera-retry')).toHaveText(tr('ja', 'camera.retry'));
    await expect(err.getByRole('link', { name: tr('ja', 'camera.help') })).toHaveAttribute('href', '/ja/user-guide#troubleshooting');
    await page.getByTestId('camera-retry').click();
    await expect(err).toHaveAttribute('data-error', 'denied');
    await expect(page.getByTestId('start-capture')).toBeDisabled();
  });
});

test('no camera: a translated message and a retry', async ({ baseURL }) => {
  await withBrowser('none', baseURL!, async (page) => {
    await page.goto('/photobooth');
    const err = page.getByTestId('camera-error');
    await expect(err).toHaveAttribute('data-error', 'notFound', { timeout: 20_000 });
    await expect(err).toContainText(tr('en', 'camera.errors.notFound'));
    await expect(page.getByTestId('camera-retry')).toBeVisible();
  });
});

test('light detection: a dark room is low light and one click applies the bright filter; glare is bright', async ({ baseURL }) => {
  test.setTimeout(90_000);
  await withBrowser({ clip: 'face-dark-1280x720.mjpeg' }, baseURL!, async (page) => {
    await page.goto('/photobooth');
    const banner = page.getByTestId('light-banner');
    await expect(banner).toHaveAttribute('data-level', 'low', { timeout: 30_000 });
    await expect(banner).toContainText(tr('en', 'booth.light.low'));
    await page.getByTestId('apply-recommended').click();
    await expect(page.getByTestId('filter-bright')).toHaveAttribute('aria-checked', 'true');
    await expect(banner).toContainText(tr('en', 'booth.recommendedApplied', { filter: tr('en', 'filters.names.bright') }));
  });
  await withBrowser({ clip: 'face-bright-1280x720.mjpeg' }, baseURL!, async (page) => {
    await page.goto('/photobooth');
    await expect(page.getByTestId('light-banner')).toHaveAttribute('data-level', 'bright', { timeout: 30_000 });
  });
});

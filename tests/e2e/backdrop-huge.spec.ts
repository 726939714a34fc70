import type { Page } from '@playwright/test';
import { openBooth } from './drivers/booth';
import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { halvesPng, lyingPng, regionMean, sidewaysJpeg, uploadBackdrop, watchPreviewWhileReading, type PictureFile, type RGB } from './helpers/backgrounds';
import { heifFile } from './helpers/heif';
import { keepPreview, type Region } from './helpers/props';
import { tr } from './i18n';

/**
 * Pictures of any size as the backdrop (issue 38), chosen through the picker as a visitor would:
 *  - a 16000×16000 PNG (256 megapixels, 1 GB decoded; a few hundred KB of file) is read a few rows
 *    at a time in a worker and becomes the backdrop, scaled;
 *  - a 48-megapixel JPEG (8000×6000, stored on its side with EXIF orientation 6, as phones do)
 *    replaces it, decoded already scaled down and turned upright;
 *  - the preview keeps drawing frames while the PNG is read;
 *  - a PNG whose header claims 100000×100000 is refused with a message saying so;
 *  - an AVIF of 16000×16000 (only its header: no browser path decodes AVIF scaled) is refused
 *    from its header, and a drawing (SVG) stating 100000×100000 is drawn at the kept size;
 *  - the picture worker is the booth session's: it goes when the visitor leaves the booth.
 * What is checked is the preview's pixels: the backdrop's colours where the background is.
 */
test.use({ launchOptions: launchWithCamera({ clip: 'face-closeup-1280x720.mjpeg' }) });

/** Background beside the head in the close-up clip (tests/e2e/backgrounds.spec.ts), left and right. */
const LEFT: Region = [0.17, 0.04, 0.3, 0.32];
const RIGHT: Region = [0.7, 0.04, 0.83, 0.32];

const PNG_LEFT: RGB = [230, 40, 40];
const PNG_RIGHT: RGB = [40, 60, 230];
const JPEG_LEFT: RGB = [40, 200, 60];
const JPEG_RIGHT: RGB = [240, 220, 30];

/** Waits until the preview shows `left` and `right` beside the head (the model cut the person out). */
async function expectBackdrop(page: Page, left: RGB, right: RGB, what: string) {
  const off = async (region: Region, want: RGB) => {
    const m = await regionMean(page, 'now', region);
    return Math.max(Math.abs(m.r - want[0]), Math.abs(m.g - want[1]), Math.abs(m.b - want[2]));
  };
  await expect
    .poll(
      async () => {
        await keepPreview(page, 'now');
        return Math.max(await off(LEFT, left), await off(RIGHT, right));
      },
      { timeout: 60_000, message: `${what}: its colours beside the head, left and right (largest channel difference)` },
    )
    .toBeLessThan(40);
}

async function setUp(page: Page) {
  await openBooth(page, { drawn: true });
  // The preview as the camera sees it (not mirrored): the picture's left is the preview's left.
  await page.getByTestId('mirror-preview').uncheck();
}

test('a 16000×16000 PNG and a 48-megapixel JPEG become the backdrop, scaled and upright, while the preview keeps moving', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const [png, jpeg] = [halvesPng(16000, 16000, PNG_LEFT, PNG_RIGHT), await sidewaysJpeg(browser, JPEG_LEFT, JPEG_RIGHT)];
  expect(png.length, 'the PNG is a few hundred KB').toBeLessThan(600_000);
  await setUp(page);

  for (const [file, left, right] of [
    [{ name: 'huge.png', mimeType: 'image/png', buffer: png }, PNG_LEFT, PNG_RIGHT],
    [{ name: 'phone.jpg', mimeType: 'image/jpeg', buffer: jpeg }, JPEG_LEFT, JPEG_RIGHT],
  ] as [PictureFile, RGB, RGB][]) {
    const stop = await watchPreviewWhileReading(page);
    await uploadBackdrop(page, file);
    const seen = await stop();
    await expect(page.getByTestId('background-file-notice')).toHaveCount(0);
    await expect(page.getByTestId('background-custom')).toBeChecked();
    await expectBackdrop(page, left, right, file.name);
    // The preview kept drawing while the picture was read. Before issue 38 the PNG's full-size
    // decode was scaled on the main thread, and the preview froze for 1-2.5 s on this project's
    // two-core machine; now the page does no picture work at all. How long each wait and task
    // took is logged (timings are the bench's business, tests/bench/picture.bench.ts): the PNG,
    // read for seconds, must see frames drawn meanwhile.
    const what = `${file.name}, read in ${seen.readingMs.toFixed(0)} ms with ${seen.frames} preview frames drawn meanwhile`;
    console.log(`${what}; longest wait for a frame ${seen.longestGap.toFixed(0)} ms, longest main-thread task ${seen.longestTask.toFixed(0)} ms`);
    if (file.mimeType === 'image/png') expect(seen.frames, `${what}: the preview moved meanwhile`).toBeGreaterThan(0);
  }
});

test('a PNG whose header claims 100000×100000 is refused with a message, and the backdrop stays as it was', async ({ page }) => {
  await setUp(page);
  await uploadBackdrop(page, { name: 'absurd.png', mimeType: 'image/png', buffer: lyingPng(100_000, 100_000) });
  const notice = page.getByTestId('background-file-notice');
  await expect(notice).toHaveAttribute('data-notice', 'tooBig');
  await expect(notice).toHaveText('That picture is too large to use here: 100,000 × 100,000 pixels (10,000 megapixels). Pictures of up to 300 megapixels work, so save a smaller copy and choose that.');
  await expect(notice).toHaveClass(/error/);
  // Nothing was put in place: no picture to choose, the background unchanged.
  await expect(page.getByTestId('background-picker')).toHaveAttribute('data-background', 'none');
  await expect(page.getByTestId('background-custom')).not.toHaveAttribute('role', 'radio');
  await expect(page.getByTestId('background-remove-custom')).toHaveCount(0);
});

test('an AVIF is refused from its header when only a whole decode could read it; a drawing stating 100000×100000 becomes the backdrop', async ({ page }) => {
  await setUp(page);
  // 256 megapixels: over what may be decoded whole (AVIF has no scaled decode), said before any decoding.
  const avif = Buffer.from(heifFile({ brands: ['avif', 'mif1', 'miaf'], sizes: [[16000, 16000], [256, 256]] }));
  await uploadBackdrop(page, { name: 'huge.avif', mimeType: 'image/avif', buffer: avif });
  const notice = page.getByTestId('background-file-notice');
  await expect(notice).toHaveAttribute('data-notice', 'tooBig');
  await expect(notice).toHaveText('That picture is too large to use here: 16,000 × 16,000 pixels (256 megapixels). Pictures of up to 128 megapixels work, so save a smaller copy and choose that.');
  await expect(page.getByTestId('background-picker')).toHaveAttribute('data-background', 'none');

  // A drawing: two halves, drawn at the backdrop's size (a 40-gigapixel decode if it were pixels).
  const rgb = (c: RGB) => `rgb(${c.join(',')})`;
  const svg = `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="50000" height="100000" fill="${rgb(PNG_LEFT)}"/><rect x="50000" width="50000" height="100000" fill="${rgb(PNG_RIGHT)}"/></svg>`;
  await uploadBackdrop(page, { name: 'drawing.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await expect(page.getByTestId('background-file-notice')).toHaveCount(0);
  await expect(page.getByTestId('background-custom')).toBeChecked();
  await expectBackdrop(page, PNG_LEFT, PNG_RIGHT, 'drawing.svg');
});

test('the picture worker belongs to the booth’s visit: it starts with a picture and goes when the visitor leaves the booth', async ({ page }) => {
  await setUp(page);
  const pictureWorkers = () => page.workers().filter((w) => /\/picture\.worker-[^/]+\.js$/.test(new URL(w.url()).pathname)).length;
  expect(pictureWorkers(), 'no picture worker before a picture comes').toBe(0);
  await uploadBackdrop(page, { name: 'small.png', mimeType: 'image/png', buffer: halvesPng(640, 480, PNG_LEFT, PNG_RIGHT) });
  await expect(page.getByTestId('background-custom')).toBeChecked();
  expect(pictureWorkers(), 'the picture was read in its worker').toBe(1);
  await page.getByRole('link', { name: tr('en', 'nav.homeLabel') }).click();
  await expect(page).toHaveURL(/\/$/);
  // Gone with the booth's visit (the session's dispose), not left for its idle close 10 s after the picture.
  await expect.poll(pictureWorkers, { timeout: 4_000, message: 'the picture worker goes with the booth' }).toBe(0);
});

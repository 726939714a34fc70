import jpeg from 'jpeg-js';
import type { Page } from '@playwright/test';
import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { enableBeauty, setLevels } from './helpers/beauty';
import { chooseBackground } from './helpers/backgrounds';
import { liveFaces } from './helpers/props';
import { openBooth } from './drivers/booth';

// The live path never stalls the main thread on the GPU (issue 29), checked through the test
// seam's watch on the booth's WebGL calls (src/test-seam/glWatch.ts):
//  - once the booth has started, no shader program is linked inside a live frame, while beauty
//    sliders leave 0 (new shader variants), faces come into view, a prop and a background are
//    chosen; each change is seen in the preview's pixels, and the programs were linked (so the
//    test watched compiles happen, outside the frames);
//  - a photo is read back through a pixel buffer (asynchronous, with a fence), never with a
//    synchronous readPixels into memory; the saved file is the photo, decoded.
// On the code before issue 29 both fail: beauty's variants compiled inside the frame that first
// needed them, and a photo was read with a synchronous full-size readPixels.

test.use({ launchOptions: launchWithCamera({ clip: 'group-two-faces-1280x720.mjpeg' }) });
test.describe.configure({ timeout: 150_000 });

type Watch = { frames: number; links: number; linksInFrame: number; photos: number; syncReadsInPhoto: number; bufferReadsInPhoto: number; largestBufferRead: number };
const watch = (page: Page): Promise<Watch> => page.evaluate(() => window.__pbTest!.glWatch());

/** Mean absolute difference (0–255) between the preview now and the one kept as `name`. */
async function previewChange(page: Page, name: string): Promise<number> {
  return page.evaluate(async (name) => {
    const w = window as unknown as Record<string, { width: number; height: number; data: Uint8ClampedArray }>;
    const now = await window.__pbTest!.previewPixels();
    const before = w[name]!;
    if (before.width !== now.width || before.height !== now.height) return 255;
    let sum = 0;
    for (let i = 0; i < now.data.length; i += 4) sum += Math.abs(now.data[i]! - before.data[i]!) + Math.abs(now.data[i + 1]! - before.data[i + 1]!);
    return sum / (now.data.length / 2);
  }, name);
}

async function keep(page: Page, name: string) {
  await page.evaluate(async (name) => {
    (window as unknown as Record<string, unknown>)[name] = await window.__pbTest!.previewPixels();
  }, name);
}

test('no shader is compiled inside a live frame after the booth has started, whatever is switched on', async ({ page }) => {
  await openBooth(page, { shots: 1, countdown: 0 });
  // The booth has started: its first frames are drawn.
  await keep(page, 'plain');
  await page.evaluate(() => window.__pbTest!.resetGlWatch());

  // The camera is paused while each change is made, so the preview's change is the effect's own.
  const freezeVideo = (paused: boolean) =>
    page.evaluate((paused) => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video')!;
      return paused ? v.pause() : v.play();
    }, paused);

  // Smoothing on: the faces are tracked and come into view.
  await enableBeauty(page);
  await setLevels(page, { smooth: 60 });
  await expect.poll(async () => (await liveFaces(page)).length, { timeout: 60_000, message: 'both faces tracked' }).toBe(2);
  await freezeVideo(true);
  // The frozen picture settles (the smoothed landmarks come to rest on it): a still preview.
  await expect
    .poll(async () => {
      await keep(page, 'before');
      return previewChange(page, 'before');
    }, { timeout: 20_000, message: 'the frozen preview is still' })
    .toBeLessThan(0.02);
  // More sliders leaving 0 one after another: each asks for a new variant of the retouch's shader.
  await setLevels(page, { smooth: 60, brightness: 40, eyes: 50, lips: 50, teeth: 40 });
  await expect.poll(() => previewChange(page, 'before'), { timeout: 30_000, message: 'the retouch shows in the preview' }).toBeGreaterThan(0.1);

  await keep(page, 'beauty');
  await page.getByTestId('prop-sunglasses').click();
  await expect.poll(() => previewChange(page, 'beauty'), { timeout: 30_000, message: 'the sunglasses show in the preview' }).toBeGreaterThan(0.1);

  await keep(page, 'prop');
  await chooseBackground(page, 'blur');
  await expect.poll(() => previewChange(page, 'prop'), { timeout: 60_000, message: 'the blurred background shows in the preview' }).toBeGreaterThan(0.5);
  await freezeVideo(false);
  // A while of live frames with everything on (the faces move with the clip).
  const start = (await watch(page)).frames;
  await expect.poll(async () => (await watch(page)).frames - start, { timeout: 30_000 }).toBeGreaterThan(30);

  const seen = await watch(page);
  expect(seen.links, 'the programs these effects need were compiled (outside the frames)').toBeGreaterThan(3);
  expect(seen.linksInFrame, 'programs linked inside a live frame').toBe(0);
});

test('a photo is read back through a pixel buffer, never with a synchronous readPixels', async ({ page }) => {
  await openBooth(page, { shots: 1, countdown: 0 });
  await enableBeauty(page);
  await setLevels(page, { smooth: 50, eyes: 40 });
  await page.getByTestId('prop-sunglasses').click();
  await expect.poll(async () => (await liveFaces(page)).length, { timeout: 60_000 }).toBe(2);
  await page.evaluate(() => window.__pbTest!.resetGlWatch());

  const thumb = page.getByTestId('captured-thumb').first();
  await page.getByTestId('start-capture').click();
  await expect(thumb).toHaveAttribute('data-photo-id', /.+/, { timeout: 30_000 });
  await expect(thumb.locator('img')).toHaveAttribute('src', /^blob:/);

  const seen = await watch(page);
  expect(seen.photos).toBe(1);
  expect(seen.syncReadsInPhoto, 'synchronous readPixels into memory while the photo was made').toBe(0);
  // The photo itself went through the buffer: a read of its whole size (the camera's 1280×720).
  expect(seen.largestBufferRead).toBe(1280 * 720);

  // The saved photo is a real picture at that size (decoded), not a blank.
  const bytes = await page.evaluate(async () => [...new Uint8Array(await window.__pbTest!.photoBlobs(0).still.arrayBuffer())]);
  const photo = jpeg.decode(Buffer.from(bytes), { useTArray: true });
  expect([photo.width, photo.height]).toEqual([1280, 720]);
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < photo.data.length; i += 4) {
    sum += photo.data[i]!;
    sq += photo.data[i]! ** 2;
  }
  const n = photo.data.length / 4;
  const spread = Math.sqrt(sq / n - (sum / n) ** 2);
  expect(spread, 'the photo has a picture in it').toBeGreaterThan(20);
});

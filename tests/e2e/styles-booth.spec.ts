import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { openBooth } from './drivers/booth';
import { startEvent } from './drivers/event';
import { freeze } from './helpers/beauty';
import { captureSequence } from './helpers/capture';
import { mp4Frame, type Pixels } from './helpers/designs';
import { frameVsStill, saveFrom, turnMotionOn } from './helpers/motion';
import { blurredDiff, keepPhoto, keepSettledPreview } from './helpers/props';
import { pickStyle, STYLE_IDS } from './helpers/styles';

/**
 * The art styles in the booth as a guest uses them: the photo is what the preview showed at the
 * shutter (each style), a boomerang's frames and an event's strip are styled like the photo.
 */
// The 640×480 face clip: a style's passes cost a third of 720p's on this machine's software GPU.
test.use({ launchOptions: launchWithCamera({ clip: 'face-640x480.mjpeg' }) });
test.describe.configure({ timeout: 300_000 });

/** Share of pixels near paper-white (luma ≥ 215) in the middle of a picture. */
function whiteShare(p: Pixels, margin = 0.1): number {
  let white = 0;
  let n = 0;
  for (let y = Math.round(p.height * margin); y < p.height * (1 - margin); y += 2)
    for (let x = Math.round(p.width * margin); x < p.width * (1 - margin); x += 2) {
      const i = (y * p.width + x) * 4;
      if (0.299 * p.data[i]! + 0.587 * p.data[i + 1]! + 0.114 * p.data[i + 2]! >= 215) white++;
      n++;
    }
  return white / n;
}

for (const id of STYLE_IDS) {
  test(`what you see is what you get in ${id}: the photo matches the preview at its shutter`, async ({ page }) => {
    await openBooth(page, { shots: 1, countdown: 0, drawn: true });
    await page.getByLabel('Mirror saved photos').check();
    await freeze(page);
    await pickStyle(page, id);
    // Its programs compile and its first frame is drawn (seconds on a software GPU) before the settled reading.
    await expect
      .poll(() => page.evaluate(() => window.__pbTest!.previewPixels(20_000).then(() => true, () => false)), { timeout: 120_000, message: `a frame drawn in ${id}` })
      .toBe(true);
    await keepSettledPreview(page, 'shutter');
    await page.getByTestId('start-capture').click();
    await expect(page.getByTestId('captured-thumb').locator('img')).toHaveAttribute('src', /^blob:/, { timeout: 60_000 });
    await keepPhoto(page, 0, 'shutter', 'photo');
    const diff = await blurredDiff(page, 'photo', 'shutter');
    const scale = await page.evaluate((id) => window.__pbTest!.stylePreviewScale(id), id);
    console.log(`${id}: photo vs preview at the shutter ${diff.toFixed(2)} (blurred 3×3, 0–255), preview scale ${scale}`);
    expect(diff).toBeLessThan(10);
  });
}

test('a boomerang in pencil: its MP4 frames are drawn in pencil, its shutter frame is the photo', async ({ page }) => {
  await openBooth(page, { drawn: true });
  await turnMotionOn(page);
  await pickStyle(page, 'pencil');
  await captureSequence(page, { shots: 1, countdown: 3 });
  await expect(page.getByTestId('motion-loop')).toHaveCount(1, { timeout: 30_000 });
  const [taken] = await page.evaluate(() => window.__pbTest!.photos());
  const m = taken!.motion!;
  await page.getByTestId('to-preview').click();
  await expect(page.getByTestId('motion-panel')).toBeVisible({ timeout: 20_000 });
  const mp4 = await saveFrom(page, 'motion-save-1');
  const shutter = await mp4Frame(page, mp4.bytes, m.shutterIndex, m.fps);
  const first = await mp4Frame(page, mp4.bytes, 0, m.fps);
  const white = [whiteShare(shutter), whiteShare(first)];
  const vsStill = await frameVsStill(page, mp4.bytes, 'video/mp4', m.shutterIndex, m.fps, 0);
  console.log('pencil boomerang: white share (shutter, first frame)', white, 'shutter frame vs the photo', vsStill);
  for (const w of white) expect(w, 'the frame is a pencil sketch on paper').toBeGreaterThan(0.5);
  expect(vsStill.diff).toBeLessThan(14);
});

test('an event with styles offered: the guest’s pencil is in the strip JPG, and the next guest starts plain', async ({ page }) => {
  await startEvent(page, { shots: 1, countdown: 3, allow: { filters: false, styles: true, props: false, beauty: false } });
  // The strip JPG on screen, decoded in the page: its share of paper-white in the middle (the photo).
  const stripWhite = () =>
    page.evaluate(async () => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="event-strip-image"]')!;
      const bitmap = await createImageBitmap(await (await fetch(img.src)).blob());
      const c = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = c.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const { data, width, height } = ctx.getImageData(0, 0, c.width, c.height);
      let white = 0;
      let n = 0;
      for (let y = Math.round(height * 0.2); y < height * 0.8; y += 3)
        for (let x = Math.round(width * 0.2); x < width * 0.8; x += 3) {
          const i = (y * width + x) * 4;
          if (0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]! >= 215) white++;
          n++;
        }
      return white / n;
    });
  await page.getByTestId('event-attract').click({ position: { x: 40, y: 300 } });
  await expect(page.getByTestId('event-booth')).toHaveAttribute('data-phase', 'pose');
  await expect(page.getByTestId('filter-picker')).toHaveCount(0);
  await pickStyle(page, 'pencil');
  await expect(page.getByTestId('event-go')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('event-go').click();
  await expect(page.getByTestId('event-strip')).toBeVisible({ timeout: 90_000 });
  const pencil = await stripWhite();
  await page.getByTestId('event-done').click();
  await expect(page.getByTestId('event-attract')).toBeVisible();
  // The next guest: the attract screen's tap, the pose screen starts plain, straight to Go.
  await page.getByTestId('event-attract').click({ position: { x: 40, y: 300 } });
  await expect(page.getByTestId('style-none')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('event-go')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('event-go').click();
  await expect(page.getByTestId('event-strip')).toBeVisible({ timeout: 90_000 });
  const plain = await stripWhite();
  console.log('event strips: white share (pencil, plain)', [pencil, plain]);
  expect(pencil, 'the pencil strip is mostly paper').toBeGreaterThan(plain + 0.3);
});

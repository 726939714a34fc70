import { launchWithCamera } from './env';
import { expect, expectOnlyOwnOrigin, test } from './fixtures';
import { BACKGROUND, chooseBackground, expectMagentaBackground, faceRegion, regionDetail, regionMean, untilBackgroundChanges } from './helpers/backgrounds';
import { freeze } from './helpers/beauty';

import { keepPhoto, keepPreview, regionDiff } from './helpers/props';
import { openBooth } from './drivers/booth';

/**
 * Live backgrounds on the close-up clip (issue 28): the person model runs in a worker on the
 * device; blur, a backdrop and the visitor's own picture replace what is behind the person while
 * the face stays as the camera gave it; the photo has what the preview showed at the shutter.
 */
test.use({ launchOptions: launchWithCamera({ clip: 'face-closeup-1280x720.mjpeg' }) });

async function setUp(page: import('@playwright/test').Page) {
  await openBooth(page, { drawn: true });
  // The photos are not mirrored; the preview is compared with them as it is, unmirrored too.
  await page.getByTestId('mirror-preview').uncheck();
  await page.getByTestId('shot-count').selectOption('1');
  await page.getByTestId('countdown').selectOption('0');
  return faceRegion(page);
}

test('blur halves the background’s detail or more, and the face changes no more than the clip’s own noise', async ({ page, requests, baseURL }) => {
  test.setTimeout(120_000);
  const face = await setUp(page);
  // The clip's own noise: two frames of the moving camera, a moment apart.
  await keepPreview(page, 'a');
  await page.waitForFunction(() => new Promise((r) => setTimeout(() => r(true), 300)));
  await keepPreview(page, 'b');
  const noise = await regionDiff(page, 'a', 'b', face);
  await freeze(page);
  await keepPreview(page, 'none');
  await chooseBackground(page, 'blur');
  await page.getByTestId('background-blur-level').fill('100');
  await untilBackgroundChanges(page, 'none', BACKGROUND[0]!, 4);
  // The background moving is not yet the full blur: under load a first kept frame changed by more
  // than 4 with its detail barely touched (2.9 → 2.8), the mask or the level still on their way.
  // Kept once the first region's detail has halved (a blur that never gets there times out here).
  const first = await regionDetail(page, 'none', BACKGROUND[0]!);
  await expect
    .poll(async () => (await keepPreview(page, 'blur'), regionDetail(page, 'blur', BACKGROUND[0]!)), { timeout: 30_000, message: 'the full blur reached the preview' })
    .toBeLessThanOrEqual(first / 2);
  for (const region of BACKGROUND) {
    const before = await regionDetail(page, 'none', region);
    const after = await regionDetail(page, 'blur', region);
    expect(after, `background detail at ${region}: ${before.toFixed(1)} → ${after.toFixed(1)}`).toBeLessThanOrEqual(before / 2);
  }
  expect(await regionDiff(page, 'none', 'blur', face), `the face (clip noise ${noise.toFixed(1)})`).toBeLessThanOrEqual(noise + 4);
  expectOnlyOwnOrigin(requests, baseURL!);
});

test('a backdrop replaces the background while the face stays, and the photo has the backdrop the preview showed at the shutter', async ({ page }) => {
  test.setTimeout(120_000);
  const face = await setUp(page);
  await freeze(page);
  await keepPreview(page, 'none');
  await chooseBackground(page, 'backdrop:pastel');
  await untilBackgroundChanges(page, 'none', BACKGROUND[0]!);
  // The first changed frames may still have the mask on its way (the picture frozen, the mask
  // settles over a few frames: in CI of 1201f7e the face differed by 6+ in the first one kept).
  // Kept once the face is back to the camera's; a backdrop over the face times out here.
  await expect
    .poll(async () => (await keepPreview(page, 'backdrop'), regionDiff(page, 'none', 'backdrop', face)), { timeout: 30_000, message: 'the face stays' })
    .toBeLessThan(6);
  for (const region of BACKGROUND) expect(await regionDiff(page, 'none', 'backdrop', region), `background at ${region} replaced`).toBeGreaterThan(25);
  // The pastel backdrop is light where the clip has its dark side bars.
  const wall = await regionMean(page, 'backdrop', [0.02, 0.05, 0.12, 0.3]);
  expect((wall.r + wall.g + wall.b) / 3).toBeGreaterThan(150);

  await page.getByTestId('start-capture').click();
  await expect(page.getByTestId('captured-thumb')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('captured-thumb').locator('img')).toHaveAttribute('src', /^blob:/);
  await keepPhoto(page, 0, 'backdrop', 'photo');
  for (const region of BACKGROUND) {
    expect(await regionDiff(page, 'backdrop', 'photo', region), `the photo's background at ${region} is the preview's`).toBeLessThan(10);
    expect(await regionDiff(page, 'none', 'photo', region), `and not the camera's`).toBeGreaterThan(25);
  }
  expect(await regionDiff(page, 'backdrop', 'photo', face), 'the photo’s face is the preview’s').toBeLessThan(10);
});

test('an uploaded picture becomes the backdrop, and B steps through the backgrounds', async ({ page }) => {
  test.setTimeout(120_000);
  await setUp(page);
  await freeze(page);
  await keepPreview(page, 'none');
  // A plain magenta picture, made here and chosen through the file input as a visitor would.
  const png = await page.evaluate(async () => {
    const c = new OffscreenCanvas(640, 360);
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = '#ff00ff';
    ctx.fillRect(0, 0, 640, 360);
    const bytes = new Uint8Array(await (await c.convertToBlob({ type: 'image/png' })).arrayBuffer());
    return Array.from(bytes);
  });
  await page.getByTestId('background-file').setInputFiles({ name: 'magenta.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  await expect(page.getByTestId('background-picker')).toHaveAttribute('data-background', 'custom');
  await expect(page.getByTestId('background-custom')).toBeChecked();
  await untilBackgroundChanges(page, 'none', BACKGROUND[0]!);
  await keepPreview(page, 'custom');
  await expectMagentaBackground(page, 'custom');
  // B from the picture wraps round to no background; Shift+B goes back to the picture.
  await page.locator('body').press('b');
  await expect(page.getByTestId('background-none')).toBeChecked();
  await page.locator('body').press('Shift+B');
  await expect(page.getByTestId('background-custom')).toBeChecked();
  await page.locator('body').press('b');
  await page.locator('body').press('b');
  await expect(page.getByTestId('background-blur')).toBeChecked();
});

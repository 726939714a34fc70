import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { capturedJpegs, meanRgb } from './helpers/booth';
import { openBooth } from './drivers/booth';

// A camera larger than the GPU's MAX_TEXTURE_SIZE (issue 26). SIMULATED: no fake camera here is
// larger than SwiftShader's 8192-px limit, so the page is told the limit is 1024 (getParameter
// answers 1024 for MAX_TEXTURE_SIZE) and the 1280×720 camera is over it. The photo must be
// scaled down to fit, with a picture in it, and the preview must show the camera.
test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });

test('a camera frame larger than MAX_TEXTURE_SIZE is scaled down to fit: the photo has a picture, never black', async ({ page }) => {
  await page.addInitScript(() => {
    const get = WebGL2RenderingContext.prototype.getParameter;
    WebGL2RenderingContext.prototype.getParameter = function (this: WebGL2RenderingContext, p: number) {
      return p === this.MAX_TEXTURE_SIZE ? 1024 : get.call(this, p);
    };
  });
  await openBooth(page);
  await expect.poll(async () => (await page.evaluate(() => window.__pbTest!.previewPixels())).data.some((v, i) => i % 4 !== 3 && v > 40)).toBe(true);
  await page.getByTestId('countdown').selectOption('0');
  await page.getByTestId('shot-count').selectOption('1');
  await page.getByTestId('start-capture').click();
  await expect(page.getByTestId('captured-thumb')).toHaveCount(1, { timeout: 30_000 });
  const [photo] = await capturedJpegs(page);
  expect([photo!.width, photo!.height], 'the 1280×720 frame scaled to fit 1024').toEqual([1024, 576]);
  const { r, g, b } = meanRgb(photo!);
  expect(r + g + b, 'a photo with a picture in it').toBeGreaterThan(60);
});

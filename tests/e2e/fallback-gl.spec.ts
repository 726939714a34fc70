import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { openBooth } from './drivers/booth';
import { capturedJpegs, correlation, firstClipFrame, grid, previewPixels } from './helpers/booth';
import { captureSequence } from './helpers/capture';
import { tr } from './i18n';

// Fallbacks of the GPU: no WebGL in the landmark worker (Safari before 17), and a WebGL context
// lost for good (iOS after backgrounding) or restored. Each fault is simulated here, in Chromium.
const CLIP = 'face-1280x720.mjpeg';
test.use({ launchOptions: launchWithCamera({ clip: CLIP }) });

test('no WebGL in the landmark worker: props and beauty say plainly they are off', async ({ page, requests }) => {
  // FAULT SIMULATED: the landmark worker's script is served with a stub in front of it (page.route:
  // an init script does not reach workers) that makes OffscreenCanvas.getContext('webgl2' | 'webgl')
  // return null there, as in Safari 16's workers. The app's own probe (vision/support.ts) runs as is.
  await page.route(/\/assets\/landmarker\.worker-[\w-]+\.js$/, async (route) => {
    const response = await route.fetch();
    const stub = `{const own=OffscreenCanvas.prototype.getContext;OffscreenCanvas.prototype.getContext=function(type,...rest){return type==='webgl2'||type==='webgl'?null:own.call(this,type,...rest)};}\n`;
    await route.fulfill({ response, body: stub + (await response.text()) });
  });
  await openBooth(page, { drawn: true });
  await page.getByTestId('prop-sunglasses').click();
  await expect(page.getByTestId('props-unavailable')).toHaveText(tr('en', 'props.unavailableWebgl'), { timeout: 30_000 });
  await page.getByTestId('beauty-enable').check();
  await expect(page.getByTestId('beauty-unavailable')).toHaveText(tr('en', 'beauty.unavailable', { reason: tr('en', 'beauty.reasons.webgl') }));
  // Trying again cannot help here: no "Try again" is offered.
  await expect(page.getByTestId('beauty-retry')).toHaveCount(0);
  // The route did reach the worker (else this test proves nothing).
  expect(requests.some((r) => /\/assets\/landmarker\.worker-/.test(r.url))).toBe(true);
});

test('a WebGL context lost for good: a notice, and plain photos still taken; restored: the filters come back', async ({ page }) => {
  await openBooth(page, { drawn: true });
  // FAULT SIMULATED: WEBGL_lose_context on the preview's own context, as iOS does to a page in the background.
  await page.getByTestId('booth-canvas').evaluate((c: HTMLCanvasElement) => {
    const ext = c.getContext('webgl2')!.getExtension('WEBGL_lose_context')!;
    ext.loseContext();
    (window as unknown as { __restoreGl?: () => void }).__restoreGl = () => ext.restoreContext();
  });
  await expect(page.getByTestId('webgl-notice')).toHaveText(tr('en', 'booth.webglLost'));
  await expect(page.locator('.booth-video')).toBeVisible();
  // Black & white chosen while lost: the photo is plain (no GL to filter it), yet a real picture of the camera.
  await page.keyboard.press('2');
  await captureSequence(page, { shots: 1, countdown: 0 });
  await expect(page.getByTestId('captured-thumb').locator('img')).toHaveAttribute('src', /^blob:/);
  const [photo] = await capturedJpegs(page);
  expect([photo!.width, photo!.height]).toEqual([1280, 720]);
  const frame = firstClipFrame(CLIP);
  expect(correlation(grid(photo!.data, 1280, 720), grid(frame.data, frame.width, frame.height))).toBeGreaterThan(0.85);

  // Restored: the pipeline is rebuilt, and the filter chosen (key 2) shows on the preview again.
  await page.evaluate(() => (window as unknown as { __restoreGl: () => void }).__restoreGl());
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-render-mode', 'webgl');
  await expect(page.getByTestId('webgl-notice')).toHaveCount(0);
  await page.keyboard.press('1');
  await expect.poll(async () => (await previewPixels(page)).saturation).toBeGreaterThan(0.05);
  await page.keyboard.press('2');
  await expect.poll(async () => (await previewPixels(page)).saturation).toBeLessThan(0.02);
});

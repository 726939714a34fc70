import { MODEL_URL, WASM_BASE } from '../../src/features/vision/meta';
import { launchWithCamera } from './env';
import { expect, expectOnlyOwnOrigin, test } from './fixtures';
import { setLevels } from './helpers/beauty';
import { openBooth } from './drivers/booth';

// After one use, beauty works offline: the service worker caches MediaPipe's wasm and the model
// at run time (never precached, so the landing page does not download them).
test.use({ launchOptions: launchWithCamera({ clip: 'face-closeup-1280x720.mjpeg' }), serviceWorkers: 'allow' });
test.describe.configure({ timeout: 150_000 });

test('beauty loads offline after one online use, and the landing page fetches no model', async ({ page, context, requests, baseURL }) => {
  await page.goto('/');
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker?.ready)?.active), null, { timeout: 30_000 });
  // Let the page's idle work run and its requests finish: the landing page must stay model-free.
  await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 5_000 })));
  await page.waitForLoadState('networkidle');
  expect(requests.filter((r) => /\/(models|mediapipe)\//.test(r.url)).map((r) => r.url)).toEqual([]);

  // First use, online and controlled by the service worker.
  await openBooth(page, { shots: 1, countdown: 0 });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.getByTestId('beauty-enable').check();
  await setLevels(page, { eyes: 30 });
  await expect(page.getByTestId('beauty-panel')).toHaveAttribute('data-model', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('beauty-panel')).toHaveAttribute('data-landmarks', '1x478', { timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('face-model')).keys()).map((r) => new URL(r.url).pathname).sort()))
    .toEqual(expect.arrayContaining([`${WASM_BASE}/vision_wasm_internal.js`, `${WASM_BASE}/vision_wasm_internal.wasm`, MODEL_URL]));

  // Offline: reload, and face effects still start.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
  await expect(page.getByTestId('beauty-enable')).toBeChecked();
  await expect(page.getByTestId('beauty-panel')).toHaveAttribute('data-model', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('beauty-panel')).toHaveAttribute('data-landmarks', '1x478', { timeout: 30_000 });
  await context.setOffline(false);
  expectOnlyOwnOrigin(requests, new URL(baseURL!).origin);
});

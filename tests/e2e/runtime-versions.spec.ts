import { MODEL_URL, WASM_BASE } from '../../src/features/vision/meta';
import { expect, test } from './fixtures';
import { tr } from './i18n';

// MediaPipe's wasm and the face model are served under URLs named by version and content hash
// (scripts/assets.mjs), and a service worker that activates drops what older versions cached
// (issue 26) once no other tab can still use it (issue 38: here the page is the only one): an update never mixes new worker code with old wasm.
test.use({ serviceWorkers: 'allow' });

test('the runtime URLs carry a version and a hash, and an activating service worker drops older versions’ cached runtime', async ({ page }) => {
  expect(WASM_BASE).toMatch(/^\/mediapipe\/\d+\.\d+\.\d+-[0-9a-f]{8}$/);
  expect(MODEL_URL).toMatch(/^\/models\/face_landmarker-[0-9a-f]{8}\.task$/);
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
  const served = await page.evaluate(
    async ([wasm, model]) => Promise.all([`${wasm}/vision_wasm_internal.js`, model].map(async (u) => (await fetch(u, { method: 'HEAD' })).status)),
    [WASM_BASE, MODEL_URL] as const,
  );
  expect(served, 'the runtime is served at its versioned URLs').toEqual([200, 200]);

  // What an older version left in the runtime cache (its own folder, and the old unversioned names),
  // beside the current version's loader.
  const OLD = ['/mediapipe/0.10.0-0badc0de/vision_wasm_internal.js', '/mediapipe/vision_wasm_internal.wasm', '/models/face_landmarker.task'];
  const CURRENT = `${WASM_BASE}/vision_wasm_internal.js`;
  await page.evaluate(
    async ([old, current]) => {
      const cache = await caches.open('face-model');
      for (const u of old) await cache.put(u, new Response('old runtime'));
      await cache.put(current, await fetch(current));
    },
    [OLD, CURRENT] as const,
  );
  // An updated service worker installs and waits behind the one controlling the page (here the
  // same script under another URL: a new worker to the browser, as a new build's sw.js is). The
  // page offers the update, and the visitor takes it (the message "Reload to update" sends).
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.register('/sw.js?update=1', { scope: '/' });
    const sw = reg.installing ?? reg.waiting;
    if (sw && sw.state !== 'installed') await new Promise<void>((resolve) => sw.addEventListener('statechange', () => sw.state === 'installed' && resolve()));
  });
  await expect(page.getByRole('status').filter({ hasText: tr('en', 'app.updateReady') })).toBeVisible({ timeout: 30_000 });
  await page.evaluate(async () => {
    const sw = (await navigator.serviceWorker.getRegistration())?.waiting;
    if (!sw) throw new Error('no version waiting');
    const activated = new Promise<void>((resolve) => sw.addEventListener('statechange', () => sw.state === 'activated' && resolve()));
    sw.postMessage({ type: 'skip-waiting' });
    await activated;
  });
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('face-model')).keys()).map((r) => new URL(r.url).pathname).sort()))
    .toEqual([CURRENT]);
});

import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import type { BrowserContext, ConsoleMessage, Page } from '@playwright/test';
import sirv from 'sirv';
import { freePort } from './env';
import { expect, test } from './fixtures';
import { enableBeauty, setLevels } from './helpers/beauty';
import { captureSequence } from './helpers/capture';
import { readGif, readMp4, saveFrom, turnMotionOn } from './helpers/motion';
import { recordRequests } from './helpers/trust';

/**
 * Privacy on any host: the exact production build (dist/) served by a plain static server that
 * sends no CSP and no other security header, as many static hosts do. The document's CSP meta tag
 * does not reach workers, so only the app's own network guard stands between MediaPipe's usage
 * logger (a POST every 60 s and when the landmarker closes) and a Google endpoint.
 */

const DIST = resolve(process.env.PB_DIST ?? 'dist');
let server: Server;
let origin: string;

test.beforeAll(async () => {
  const port = await freePort();
  // `single`: unknown paths get index.html (the SPA fallback every static host offers).
  server = createServer(sirv(DIST, { single: true, dev: false, etag: true }));
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${port}`;
});
test.afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

// The service worker runs too: its requests are recorded like the pages' and the workers'.
test.use({ serviceWorkers: 'allow' });

/** Console lines of the page, its workers and the service worker. */
function consoleOfEverything(context: BrowserContext, page: Page): string[] {
  const lines: string[] = [];
  const keep = (m: ConsoleMessage) => lines.push(m.text());
  page.on('console', keep);
  page.on('worker', (w) => w.on('console', keep));
  context.on('serviceworker', (w) => w.on('console', keep));
  return lines;
}

const REFUSED = /network guard refused a fetch request to https?:\/\/(?!127\.0\.0\.1)/;

test('without any security header, nothing leaves: 70 s of landmarks, a capture with motion, its MP4 and GIF, the booth left', async ({ page, context }) => {
  test.setTimeout(240_000);
  const requests = recordRequests(context);
  const foreign = () => requests.filter((r) => !/^(data|blob):/.test(r.url) && new URL(r.url).origin !== origin);
  // Anything headed elsewhere is also stopped here, so a failing run sends nothing out either.
  await context.route(
    (url) => url.origin !== origin && !/^(data|blob):/.test(url.protocol),
    (route) => route.abort('blockedbyclient'),
  );
  const logs = consoleOfEverything(context, page);

  const home = await page.request.get(`${origin}/photobooth`);
  expect(home.headers()['content-security-policy'], 'this host sends no CSP header').toBeUndefined();

  await page.goto(`${origin}/photobooth`);
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
  await enableBeauty(page);
  await setLevels(page, { smooth: 60, slim: 40, eyes: 40 });
  await expect(page.getByTestId('beauty-panel')).toHaveAttribute('data-landmarks', /^[1-9]x478$/, { timeout: 30_000 });

  // MediaPipe's logger flushes 60 s after the landmarker starts. Wait for that moment: the guard
  // refusing it (what we expect) or the request itself going out (what the guard must prevent).
  await expect
    .poll(() => logs.some((l) => REFUSED.test(l)) || foreign().length > 0, {
      message: 'the usage logger’s 60 s flush happened',
      timeout: 100_000,
      intervals: [1000],
    })
    .toBe(true);
  expect(foreign().map((r) => `${r.method} ${r.url}`), 'requests to another origin while the booth ran').toEqual([]);
  // Landmarks were still flowing the whole time.
  await expect(page.getByTestId('beauty-panel')).toHaveAttribute('data-landmarks', /^[1-9]x478$/);

  // A shot with motion, and its boomerang made as MP4 and as GIF in the motion worker.
  await turnMotionOn(page);
  await captureSequence(page, { shots: 1, countdown: 0 });
  await page.getByTestId('to-preview').click();
  await expect(page.getByTestId('motion-loop')).toHaveCount(1);
  await expect(page.getByTestId('strip-canvas')).toHaveAttribute('data-drawn-layout', /.+/);
  expect(readMp4((await saveFrom(page, 'motion-save-1')).bytes).codec).toBe('avc1');
  await page.getByLabel('GIF').check();
  expect(readGif((await saveFrom(page, 'motion-save-1')).bytes).frames).toBeGreaterThanOrEqual(15);
  // Leaving the booth closed the landmarker, whose logger flushes once more; then a content page.
  await page.goto(`${origin}/privacy-policy`);
  await expect(page.locator('h1')).toBeVisible();

  expect(foreign().map((r) => `${r.method} ${r.url}`), 'requests to another origin').toEqual([]);
  // The recording saw the workers' and the service worker's own requests (it is not blind).
  expect(requests.some((r) => r.url.endsWith('.task')), 'the landmarker worker fetched the model').toBe(true);
  expect(requests.some((r) => r.url.endsWith('.wasm')), 'the landmarker worker fetched its wasm').toBe(true);
  expect(requests.some((r) => r.serviceWorker), 'the service worker precached the app').toBe(true);
  expect(requests.some((r) => /motion\.worker/.test(r.url)), 'the motion worker was loaded').toBe(true);
});

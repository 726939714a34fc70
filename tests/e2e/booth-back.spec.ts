import { chromium, type Page } from '@playwright/test';
import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { spyOnCameraStreams, unplugCamera } from './helpers/trust';

/**
 * Back to the booth: the booth is on screen again with its camera live, whichever way the browser
 * brings the page back (a fresh load, a step within one document, the back-forward cache).
 */

const liveBooth = (page: Page) => expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 15_000 });

/** The booth, then home by the app's own link (the same document: the booth's camera is let go). */
async function boothThenHome(page: Page) {
  await page.goto('/photobooth');
  await liveBooth(page);
  await page.locator('header a[href="/"]').first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('booth-stage')).toHaveCount(0);
}

test('Back, Back to the booth through a landing page loaded afresh: the booth, its camera live', async ({ page }) => {
  // The random walk, seed 421349675 (Playwright's Chromium keeps no page in the back-forward cache).
  await boothThenHome(page);
  await page.goto('/photobooth');
  await liveBooth(page);
  // Back loads the landing page afresh for its entry; the booth's entry before it, pushed by the
  // document that was there, is this new document's: the next Back changes only the URL.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  // A new document (the landing page, its app started only on demand), not the one that was here.
  expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('back_forward');
  await page.goBack();
  await expect(page).toHaveURL(/\/photobooth$/);
  await liveBooth(page);
  await expect(page.getByTestId('start-capture')).toBeEnabled();
});

/**
 * A browser of its own with the back-forward cache on (Playwright turns it off); pages restored
 * from the cache say so on <html>.
 */
async function withCache(baseURL: string, run: (page: Page) => Promise<void>) {
  const browser = await chromium.launch({ ...launchWithCamera(), ignoreDefaultArgs: ['--disable-back-forward-cache'] });
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'], serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(() => addEventListener('pageshow', (e: PageTransitionEvent) => e.persisted && document.documentElement.setAttribute('data-restored', 'true')));
    await run(page);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
}

/** Back, as far as the URL `to` (a restore fires no load event, which goBack waits for by default). */
async function back(page: Page, to: RegExp) {
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(to);
}

test('Back, Back to the booth through a landing page restored from the back-forward cache: the camera is opened again', async ({ baseURL }) => {
  await withCache(baseURL!, async (page) => {
    await boothThenHome(page);
    await page.goto('/privacy-policy');
    await back(page, /\/$/);
    await expect(page.locator('html')).toHaveAttribute('data-restored', 'true');
    await back(page, /\/photobooth$/);
    await liveBooth(page);
  });
});

test('a booth restored from the back-forward cache opens its camera again', async ({ baseURL }) => {
  await withCache(baseURL!, async (page) => {
    // A booth holding a live camera is never cached (Chromium: LiveMediaStreamTrack); one whose
    // camera was let go (here: unplugged) is.
    await spyOnCameraStreams(page);
    await page.goto('/photobooth');
    await liveBooth(page);
    await unplugCamera(page);
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'error');
    await page.goto('/privacy-policy');
    await back(page, /\/photobooth$/);
    await expect(page.locator('html')).toHaveAttribute('data-restored', 'true');
    await liveBooth(page);
  });
});

import { expect, test } from '@playwright/test';
import { launchFirefox } from './harness/firefox';
import { serveBuild } from './harness/staticServer';

// Firefox offline after one visit, on the production build (its service worker, exactly what
// visitors get): the booth and a content page come back from the device with the site unreachable
// (the server drops every connection: a real network error, not an emulation).
/**
 * Until the booth has loaded the next screen's files (it loads them once idle) and then fetched
 * nothing for a second. Leaving sooner cuts those loads off, and Firefox logs each load its
 * service worker was answering as "A ServiceWorker intercepted the request and encountered an
 * unexpected error" (CI of 1201f7e: the preview screen's, print's and send's chunks, all at once).
 */
async function untilBoothLoadsSettle(page: import('puppeteer-core').Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __quiet?: { n: number; at: number } };
      const entries = performance.getEntriesByType('resource');
      if (!entries.some((e) => /\/assets\/PreviewPage-[^/]*\.css$/.test(e.name))) return false;
      if (w.__quiet?.n !== entries.length) w.__quiet = { n: entries.length, at: performance.now() };
      return performance.now() - w.__quiet.at > 1000;
    },
    { timeout: 30_000, polling: 100 },
  );
}

test('Firefox: after one online visit the booth and a visited page open with the site unreachable', async () => {
  const site = await serveBuild();
  const ff = await launchFirefox();
  const { page } = ff;
  try {
    await page.goto(`${site.origin}/photobooth`);
    await page.waitForSelector('[data-testid="booth-stage"][data-camera-status="live"][data-render-mode="webgl"]', { timeout: 30_000 });
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), { timeout: 30_000 }).catch(async () => {
      // The first visit installs the worker; a reload is the first page it controls.
      await page.reload();
      await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), { timeout: 30_000 });
    });
    await page.goto(`${site.origin}/privacy-policy`);
    await page.waitForSelector('h1');
    const privacyTitle = await page.$eval('h1', (h) => h.textContent);

    site.unreachable(true);
    const offline = await page.evaluate((url) => fetch(url, { cache: 'no-store' }).then(() => 'reached', () => 'unreachable'), `${site.origin}/robots.txt?${Date.now()}`);
    expect(offline, 'the site is really unreachable').toBe('unreachable');

    await page.goto(`${site.origin}/photobooth`);
    await page.waitForSelector('[data-testid="booth-stage"][data-camera-status="live"][data-render-mode="webgl"]', { timeout: 30_000 });
    await page.waitForSelector('[data-testid="start-capture"]:not([disabled])', { timeout: 30_000 });
    await untilBoothLoadsSettle(page);
    await page.goto(`${site.origin}/privacy-policy`);
    await page.waitForSelector('h1');
    expect(await page.$eval('h1', (h) => h.textContent)).toBe(privacyTitle);
    expect(ff.errors).toEqual([]);
  } finally {
    await ff.close();
    await site.close();
  }
});

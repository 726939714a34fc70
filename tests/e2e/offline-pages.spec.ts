import { expect, test } from './fixtures';
import { tr } from './i18n';

// Offline, every prerendered page of a language once visited is served as its own HTML and
// hydrated with no mismatch (issue 26): the service worker keeps a language's pages when one of
// them is first visited. Before, an unvisited page got its language's home page and was rendered
// afresh over the home page's heading.
test.use({ serviceWorkers: 'allow' });

const PAGES = [
  ['/privacy-policy', 'en', 'privacy.title'],
  ['/ja/user-guide', 'ja', 'userGuide.title'],
  ['/es/terms', 'es', 'terms.title'],
] as const;

test('offline, a page never opened in three languages is its own prerendered HTML with its own heading, hydrated with no warning', async ({ page, context }) => {
  test.setTimeout(90_000);
  const warnings: string[] = [];
  page.on('console', (m) => /hydrat|did not match|Recovered from a render error/i.test(m.text()) && warnings.push(m.text()));
  // Online: one visit to each language's home page (never to the pages tested below).
  for (const home of ['/', '/ja', '/es']) {
    await page.goto(home);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
  }
  // The service worker brought each visited language's pages in (pages.json) once it controlled a visit.
  await page.reload();
  await expect
    .poll(() => page.evaluate(async (paths) => {
      // This version's kept pages (src/sw/versions.ts: one cache per version, `pages-<version>`).
      const name = (await caches.keys()).find((n) => n.startsWith('pages-'));
      if (!name) return false;
      const cache = await caches.open(name);
      return (await Promise.all(paths.map((p) => cache.match(p)))).every(Boolean);
    }, PAGES.map(([p]) => p)), { timeout: 30_000, message: 'each language’s pages kept' })
    .toBe(true);

  await context.setOffline(true);
  try {
    for (const [path, lang, key] of PAGES) {
      const response = await page.goto(path);
      // Its own HTML: the prerendered page was made for this very path, with its heading in it.
      const html = (await response?.text()) ?? '';
      expect(html, `${path}: the HTML made for it`).toContain(`data-path="${path}"`);
      expect(html).toContain(tr(lang, key));
      await expect(page.locator('h1')).toHaveText(tr(lang, key));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    }
  } finally {
    await context.setOffline(false);
  }
  expect(warnings, 'hydration warnings').toEqual([]);
});

// Issue 54: after English pages only, a Spanish page opened offline was served the Spanish home
// page's HTML ("El fotomatón gratis en tu navegador") and became the privacy page only when the
// app hydrated. Every language's pages are kept now, the visitor's own first.
test('offline, a page in a language never visited is its own prerendered HTML from the first paint', async ({ page, context }) => {
  test.setTimeout(90_000);
  const warnings: string[] = [];
  page.on('console', (m) => /hydrat|did not match|Recovered from a render error/i.test(m.text()) && warnings.push(m.text()));
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
  await page.goto('/about');
  // Waits for the service worker to have kept it (it never would before the fix).
  await expect
    .poll(() => page.evaluate(async () => {
      const name = (await caches.keys()).find((n) => n.startsWith('pages-'));
      return !!name && !!(await (await caches.open(name)).match('/es/privacy-policy'));
    }), { timeout: 60_000, message: 'the Spanish pages kept after English visits only' })
    .toBe(true);

  await context.setOffline(true);
  try {
    const response = await page.goto('/es/privacy-policy');
    const html = (await response?.text()) ?? '';
    expect(html, 'the HTML made for this page').toContain('data-path="/es/privacy-policy"');
    expect(html).toContain(tr('es', 'privacy.title'));
    expect(html, 'not the home page').not.toContain(tr('es', 'landing.heroTitle'));
    await expect(page.locator('h1')).toHaveText(tr('es', 'privacy.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  } finally {
    await context.setOffline(false);
  }
  expect(warnings, 'hydration warnings').toEqual([]);
});

import { expect, expectOnlyOwnOrigin, test } from './fixtures';
import { openDesigner } from './drivers/designer';

// The designer's fonts are the app's own files (issue 39): precached with the app, so offline the
// designer opens and draws text in each of its fonts, and no font is ever asked of another host.
test.use({ serviceWorkers: 'allow' });

test('offline, the designer opens and every font of its picker loads from the app itself', async ({ page, context, requests, baseURL }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
  // Every woff2 file of the build is in this version's precache.
  await expect
    .poll(() => page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)))).flat().filter((u) => u.endsWith('.woff2')).length), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(10);
  await context.setOffline(true);
  try {
    await openDesigner(page);
    // A text layer, selected: the font picker shows each font in its own face.
    await page.getByTestId('designer-add-text').click();
    const families = await page.getByTestId('designer-font').getByRole('radio').allInnerTexts();
    expect(families.length).toBeGreaterThanOrEqual(7);
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return ['Montserrat', 'Playfair Display', 'Dancing Script', 'Pacifico', 'Caveat', 'Bebas Neue'].map((f) => document.fonts.check(`16px "${f}"`) && [...document.fonts].some((ff) => ff.family.replace(/"/g, '') === f && ff.status === 'loaded'));
    });
    expect(loaded).toEqual([true, true, true, true, true, true]);
  } finally {
    await context.setOffline(false);
  }
  expectOnlyOwnOrigin(requests, baseURL!);
});

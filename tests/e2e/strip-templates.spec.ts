import { expect, test } from './fixtures';

/**
 * The seven layouts became templates (issue 39): every built-in layout and frame, drawn by the
 * template composer and by the composer before templates (tests/legacy/composeV1.ts) on the same
 * photos, gives the very same pixels.
 */
test('every built-in layout and frame draws the same strip as before templates', async ({ page }) => {
  await page.goto('/contact');
  await page.waitForFunction(() => !!window.__pbTest);
  const diffs = await page.evaluate(() => window.__pbTest!.legacyStrips());
  expect(diffs.length).toBeGreaterThan(60);
  const changed = diffs.filter((d) => d.differing > 0).map((d) => `${d.case}: ${d.differing} px (max Δ ${d.maxDelta})`);
  expect(changed).toEqual([]);
});

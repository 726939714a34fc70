import { expect, expectAccessible, test } from './fixtures';

const PAGES = ['/', '/welcome', '/photobooth', '/preview', '/privacy-policy', '/contact', '/photo-tutorial', '/user-guide', '/terms', '/blog', '/missing', '/ja', '/th/user-guide', '/zh/preview', '/designer', '/th/designer'];

for (const path of PAGES) {
  test(`axe-core finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, path);
  });
}

test('the tutorial overlay and the language list are accessible', async ({ page }) => {
  await page.goto('/');
  await page.locator('.lang-button').click();
  await expectAccessible(page, 'language list');
  await page.keyboard.press('Escape');
  await page.locator('header').getByRole('button').filter({ hasText: /Tutorial/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'tutorial');
});

import { launchWithCamera } from './env';
import { expect, expectAccessible, test } from './fixtures';
import { HOST_PIN, openEventPage } from './drivers/event';
import { tr } from './i18n';

// Event mode with the camera refused (issue 36): the guest booth says so with a retry, inside
// itself: no link to the guide or anywhere else (a guest must never reach the site, the gallery
// or the host's own photos from it).

test.use({ launchOptions: launchWithCamera('deny'), permissions: [] });

const en = (key: string) => tr('en', key);

test('the guest booth shows the camera fault with a retry and no link out of the booth', async ({ page }) => {
  await openEventPage(page);
  await page.getByTestId('event-pin').fill(HOST_PIN);
  await page.getByTestId('event-pin-again').fill(HOST_PIN);
  await page.getByTestId('event-begin').click();
  await expect(page).toHaveURL(/\/event\/booth$/);
  await expect(page.getByTestId('camera-error')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('camera-retry')).toBeVisible();
  await expect(page.getByTestId('camera-help-text')).toHaveText(en('event.cameraHelp'));
  // No way off the screen: not one link on the page, no site header or footer.
  await expect(page.locator('a')).toHaveCount(0);
  await expect(page.locator('header, footer, nav')).toHaveCount(0);
  await expectAccessible(page, 'guest booth, camera refused');
  // Try again keeps the guest in the booth.
  await page.getByTestId('camera-retry').click();
  await expect(page).toHaveURL(/\/event\/booth$/);
  await expect(page.getByTestId('camera-error')).toBeVisible();
});

import { expect, test } from './fixtures';
import { toStrip } from './drivers/strip';
import { tr } from './i18n';
import { storedPhotos } from './helpers/layout';

// Routes are canonical (issue 26): any case of a path is its lower-case form (history replaced),
// so the screen, its title, the saved session and the service worker agree.

test('/PhotoBooth is the booth: the URL becomes /photobooth, its title is the booth’s, and its photos are saved', async ({ page }) => {
  await page.goto('/PhotoBooth');
  await expect(page).toHaveURL(/\/photobooth$/);
  await expect(page).toHaveTitle(tr('en', 'titles.booth'));
  const stage = page.getByTestId('booth-stage');
  await expect(stage).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
  await page.getByTestId('countdown').selectOption('0');
  await page.getByTestId('shot-count').selectOption('1');
  await page.getByTestId('start-capture').click();
  await expect(page.getByTestId('captured-thumb')).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(async () => (await storedPhotos(page)).length, { message: 'the photo reached IndexedDB' }).toBe(1);

  // /PREVIEW (and a language prefix in capitals) shows the preview with that photo, no endless spinner.
  await page.goto('/JA/PREVIEW');
  await expect(page).toHaveURL(/\/ja\/preview$/);
  await expect(page).toHaveTitle(tr('ja', 'titles.preview'));
  await expect(page.getByTestId('preview-photo')).toHaveCount(1, { timeout: 20_000 });
});

test('a saved session that never opens (IndexedDB not answering) leaves the app working from memory, and it says so', async ({ page }) => {
  // SIMULATED: the browser offers no way to hang IndexedDB, so its open() returns a request that
  // never settles.
  await page.addInitScript(() => {
    indexedDB.open = () => ({}) as IDBOpenDBRequest;
  });
  await page.goto('/photobooth');
  await expect(page.getByTestId('storage-notice')).toHaveAttribute('data-kind', 'memory', { timeout: 15_000 });
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
  await page.getByTestId('countdown').selectOption('0');
  await page.getByTestId('shot-count').selectOption('1');
  await page.getByTestId('start-capture').click();
  await expect(page.getByTestId('captured-thumb')).toHaveCount(1, { timeout: 30_000 });
  await toStrip(page, 1);
});

import { expect, test } from './fixtures';
import { openBooth } from './drivers/booth';

// Photos kept across visits (issue 64: Safari drops script-written storage after 7 days without a
// visit unless the site is persisted): the browser is asked to persist the site's storage once the
// visit has something worth keeping — its first photo written — and once only. The calls are
// counted around the browser's own navigator.storage.persist (which still answers).
test('persistent storage is asked for once the first photo is written, and only once', async ({ page }) => {
  await page.addInitScript(() => {
    const storage = navigator.storage;
    const persist = storage.persist.bind(storage);
    const w = window as unknown as { __persistAsked: number };
    w.__persistAsked = 0;
    storage.persist = () => {
      w.__persistAsked++;
      return persist();
    };
  });
  const asked = () => page.evaluate(() => (window as unknown as { __persistAsked: number }).__persistAsked);
  await openBooth(page, { shots: 1, countdown: 3 });
  expect(await asked(), 'nothing to keep yet: not asked').toBe(0);

  const thumbs = page.getByTestId('captured-thumb');
  await page.getByTestId('start-capture').click();
  await expect(thumbs.first()).toHaveAttribute('data-saved', 'true', { timeout: 30_000 });
  await expect.poll(asked, { message: 'asked once the first photo is written' }).toBe(1);

  const first = await thumbs.first().getAttribute('data-photo-id');
  await expect(page.getByTestId('start-capture')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('start-capture').click();
  await expect(thumbs.first()).not.toHaveAttribute('data-photo-id', first!, { timeout: 30_000 });
  await expect(thumbs.first()).toHaveAttribute('data-saved', 'true', { timeout: 30_000 });
  expect(await asked(), 'not asked again in the same visit').toBe(1);
});

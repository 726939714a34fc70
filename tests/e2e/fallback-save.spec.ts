import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { askToLeave, guestTurn, HOST_PIN, startEvent, tryPin } from './drivers/event';
import { expect, test } from './fixtures';
import { tr } from './i18n';

// Every engine a guest brings (issue 51): no showSaveFilePicker (Safari, Firefox, phones). The
// event gallery's export then downloads (in parts of at most 200 MB), and the host is told so
// before pressing Export. The picker's absence is SIMULATED in this Chromium by an init script
// that deletes window.showSaveFilePicker (unless sessionStorage says to keep it, for the control).

const en = (key: string, params?: Record<string, string | number>) => tr('en', key, params);

test('no save picker: the gallery says the ZIP downloads, and the downloaded ZIP holds the guest’s strip', async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => {
    if (sessionStorage.getItem('fb-picker') !== 'keep') delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  // One guest's strip, kept by the guest booth, and the host back on /event with the PIN.
  await startEvent(page, { shots: 1, countdown: 3 });
  expect(await guestTurn(page)).toBe('kept');
  await askToLeave(page, 'escape');
  await tryPin(page, HOST_PIN);
  await expect(page).toHaveURL(/\/event$/);
  const gallery = page.getByTestId('event-gallery');
  await expect(gallery).toHaveAttribute('data-count', '1');
  expect(await page.evaluate(() => 'showSaveFilePicker' in window)).toBe(false);

  // The words say what will happen, before the click.
  const words = page.getByTestId('event-export-downloads');
  await expect(words).toHaveText(en('event.exportDownloads', { mb: 200 }));
  await expect(words).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('event-export').click()]);
  const name = download.suggestedFilename();
  expect(name).toMatch(/^photobooth-\d{4}-\d{2}-\d{2}-\d{4}-event\.zip$/);
  await expect(page.getByTestId('event-export-status')).toHaveText(en('event.exported', { name, n: 1 }));
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const names = Object.keys(files);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/^photobooth-.*-001\.jpg$/);
  const bytes = files[names[0]!]!;
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const image = jpeg.decode(bytes, { useTArray: true });
  expect(image.width).toBeGreaterThan(300);
  expect(image.height).toBeGreaterThan(300);

  // Control: where the browser has the picker (this Chromium, untouched), no such words.
  await page.evaluate(() => sessionStorage.setItem('fb-picker', 'keep'));
  await page.reload();
  expect(await page.evaluate(() => typeof (window as { showSaveFilePicker?: unknown }).showSaveFilePicker)).toBe('function');
  await expect(gallery).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('event-export')).toBeEnabled();
  await expect(words).toHaveCount(0);
});

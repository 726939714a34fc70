import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { expect, test } from './fixtures';
import { tr } from './i18n';
import { captureSequence } from './helpers/capture';
import { storedPhotos } from './helpers/layout';

// One unreadable photo breaks nothing else (issue 26): real bytes that are not a JPEG are written
// into a saved photo's record in IndexedDB (the record passes the schema: a Blob, not empty), and
// the preview still gives a strip, a JPG and a ZIP of the rest, naming the damaged photo.
test.describe.configure({ timeout: 120_000 });

async function download(page: Page, buttonKey: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: tr('en', buttonKey) }).click()]);
  return readFileSync(await (file as Download).path());
}

test('a stored photo made undecodable is left out of the strip, the JPG and the ZIP, with a notice naming it and a way to remove it', async ({ page }) => {
  await page.goto('/photobooth');
  await captureSequence(page, { shots: 3, countdown: 0 });
  await expect.poll(async () => (await storedPhotos(page)).length).toBe(3);
  // Photo 2's bytes on the disk become noise (same record, same size class, not a JPEG).
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('photobooth-session');
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('photos', 'readwrite');
          const store = tx.objectStore('photos');
          // Resolved once the write is committed, not merely queued.
          tx.oncomplete = () => (db.close(), resolve());
          tx.onabort = () => reject(tx.error);
          const all = store.getAll();
          all.onsuccess = () => {
            const second = (all.result as { position: number; blob: Blob }[]).find((r) => r.position === 1)!;
            const noise = new Uint8Array(40_000).map((_, i) => (i * 7919) % 251);
            const put = store.put({ ...second, blob: new Blob([noise], { type: 'image/jpeg' }) });
            put.onerror = () => reject(put.error);
          };
        };
        open.onerror = () => reject(open.error);
      }),
  );

  await page.goto('/preview');
  const notice = page.getByTestId('unreadable-photos');
  await expect(notice).toContainText(tr('en', 'preview.unreadable', { n: 2 }));
  await expect(page.getByTestId('strip-canvas')).not.toHaveAttribute('data-renders', '0', { timeout: 20_000 });

  const jpg = jpeg.decode(await download(page, 'strip.downloadJpg'), { maxMemoryUsageInMB: 1024 });
  expect(jpg.width).toBeGreaterThan(500);
  const entries = unzipSync(new Uint8Array(await download(page, 'strip.downloadAll')));
  const names = Object.keys(entries);
  expect(names.filter((n) => /-photo-\d+\.jpg$/.test(n)), 'the two readable photos').toHaveLength(2);
  expect(names.filter((n) => n.endsWith('-strip.jpg'))).toHaveLength(1);
  for (const name of names) expect(jpeg.decode(entries[name]!, { maxMemoryUsageInMB: 1024 }).width, name).toBeGreaterThan(500);

  // Removing it takes it out of the session, on the disk too.
  await page.getByTestId('remove-unreadable-2').click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('preview-photo')).toHaveCount(2);
  await expect.poll(async () => (await storedPhotos(page)).length).toBe(2);
});

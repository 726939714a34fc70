import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { stripFileName } from '../../src/features/event/gallery';
import { expect, expectAccessible, test } from './fixtures';
import { tr } from './i18n';

// The event gallery at a party's scale (issue 36): 300 strips written straight into IndexedDB
// (as src/features/event/gallery.ts keeps them) and one damaged record; the export streams them
// one at a time, to downloaded parts where the browser has no file picker and to the file the host
// picked where it has one; the damaged strip is left out and named. Per-strip delete, seen live in
// a second tab.

const en = (key: string, params?: Record<string, string | number>) => tr('en', key, params);

// The browser's clock is this process's, so the file names (local date and time) agree.
test.use({ timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone });

const T0 = new Date(2026, 5, 20, 19, 0).getTime();
const STEP_MS = 37_000;
const W = 300;
const H = 900;

interface Filled {
  /** Each record's time, in the evening's order (the damaged one included). */
  times: number[];
  /** The JPG's size of each record (0 for the damaged one). */
  sizes: number[];
}

/**
 * Writes `n` strips and one damaged record (at place `damagedAt`, 0-based; its picture is not a
 * Blob) straight into the gallery's database, then reloads so the page reads them.
 */
async function fillGallery(page: Page, n: number, damagedAt: number): Promise<Filled> {
  const filled = await page.evaluate(
    async ({ n, damagedAt, t0, step, w, h }) => {
      // Six real JPGs of different colours, each tens of KB.
      const blobs: Blob[] = [];
      for (let c = 0; c < 6; c++) {
        const canvas = new OffscreenCanvas(w, h);
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = `hsl(${c * 60} 70% 55%)`;
        ctx.fillRect(0, 0, w, h);
        for (let i = 0; i < 600; i++) {
          ctx.fillStyle = `hsl(${(c * 60 + i * 23) % 360} 75% ${25 + ((i * 7) % 50)}%)`;
          ctx.fillRect((i * 37) % w, (i * 91) % h, 6 + (i % 23), 5 + (i % 17));
        }
        blobs.push(await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 }));
      }
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('photobooth-event', 1);
        req.onupgradeneeded = () => {
          if (!req.result.objectStoreNames.contains('strips')) req.result.createObjectStore('strips', { keyPath: 'id' });
        };
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const tx = db.transaction('strips', 'readwrite');
      const store = tx.objectStore('strips');
      const times: number[] = [];
      const sizes: number[] = [];
      for (let i = 0; i <= n; i++) {
        const createdAt = t0 + i * step;
        const id = `${createdAt.toString(36)}-t${String(i).padStart(4, '0')}`;
        const blob = i === damagedAt ? 'not a picture' : blobs[i % blobs.length]!;
        store.put({ id, createdAt, blob, width: w, height: h, hidden: false });
        times.push(createdAt);
        sizes.push(typeof blob === 'string' ? 0 : blob.size);
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      return { times, sizes };
    },
    { n, damagedAt, t0: T0, step: STEP_MS, w: W, h: H },
  );
  await page.reload();
  await expect(page.getByTestId('event-gallery')).toHaveAttribute('data-count', String(n), { timeout: 30_000 });
  return filled;
}

/** "9:32 PM" as the page writes a time. */
const timeIn = (page: Page, t: number) => page.evaluate((t) => new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(new Date(t)), t);

/** Records each text the export's status line shows, from before the click on. */
const watchStatus = (page: Page) =>
  page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statusSeen: string[] }).statusSeen = seen;
    const el = document.querySelector('[data-testid="event-export-status"]')!;
    new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, { childList: true, subtree: true, characterData: true });
  });
const statusSeen = (page: Page) => page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen);

/** The ZIP holds every readable strip, in order, under its number and time, each a whole JPG. */
function expectStrips(zipBytes: Uint8Array, filled: Filled, damagedAt: number) {
  const files = unzipSync(zipBytes);
  const want = filled.times.map((t, i) => (i === damagedAt ? null : stripFileName(i, t))).filter((n): n is string => !!n);
  expect(Object.keys(files)).toEqual(want);
  expect(want).toHaveLength(filled.times.length - 1);
  filled.times.forEach((t, i) => {
    if (i === damagedAt) return;
    const bytes = files[stripFileName(i, t)]!;
    expect(bytes.length).toBe(filled.sizes[i]);
    const image = jpeg.decode(bytes, { useTArray: true });
    expect([image.width, image.height]).toEqual([W, H]);
  });
}

const N = 300;
const DAMAGED = 150; // strip 151 of the evening

test('300 strips and a damaged one: no file picker, the export downloads, skips the damaged strip and names it', async ({ page }) => {
  test.setTimeout(180_000);
  // Firefox and Safari have no file picker: the export downloads (here one part: ~15 MB is far under 200 MB).
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await page.goto('/event');
  const filled = await fillGallery(page, N, DAMAGED);
  expect(await page.evaluate(() => 'showSaveFilePicker' in window)).toBe(false);
  for (const size of new Set(filled.sizes.filter(Boolean))) expect(size).toBeGreaterThan(15_000);
  await expect(page.getByTestId('event-thumb')).toHaveCount(N);
  const damaged = page.getByTestId('event-thumb-damaged');
  const time = await timeIn(page, filled.times[DAMAGED]!);
  await expect(damaged).toHaveText(new RegExp(en('event.damaged', { n: DAMAGED + 1, time }).replace(/[().?]/g, '\\$&')));
  await expectAccessible(page, 'event gallery with 300 strips');

  await watchStatus(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('event-export').click()]);
  const name = download.suggestedFilename();
  expect(name).toMatch(/^photobooth-\d{4}-\d{2}-\d{2}-\d{4}-event\.zip$/);
  const status = page.getByTestId('event-export-status');
  await expect(status).toContainText(en('event.exported', { name, n: N }));
  await expect(page.getByTestId('event-export-skipped')).toHaveText(en('event.skipped', { n: DAMAGED + 1, time }));
  // It said how far it was while it ran.
  expect((await statusSeen(page)).some((s) => new RegExp(`^Exported \\d+ of ${N} strips`).test(s))).toBe(true);
  expectStrips(new Uint8Array(readFileSync((await download.path())!)), filled, DAMAGED);
  await expectAccessible(page, 'event gallery after the export');
});

test('300 strips and a damaged one: the file the host picked receives the ZIP chunk by chunk', async ({ page }) => {
  test.setTimeout(180_000);
  // A stand-in for showSaveFilePicker: a headless browser cannot show the picker (Chromium's
  // answers AbortError at once), so this one "picks" the suggested name and keeps what is written
  // to the file in memory, counting the bytes and checking that no write starts before the last
  // one has settled.
  await page.addInitScript(() => {
    const file = { suggested: '', chunks: [] as Uint8Array[], bytes: 0, writes: 0, overlap: false, closed: false, aborted: false };
    (window as unknown as { pickedFile: typeof file }).pickedFile = file;
    let writing = false;
    (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async (options: { suggestedName: string }) => {
      file.suggested = options.suggestedName;
      return {
        name: options.suggestedName,
        createWritable: async () => ({
          async write(chunk: Uint8Array) {
            if (writing) file.overlap = true;
            writing = true;
            file.chunks.push(chunk.slice());
            file.bytes += chunk.byteLength;
            file.writes++;
            await new Promise((r) => setTimeout(r, 0));
            writing = false;
          },
          close: async () => void (file.closed = true),
          abort: async () => void (file.aborted = true),
        }),
      };
    };
  });
  await page.goto('/event');
  const filled = await fillGallery(page, N, DAMAGED);
  const time = await timeIn(page, filled.times[DAMAGED]!);
  let downloads = 0;
  page.on('download', () => downloads++);

  await page.getByTestId('event-export').click();
  const skipped = page.getByTestId('event-export-skipped');
  await expect(skipped).toHaveText(en('event.skipped', { n: DAMAGED + 1, time }), { timeout: 60_000 });
  const file = await page.evaluate(() => {
    const f = (window as unknown as { pickedFile: { suggested: string; bytes: number; writes: number; overlap: boolean; closed: boolean; aborted: boolean } }).pickedFile;
    return { suggested: f.suggested, bytes: f.bytes, writes: f.writes, overlap: f.overlap, closed: f.closed, aborted: f.aborted };
  });
  expect(file.suggested).toMatch(/^photobooth-\d{4}-\d{2}-\d{2}-\d{4}-event\.zip$/);
  await expect(page.getByTestId('event-export-status')).toContainText(en('event.exported', { name: file.suggested, n: N }));
  expect(file).toMatchObject({ overlap: false, closed: true, aborted: false });
  expect(file.writes).toBeGreaterThan(N); // a header, the JPG and a descriptor per strip, each written as it came
  console.log(`stand-in picker: ${file.writes} writes, ${file.bytes} bytes`);
  expect(downloads).toBe(0);

  // The written bytes, back as base64 (one string) and unzipped here.
  const base64 = await page.evaluate(async () => {
    const blob = new Blob((window as unknown as { pickedFile: { chunks: BlobPart[] } }).pickedFile.chunks);
    const url = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsDataURL(blob);
    });
    return url.slice(url.indexOf(',') + 1);
  });
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  expect(bytes.length).toBe(file.bytes);
  expectStrips(bytes, filled, DAMAGED);
});

test('per-strip delete after a confirmation (the safe choice focused), seen at once in a second tab', async ({ page, context }) => {
  await page.goto('/event');
  await fillGallery(page, 6, 2);
  const other = await context.newPage();
  await other.goto('/event');
  await other.locator('html.app-ready').waitFor({ state: 'attached' });
  await expect(other.getByTestId('event-gallery')).toHaveAttribute('data-count', '6');

  // Strip 5 of the evening (the damaged record is strip 3): its Delete asks first.
  const thumb = page.locator('[data-testid="event-thumb"][data-number="5"]');
  await expect(thumb).toHaveCount(1);
  const dialog = page.getByTestId('event-delete-dialog');
  await thumb.getByTestId('event-thumb-delete').click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: en('event.deleteKeep') })).toBeFocused();
  await expectAccessible(page, 'delete confirmation');
  // Enter on the focused safe choice keeps the strip.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('event-gallery')).toHaveAttribute('data-count', '6');
  await expect(page.getByTestId('event-thumb')).toHaveCount(6);

  await thumb.getByTestId('event-thumb-delete').click();
  await page.getByTestId('event-delete-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('event-export-status')).toHaveText(en('event.deleted', { n: 5 }));
  await expect(page.getByTestId('event-gallery')).toHaveAttribute('data-count', '5');
  await expect(page.getByTestId('event-thumb')).toHaveCount(5);
  await expect(page.getByRole('heading', { name: en('event.galleryTitle') })).toBeFocused();
  // The other tab, never reloaded, has heard it.
  await expect(other.getByTestId('event-gallery')).toHaveAttribute('data-count', '5');
  await expect(other.getByTestId('event-thumb')).toHaveCount(5);
  await expect(other.getByText(en('event.galleryCount', { n: 5 }))).toBeVisible();

  // The damaged record can be deleted too (it has no picture to show), and the other tab sees that as well.
  await page.getByTestId('event-thumb-damaged').getByTestId('event-thumb-delete').click();
  await page.getByTestId('event-delete-confirm').click();
  await expect(page.getByTestId('event-thumb-damaged')).toHaveCount(0);
  await expect(other.getByTestId('event-thumb-damaged')).toHaveCount(0);
  await expect(page.getByTestId('event-gallery')).toHaveAttribute('data-count', '5');
  await expectAccessible(page, 'event gallery after deleting');
  await other.close();
});

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { storedPhotos } from './helpers/layout';
import { openBooth } from './drivers/booth';

// Nothing lost, round two (issue 26): every change is written at once (no delay before the write),
// record by record, and the tabs of the booth stay in step over a BroadcastChannel.
test.describe.configure({ timeout: 90_000 });

const booth = (page: Page) => openBooth(page, { countdown: 0, shots: 1 });

const thumbIds = (page: Page) => page.getByTestId('captured-thumb').evaluateAll((els) => els.map((e) => e.getAttribute('data-photo-id')));

test('a reload the instant a thumbnail appears keeps the photo', async ({ page }) => {
  await booth(page);
  await page.getByTestId('start-capture').click();
  // The instant the thumbnail's picture shows (the photo is written first: src/storage/saving.ts).
  await expect(page.getByTestId('captured-thumb').locator('img')).toHaveCount(1, { timeout: 30_000 });
  const [id] = await thumbIds(page);
  await page.reload();
  await expect(page.getByTestId('captured-thumb')).toHaveCount(1, { timeout: 15_000 });
  expect(await thumbIds(page)).toEqual([id]);
});

test('a tab closed the instant a thumbnail appears keeps the photo for the next visit', async ({ page, context }) => {
  await booth(page);
  await page.getByTestId('start-capture').click();
  // The instant the thumbnail's picture shows (the photo is written first: src/storage/saving.ts).
  await expect(page.getByTestId('captured-thumb').locator('img')).toHaveCount(1, { timeout: 30_000 });
  const [id] = await thumbIds(page);
  await page.close();
  const next = await context.newPage();
  await next.goto('/photobooth');
  await expect(next.getByTestId('captured-thumb')).toHaveCount(1, { timeout: 15_000 });
  expect(await thumbIds(next)).toEqual([id]);
});

test('two tabs stay in step: a photo taken in one shows in the other, and a later tab’s shot is not undone by an earlier tab', async ({ page, context }) => {
  const first = page;
  await booth(first);
  await first.getByTestId('shot-count').selectOption('2');
  await first.getByTestId('start-capture').click();
  await expect(first.getByTestId('captured-thumb')).toHaveCount(2, { timeout: 30_000 });
  await expect(first.getByTestId('booth-stage')).toHaveAttribute('data-capturing', 'false');
  const [, a2] = await thumbIds(first);

  // A later tab: it has both photos, and retakes the first.
  const later = await context.newPage();
  await booth(later);
  await expect(later.getByTestId('captured-thumb')).toHaveCount(2, { timeout: 15_000 });
  await later.getByTestId('retake-1').click();
  await expect.poll(async () => (await thumbIds(later))[0], { timeout: 30_000 }).not.toBe((await thumbIds(first))[0]);
  const [b1] = await thumbIds(later);
  // The earlier tab shows the later tab's shot within a second or two, without a reload.
  await expect.poll(() => thumbIds(first), { timeout: 2_000 }).toEqual([b1, a2]);

  // The earlier tab now retakes its second photo: the later tab's shot stays, in both tabs and on disk.
  await first.getByTestId('retake-2').click();
  await expect.poll(async () => (await thumbIds(first))[1], { timeout: 30_000 }).not.toBe(a2);
  const [, c2] = await thumbIds(first);
  await expect.poll(() => thumbIds(later), { timeout: 2_000 }).toEqual([b1, c2]);
  await expect.poll(async () => (await storedPhotos(first)).length).toBe(2);
  await later.reload();
  await expect(later.getByTestId('captured-thumb')).toHaveCount(2, { timeout: 15_000 });
  expect(await thumbIds(later)).toEqual([b1, c2]);
});

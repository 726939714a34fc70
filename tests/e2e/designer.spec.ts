import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { launchWithCamera } from './env';
import { captureSequence } from './helpers/capture';
import { decodeJpeg, expectOverlayStrip, overlayPng, THREE_WINDOWS, type Pixels } from './helpers/designs';
import { readDownload } from './helpers/motion';
import { keptStrip, layers, openDesigner, openDesignerFromBooth, saveDesign, selectedBox, selectLayer } from './drivers/designer';
import { heifFile } from './helpers/heif';
import { tr } from './i18n';

// The strip designer (issue 39): a host's overlay becomes slots, layers move by pointer and keys,
// text with {date} lands in its box, undo, and a design travels between browser profiles as a file.
test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });
test.describe.configure({ timeout: 120_000 });

/** Where the photo in slot 1 starts on the strip: the first column, along the slot's middle row, that is not the background. */
function leftEdge(img: Pixels, row: number, background = [255, 255, 255]): number {
  const y = Math.round(row * img.height);
  for (let x = 0; x < img.width; x++) {
    const i = (y * img.width + x) * 4;
    if (Math.max(...background.map((v, k) => Math.abs(img.data[i + k]! - v))) > 40) return x / img.width;
  }
  return 1;
}

type Box = { x: number; y: number; w: number; h: number };
/** Pixels of two strips that differ clearly (more than JPEG noise), inside a box or outside it (fractions). */
function changed(a: Pixels, b: Pixels, box: Box): { inside: number; outside: number } {
  const out = { inside: 0, outside: 0 };
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 4;
      if (Math.max(Math.abs(a.data[i]! - b.data[i]!), Math.abs(a.data[i + 1]! - b.data[i + 1]!), Math.abs(a.data[i + 2]! - b.data[i + 2]!)) <= 60) continue;
      const fx = x / a.width;
      const fy = y / a.height;
      if (fx >= box.x && fx <= box.x + box.w && fy >= box.y && fy <= box.y + box.h) out.inside++;
      else out.outside++;
    }
  }
  return out;
}

const message = (page: Page) => page.getByTestId('designer-message');

test("a host's PNG overlay with three windows becomes three slots, and the strip JPG has a photo in each window and the overlay everywhere else", async ({ page }) => {
  await page.goto('/photobooth');
  await captureSequence(page, { shots: 3, countdown: 0 });
  await openDesignerFromBooth(page);
  await page.getByTestId('designer-overlay-input').setInputFiles({ name: 'wedding-overlay.png', mimeType: 'image/png', buffer: await overlayPng(page) });
  await expect.poll(async () => (await layers(page)).filter((l) => l.kind === 'overlay').length).toBe(1);
  expect((await layers(page)).filter((l) => l.kind === 'photo')).toHaveLength(3);
  await saveDesign(page, 'Our wedding');
  // Saved, it is the strip's layout: the strip page (by "See your strip", offered once it is saved)
  // draws it and its JPG is the design's.
  await page.getByTestId('designer-to-strip').click();
  await expect(page).toHaveURL(/\/preview$/);
  await expect(page.getByTestId('strip-canvas')).toHaveAttribute('data-drawn-layout', /^my-/, { timeout: 20_000 });
  await expect(page.getByLabel('Our wedding', { exact: true })).toBeChecked();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: tr('en', 'strip.downloadJpg') }).click()]);
  const strip = decodeJpeg(await readDownload(file));
  expect(strip.width / strip.height).toBeCloseTo(1 / 3, 2);
  expectOverlayStrip(strip, THREE_WINDOWS);
});

test('a logo as a drawing (SVG stating 100000×100000) is added drawn at the design’s size; an AVIF too large to read is refused from its header', async ({ page }) => {
  await openDesigner(page);
  const before = (await layers(page)).length;
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="50000"><circle cx="50000" cy="25000" r="20000" fill="#be185d"/></svg>';
  await page.getByTestId('designer-picture-input').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await expect(message(page)).toHaveText(tr('en', 'designer.msg.pictureAdded'));
  await expect.poll(async () => (await layers(page)).length).toBe(before + 1);
  const avif = Buffer.from(heifFile({ brands: ['avif', 'mif1'], sizes: [[16000, 16000]] }));
  await page.getByTestId('designer-picture-input').setInputFiles({ name: 'huge.avif', mimeType: 'image/avif', buffer: avif });
  await expect(message(page)).toHaveText(tr('en', 'designer.msg.pictureTooBig'));
  expect((await layers(page)).length).toBe(before + 1);
});

test('a PNG without windows and a damaged design file each get a clear message, and change nothing', async ({ page }) => {
  await openDesigner(page);
  const before = await layers(page);
  await page.getByTestId('designer-overlay-input').setInputFiles({ name: 'solid.png', mimeType: 'image/png', buffer: await overlayPng(page, []) });
  await expect(message(page)).toHaveText(tr('en', 'designer.msg.noWindows'));
  expect(await layers(page)).toEqual(before);
  await page.getByTestId('designer-import-input').setInputFiles({ name: 'design.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\u0003\u0004 this is not a whole zip') });
  await expect(message(page)).toHaveText(tr('en', 'designer.msg.importNotDesign'));
  expect(await layers(page)).toEqual(before);
  await expectAccessible(page);
});

test('a slot moved by arrow keys and by pointer moves its photo on the JPG by the same fraction; undo and redo', async ({ page }) => {
  await openDesigner(page);
  const slot = (await layers(page)).find((l) => l.kind === 'photo')!;
  await selectLayer(page, slot.id);
  const start = await selectedBox(page);
  await saveDesign(page, 'Moves');
  const row = start.y + start.h / 2;
  const edge0 = leftEdge(await keptStrip(page, 'Moves'), row);
  expect(edge0).toBeCloseTo(start.x, 2);

  // Keys: the stage takes the arrows, 1% a press, 10% with Shift.
  await page.getByTestId('designer-stage').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await selectedBox(page)).x).toBeCloseTo(start.x + 0.02, 3);
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(async () => (await selectedBox(page)).x).toBeCloseTo(start.x - 0.08, 3);
  // Undo takes back the last step, redo brings it again (the buttons and the keys).
  await page.getByTestId('designer-undo').click();
  await expect.poll(async () => (await selectedBox(page)).x).toBeCloseTo(start.x + 0.02, 3);
  await page.getByTestId('designer-stage').focus();
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(async () => (await selectedBox(page)).x).toBeCloseTo(start.x - 0.08, 3);
  await page.keyboard.press('Control+z');
  const byKeys = await selectedBox(page);
  expect(byKeys.x).toBeCloseTo(start.x + 0.02, 3);
  await saveDesign(page, 'Moves');
  const edge1 = leftEdge(await keptStrip(page, 'Moves'), row);
  expect(edge1 - edge0).toBeCloseTo(0.02, 2);

  // Pointer: drag the slot from its middle a tenth of the stage's height down (it keeps its x).
  const stage = await page.getByTestId('designer-canvas').boundingBox();
  if (!stage) throw new Error('no canvas');
  const from = { x: stage.x + (byKeys.x + byKeys.w / 2) * stage.width, y: stage.y + (byKeys.y + byKeys.h / 2) * stage.height };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + (stage.width * 0.05 * i) / 10, from.y);
  await page.mouse.up();
  const dragged = await selectedBox(page);
  expect(dragged.id).toBe(slot.id);
  expect(dragged.x - byKeys.x).toBeGreaterThan(0.02);
  await saveDesign(page, 'Moves');
  const edge2 = leftEdge(await keptStrip(page, 'Moves'), row);
  expect(edge2 - edge1).toBeCloseTo(dragged.x - byKeys.x, 2);
  // One drag is one step: undo puts the slot back where the keys left it.
  await page.getByTestId('designer-undo').click();
  await expect.poll(async () => (await selectedBox(page)).x).toBeCloseTo(byKeys.x, 3);
});

test('a text layer with {date} puts the date in its box on the JPG', async ({ page }) => {
  await openDesigner(page);
  await page.getByTestId('designer-add-text').click();
  await page.getByTestId('designer-text-content').fill('{date}');
  const box = await selectedBox(page);
  expect(box.w).toBeGreaterThan(0.1);
  await saveDesign(page, 'Dated');
  const withDate = await keptStrip(page, 'Dated');
  await page.getByTestId('designer-text-content').fill('');
  await saveDesign(page, 'Dated');
  const without = await keptStrip(page, 'Dated');
  // The date's letters change pixels inside the layer's box and nowhere else.
  const diff = changed(withDate, without, box);
  expect(diff.inside, 'text pixels in the box').toBeGreaterThan(150);
  expect(diff.outside, 'pixels changed outside the box').toBe(0);
});

test('a design exported in one browser profile and imported in another gives the same strip', async ({ page, browser, baseURL }) => {
  await openDesigner(page);
  await page.getByTestId('designer-overlay-input').setInputFiles({ name: 'overlay.png', mimeType: 'image/png', buffer: await overlayPng(page) });
  await expect.poll(async () => (await layers(page)).filter((l) => l.kind === 'overlay').length).toBe(1);
  await page.getByTestId('designer-add-text').click();
  await page.getByTestId('designer-text-content').fill('Ana & Luis · {date}');
  await saveDesign(page, 'Travels');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('designer-export').click()]);
  expect(file.suggestedFilename()).toBe('photobooth-design-travels.zip');
  const zip = await readDownload(file);
  const here = await keptStrip(page, 'Travels');

  const other = await browser.newContext({ baseURL, permissions: ['camera'] });
  try {
    const there = await other.newPage();
    await openDesigner(there);
    await there.getByTestId('designer-import-input').setInputFiles({ name: 'photobooth-design-travels.zip', mimeType: 'application/zip', buffer: zip });
    await expect(there.getByTestId('designer-name')).toHaveValue('Travels');
    await there.getByTestId('designer-save').click();
    await expect(there.getByTestId('designer-message')).not.toBeEmpty();
    const imported = await keptStrip(there, 'Travels');
    expect([imported.width, imported.height]).toEqual([here.width, here.height]);
    let sum = 0;
    for (let i = 0; i < here.data.length; i++) sum += Math.abs(here.data[i]! - imported.data[i]!);
    expect(sum / here.data.length, 'mean difference per channel').toBeLessThan(1);
  } finally {
    await other.close();
  }
});

import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { layers, openDesigner, selectedBox } from './drivers/designer';
import { sidewaysJpeg } from './helpers/backgrounds';
import { hugeOverlayPng, THREE_WINDOWS } from './helpers/designs';
import { tr } from './i18n';

/**
 * Pictures of any size in the strip designer (issue 38), added as a host would, through its file
 * inputs. Both were decoded whole before (up to 128 megapixels: a 512 MB decode for a 128 MP PNG,
 * and the PNG below refused); now they are read as the booth's backdrops are:
 *  - a 192-megapixel overlay PNG (8000×24000, three clear windows; a few hundred KB of file) is read
 *    a few rows at a time, scaled as it is read, with its transparency: its windows become slots;
 *  - a 48-megapixel JPEG logo (8000×6000 stored on its side, EXIF orientation 6) is decoded at a
 *    DCT scale, already small, and kept upright.
 * Memory is the bench's business (tests/bench/picture.bench.ts); this checks what the host sees.
 */
test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });

test('a 192-megapixel overlay PNG keeps its three windows as slots, and a 48-megapixel phone photo becomes an upright logo', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const png = await hugeOverlayPng(8000, 24000);
  expect(png.length, 'the PNG is a few hundred KB').toBeLessThan(1_000_000);
  await openDesigner(page);
  await page.getByTestId('designer-overlay-input').setInputFiles({ name: 'huge-overlay.png', mimeType: 'image/png', buffer: png });
  await expect.poll(async () => (await layers(page)).filter((l) => l.kind === 'overlay').length, { timeout: 120_000, message: 'the overlay is added' }).toBe(1);
  expect((await layers(page)).filter((l) => l.kind === 'photo'), 'a slot for each clear window').toHaveLength(THREE_WINDOWS.length);

  const jpeg = await sidewaysJpeg(browser, [40, 200, 60], [240, 220, 30]);
  const before = (await layers(page)).length;
  await page.getByTestId('designer-picture-input').setInputFiles({ name: 'phone.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByTestId('designer-message')).toHaveText(tr('en', 'designer.msg.pictureAdded'), { timeout: 60_000 });
  expect((await layers(page)).length).toBe(before + 1);
  // The logo is selected, at its own shape: upright 6000×8000 (3:4) on the overlay's 1:3 paper.
  const box = await selectedBox(page);
  expect((box.w * 1) / (box.h * 3), 'the logo’s width over its height').toBeCloseTo(0.75, 1);
});

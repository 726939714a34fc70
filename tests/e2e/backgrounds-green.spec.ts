import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { chooseBackground, regionMean } from './helpers/backgrounds';
import { freeze } from './helpers/beauty';

import { keepPreview, type Region } from './helpers/props';
import { openBooth } from './drivers/booth';

/**
 * The green-screen key (issue 28) on the green-screen clip: the person is cut out by colour, with
 * no model, so it works where the model cannot load.
 */
test.use({ launchOptions: launchWithCamera({ clip: 'face-greenscreen-1280x720.mjpeg' }) });

/** The green screen at the frame's sides, and the person in the middle (the clip: one person before a green screen). */
const SCREEN: Region[] = [
  [0.02, 0.1, 0.12, 0.9],
  [0.88, 0.1, 0.98, 0.9],
];
const PERSON: Region = [0.42, 0.35, 0.58, 0.6];

const greenness = (c: { r: number; g: number; b: number }) => c.g - Math.max(c.r, c.b);

/**
 * How far the person's colours moved, channel by channel (0–255): measured on each picture's own
 * pixels, since the preview may be drawn at another size once a background is on (a slow GPU's
 * frames are scaled down first).
 */
async function personShift(page: import('@playwright/test').Page) {
  const [a, b] = [await regionMean(page, 'camera', PERSON), await regionMean(page, 'keyed', PERSON)];
  return Math.max(Math.abs(a.r - b.r), Math.abs(a.g - b.g), Math.abs(a.b - b.b));
}

async function keyOn(page: import('@playwright/test').Page) {
  await openBooth(page, { drawn: true });
  await page.getByTestId('mirror-preview').uncheck();
  await freeze(page);
  // The key on with no background yet: its controls are on screen (the page, and so the picture,
  // has its final size), the picture still the camera's.
  await page.getByTestId('background-green').check();
  await keepPreview(page, 'camera');
  for (const region of SCREEN) expect(greenness(await regionMean(page, 'camera', region)), 'the clip’s screen is green').toBeGreaterThan(40);
  await chooseBackground(page, 'backdrop:studio');
}

test('with the green key the green screen is replaced and the person is not', async ({ page }) => {
  await keyOn(page);
  await expect
    .poll(async () => {
      await keepPreview(page, 'keyed');
      return greenness(await regionMean(page, 'keyed', SCREEN[0]!));
    })
    .toBeLessThan(10);
  for (const region of SCREEN) expect(greenness(await regionMean(page, 'keyed', region)), `no green left at ${region}`).toBeLessThan(10);
  expect(await personShift(page), 'the person stays').toBeLessThan(6);
});

test.describe('when the person model cannot load (a real 404 from the server)', () => {
  // The browser logs the failed model request (a 404) as a console error.
  test.use({ allowConsoleErrors: [/Failed to load resource.*404/] });

  test('blur and backdrops say why, and the green key still works', async ({ page }) => {
    // The segmenter worker is told to load its runtime from a folder the server does not have
    // (the one message that names it is rewritten on its way to the worker): the server's answer
    // is a real 404, and the model never loads.
    await page.addInitScript(() => {
      const post = Worker.prototype.postMessage as (this: Worker, message: unknown, transfer?: unknown) => void;
      Worker.prototype.postMessage = function (this: Worker, message: unknown, transfer?: unknown) {
        const m = message as { t?: string; method?: string; arg?: { base?: string } } | null;
        if (m?.t === 'call' && m.method === 'load' && typeof m.arg?.base === 'string' && m.arg.base.startsWith('/segmentation/')) {
          m.arg = { base: '/segmentation/missing' };
        }
        post.call(this, message, transfer);
      } as typeof Worker.prototype.postMessage;
    });
    await openBooth(page, { drawn: true });
    await page.getByTestId('mirror-preview').uncheck();
    await chooseBackground(page, 'blur');
    await expect(page.getByTestId('background-picker')).toHaveAttribute('data-model', 'failed', { timeout: 30_000 });
    await expect(page.getByTestId('background-model-failed')).toBeVisible();
    await chooseBackground(page, 'backdrop:pastel');
    await expect(page.getByTestId('background-model-failed')).toBeVisible();
    await chooseBackground(page, 'none');
    await page.getByTestId('background-green').check();
    await freeze(page);
    await keepPreview(page, 'camera');
    await chooseBackground(page, 'backdrop:pastel');
    await expect(page.getByTestId('background-model-failed')).toBeHidden();
    await expect
      .poll(async () => {
        await keepPreview(page, 'keyed');
        return greenness(await regionMean(page, 'keyed', SCREEN[0]!));
      })
      .toBeLessThan(10);
    expect(await personShift(page), 'the person stays').toBeLessThan(6);
  });
});

import { expect, type Locator, type Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import { boxesInView } from './layout';

/** The booth at a party (issue 27): what is in view after a sequence, measured as a person sees it. */

export async function fourShots(page: Page) {
  await page.getByTestId('shot-count').selectOption('4');
  await page.getByTestId('countdown').selectOption('0');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.keyboard.press('Space');
  await expect(page.getByTestId('captured-thumb')).toHaveCount(4, { timeout: 60_000 });
  await expect(page.getByTestId('to-preview')).toBeVisible({ timeout: 30_000 });
}

export async function expectTrayInView(page: Page) {
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled, 'nothing was scrolled').toBe(0);
  const shots = await boxesInView(page, '[data-testid="captured-thumb"], [data-testid="to-preview"]');
  expect(shots, 'the four photos and the way on, in view').toHaveLength(5);
  for (const s of shots) expect(s, `${s.id} in view`).toMatchObject({ inView: true });
}

/** The frames' pinks ('hearts' in src/features/strip/frames.ts). */
const HEART_PINKS = [
  [249, 168, 212],
  [251, 207, 232],
  [253, 164, 175],
  [233, 213, 255],
];

/**
 * Share of the pixels in the outer band (6% of the short side) of what the screen shows of
 * `locator` that are one of the hearts frame's pinks: a screenshot, decoded, as a person sees it.
 */
export async function heartPinkAtEdges(locator: Locator): Promise<number> {
  const img = jpeg.decode(await locator.screenshot({ type: 'jpeg', quality: 95 }), { useTArray: true });
  const band = Math.max(2, Math.round(Math.min(img.width, img.height) * 0.06));
  let edge = 0;
  let pink = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (x >= band && y >= band && x < img.width - band && y < img.height - band) continue;
      edge++;
      const i = (y * img.width + x) * 4;
      const [r, g, b] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
      if (HEART_PINKS.some(([pr, pg, pb]) => Math.hypot(r - pr!, g - pg!, b - pb!) < 25)) pink++;
    }
  }
  return pink / edge;
}

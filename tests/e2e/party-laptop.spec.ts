import { launchWithCamera } from './env';
import { expect, test } from './fixtures';

import { expectTrayInView, fourShots, heartPinkAtEdges } from './helpers/party';
import { openBooth } from './drivers/booth';

/** A laptop at 1280×800 with a landscape camera, at a party (issue 27). */
test.use({ viewport: { width: 1280, height: 800 }, launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });

test('after a 4-shot sequence the photos, each retake and the way on are in view, and Enter goes on to the strip', async ({ page }) => {
  test.setTimeout(120_000);
  await openBooth(page);
  await fourShots(page);
  await expectTrayInView(page);
  for (let i = 1; i <= 4; i++) await expect(page.getByTestId(`retake-${i}`)).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/preview$/);
});

test('a frame chosen in the booth is drawn over the edges of the live picture, and the strip has it', async ({ page }) => {
  test.setTimeout(90_000);
  await openBooth(page);
  const picture = page.getByTestId('booth-picture');
  const before = await heartPinkAtEdges(picture);
  await page.getByTestId('booth-frame').selectOption('hearts');
  await expect(page.getByTestId('frame-guide')).toHaveAttribute('data-frame', 'hearts');
  const after = await heartPinkAtEdges(picture);
  expect(before, 'no frame: the picture’s edges are the camera’s').toBeLessThan(0.03);
  expect(after - before, 'the hearts frame along the picture’s edges').toBeGreaterThan(0.05);

  await page.getByTestId('shot-count').selectOption('1');
  await page.getByTestId('countdown').selectOption('0');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('to-preview')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('radio', { name: 'Pastel hearts' })).toBeChecked();
  await expect(page.getByTestId('strip-canvas')).toBeVisible();
  await expect.poll(() => heartPinkAtEdges(page.getByTestId('strip-canvas')), { message: 'the strip has the frame chosen in the booth' }).toBeGreaterThan(0.05);
});

import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { previewInView, useEveryControl } from './helpers/layout';
import { openBooth } from './drivers/booth';

/** Laptops with a landscape camera: the preview stays beside the controls, never scrolled away. */
test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
]) {
  test.describe(`on a laptop at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the preview is fully in view at load and stays in view through every control', async ({ page }) => {
      test.setTimeout(120_000);
      await openBooth(page);
      expect((await previewInView(page)).share).toBe(1);
      await useEveryControl(page, false);
    });
  });
}

test('full screen: the stage alone (preview, shutter, filters), larger, and back', async ({ page }) => {
  await openBooth(page);
  const before = await previewInView(page);
  await page.getByTestId('fullscreen').click();
  await expect.poll(() => page.evaluate(() => (document.fullscreenElement as HTMLElement | null)?.dataset.testid ?? null)).toBe('booth-stage-col');
  await expect(page.getByTestId('fullscreen')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('start-capture')).toBeVisible();
  await expect(page.getByTestId('filter-picker')).toBeVisible();
  await expect.poll(async () => (await previewInView(page)).height).toBeGreaterThan(before.height);
  await page.getByTestId('fullscreen').click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
});

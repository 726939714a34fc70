import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { openBooth, previewInView, useEveryControl } from './helpers/layout';

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

import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { expectSteadyStage } from './helpers/layout';
import { openBooth } from './drivers/booth';

/**
 * A 4:3 webcam on a laptop: the stage keeps the 16:9 shape the prerendered page gave it, and the
 * picture is fitted in it with bars. Before, the centred stage took the camera's shape when its
 * first frame came: a layout shift of 0.032 at 1280×720.
 */
test.use({ launchOptions: launchWithCamera({ clip: 'face-640x480.mjpeg' }), viewport: { width: 1280, height: 720 } });

test('a 4:3 camera: the stage does not move when the camera starts; the whole picture shows, centred', async ({ page }) => {
  await openBooth(page);
  await expectSteadyStage(page, 16 / 9, 4 / 3);
});

test.describe('in a tall window', () => {
  test.use({ viewport: { width: 600, height: 900 } });
  test('a camera the other way round (landscape on a portrait screen) reshapes the stage, rather than showing a small picture', async ({ page }) => {
    await openBooth(page);
    await expect(page.getByTestId('booth-picture')).toHaveAttribute('data-shown', 'true');
    const outer = (await page.locator('.booth-screen').boundingBox())!;
    const inner = (await page.getByTestId('booth-canvas').boundingBox())!;
    expect(outer.width / outer.height).toBeCloseTo(4 / 3, 1);
    expect(inner.width).toBeCloseTo(outer.width, 0);
    expect(inner.height).toBeCloseTo(outer.height, 0);
  });
});

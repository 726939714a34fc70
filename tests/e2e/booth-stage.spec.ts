import { launchWithCamera } from './env';
import { test } from './fixtures';
import { expectSteadyStage, openBooth } from './helpers/layout';

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

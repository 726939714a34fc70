import { launchWithCamera } from './env';
import { expect, expectOnlyOwnOrigin, test } from './fixtures';
import { enableBeauty, freeze, meanDiff, setLevels, shoot } from './helpers/beauty';
import { tr } from './i18n';
import { openBooth } from './drivers/booth';

// Beauty with no face in view (a coffee cup): every effect is the face's, so none may touch the frame.
test.use({ launchOptions: launchWithCamera({ clip: 'noface-640x480.mjpeg' }) });
test.describe.configure({ timeout: 120_000 });


test('every beauty control at 100 leaves the frame identical to beauty off, with a hint', async ({ page, requests, baseURL }) => {
  await openBooth(page, { shots: 1, countdown: 0 });
  await enableBeauty(page);
  await setLevels(page, { smooth: 100, brightness: 100, enhance: 100, slim: 100, eyes: 100, lips: 100, blush: 100, teeth: 100, eyeWhites: 100 });
  await expect(page.getByTestId('beauty-noface')).toHaveText(tr('en', 'beauty.noFace'), { timeout: 30_000 });
  await freeze(page);
  const on = await shoot(page);
  await page.getByTestId('beauty-enable').uncheck();
  const off = await shoot(page);
  expect([on.width, on.height]).toEqual([640, 480]);
  expect(meanDiff(on, off, 0, 0, on.width, on.height)).toBe(0);
  expectOnlyOwnOrigin(requests, new URL(baseURL!).origin);
});

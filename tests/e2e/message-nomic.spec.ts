import { BASE_ARGS, clip } from './env';
import { expect, test } from './fixtures';
import { openBooth } from './drivers/booth';
import { probe } from './helpers/message';

/**
 * The microphone refused, for real: the camera is granted, the microphone is not, and Chromium
 * without its fake permission prompt refuses what was not granted.
 */
test.use({
  launchOptions: { executablePath: '/usr/bin/chromium', args: [...BASE_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${clip('message-sync-1280x720.mjpeg')}`] },
  permissions: ['camera'],
  acceptDownloads: true,
});

test('the microphone refused: the booth says so and the message has no sound', async ({ page }) => {
  test.setTimeout(180_000);
  await openBooth(page);
  await page.getByTestId('message-record').click();
  await expect(page.getByTestId('message-live')).toHaveAttribute('data-phase', 'recording', { timeout: 30_000 });
  await expect(page.getByTestId('message-no-mic')).toBeVisible();
  await page.getByTestId('message-stop').click();
  await expect(page.getByTestId('message-review-no-mic')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('message-keep').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('message-download').click()]);
  const path = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(path);
  const p = probe(path);
  expect(p.video?.codec).toBe('h264');
  expect(p.audio, 'no audio stream').toBeUndefined();
});

import { expect, test } from './fixtures';
import { openBooth } from './drivers/booth';
import { keepAndDownload, MESSAGE_BROWSER, probe, record, storedMessageFiles } from './helpers/message';

/**
 * Video messages (issue 53) from the sync fixtures, read by Debian's ffprobe and ffmpeg: the review,
 * the MediaRecorder path. (The look burned in: message-look.spec.ts; sound and picture in sync:
 * message-sync.spec.ts, which runs alone.)
 */
test.use(MESSAGE_BROWSER);

test('review: Record again keeps nothing of the first, Esc while recording keeps nothing', async ({ page }) => {
  test.setTimeout(180_000);
  await openBooth(page);
  await record(page, 2);
  // No photo while a message waits for review: the shutter is off until it is kept or dropped.
  await expect(page.getByTestId('start-capture')).toBeDisabled();
  // The review plays it back: the file opens in the page's own player, with its length.
  const video = page.getByTestId('message-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000, message: 'the review can play the recording' }).toBeGreaterThanOrEqual(2);
  const length = await video.evaluate((v: HTMLVideoElement) => v.duration);
  expect(length, 'the recording under review lasts what was recorded').toBeGreaterThan(1.5);
  expect(length).toBeLessThan(6);
  expect(await storedMessageFiles(page), 'the recording under review is a file on the device').toHaveLength(1);
  await page.getByTestId('message-again').click();
  await expect(page.getByTestId('message-live')).toHaveAttribute('data-phase', 'recording', { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('message-live')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId('message-review')).toBeHidden();
  await expect(page.getByTestId('message-kept')).toHaveCount(0);
  await expect.poll(() => storedMessageFiles(page), { message: 'nothing of either recording is left' }).toEqual([]);
  // Esc did not reach the booth's own keys as a shutter: no photo was taken.
  await expect(page.getByTestId('captured-thumb')).toHaveCount(0);
});

test('WebCodecs taken away (test build): MediaRecorder makes the message, says its format, and ffprobe reads it', async ({ page }) => {
  test.setTimeout(180_000);
  await openBooth(page);
  await page.evaluate(() => window.__pbTest!.messageWithoutWebCodecs());
  await record(page, 3);
  const format = await page.getByTestId('message-format').textContent();
  const file = await keepAndDownload(page);
  const p = probe(file);
  console.log('MediaRecorder message', file, JSON.stringify(p), format);
  expect(p.video, 'a video stream').toBeTruthy();
  expect(p.audio, 'and its sound').toBeTruthy();
  expect(format).toContain(file.endsWith('.webm') ? 'WebM' : 'MP4');
  expect(p.duration).toBeGreaterThan(2);
});

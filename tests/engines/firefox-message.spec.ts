import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from 'puppeteer-core';
import { ALLOWED_CONSOLE_ERRORS } from '../e2e/fixtures';
import { lastAudioTime, probe, soundLevel, videoFigures } from '../e2e/helpers/message';
import { useClipCamera } from './harness/clipCamera';
import { download, openFirefoxBooth, previewStats, waitFor } from './harness/ffBooth';
import { launchFirefox, type FirefoxSession } from './harness/firefox';

// A video message in Firefox ESR (issue 53): Firefox has no MediaStreamTrackProcessor, so the
// booth takes its MediaRecorder path and says which format it made. The camera is a fixture clip
// (harness/clipCamera.ts); the microphone is Firefox's own fake one, a steady tone. Judged on the
// file as ffmpeg reads it: a video stream and a sound stream, as long as the recording (and saying
// so in its header), the
// black-and-white filter in its frames, the tone in its sound.
test.describe.configure({ timeout: 150_000 });

let ff: FirefoxSession;
let page: Page;

test.beforeAll(async () => {
  ff = await launchFirefox();
  page = ff.page;
  await useClipCamera(page, 'face-640x480.mjpeg');
});
test.afterAll(async () => ff?.close());

test('Firefox: a message recorded with the black-and-white filter, kept and downloaded, is a video with sound that ffmpeg plays', async ({ baseURL }) => {
  await openFirefoxBooth(page, `${baseURL}/photobooth`);
  await page.keyboard.press('2');
  await waitFor(async () => (await previewStats(page)).saturation < 0.05, 'the black-and-white preview', 20_000);

  await page.waitForSelector('[data-testid="message-record"]:not([disabled])', { timeout: 20_000 });
  await page.click('[data-testid="message-record"]');
  await page.waitForSelector('[data-testid="message-live"][data-phase="recording"]', { timeout: 30_000 });
  const from = Date.now();
  await page.waitForFunction(() => /0:0[4-9]/.test(document.querySelector('[data-testid="message-timer"]')?.textContent ?? ''), { timeout: 40_000 });
  await page.keyboard.press(' ');
  const took = (Date.now() - from) / 1000;
  await page.waitForSelector('[data-testid="message-review"]', { timeout: 30_000 });
  const format = await page.$eval('[data-testid="message-format"]', (e) => e.textContent ?? '');
  // The review plays the file back.
  await waitFor(() => page.evaluate(() => (document.querySelector<HTMLVideoElement>('[data-testid="message-video"]')?.readyState ?? 0) >= 2), 'the review can play it', 20_000);
  await page.click('[data-testid="message-keep"]');
  const file = await download(ff.downloads, () => page.click('[data-testid="message-download"]'), /-message\.(webm|mp4)$/, 60_000);
  expect(format, 'the booth says which format it made').toContain(file.name.endsWith('.webm') ? 'WebM' : 'MP4');

  const dir = mkdtempSync(join(tmpdir(), 'pb-ff-message-'));
  try {
    const path = join(dir, file.name);
    writeFileSync(path, file.bytes);
    const p = probe(path);
    const v = videoFigures(path);
    const level = soundLevel(path);
    console.log(`Firefox message ${file.name} (${(file.bytes.length / 1e6).toFixed(2)} MB): ${JSON.stringify(p)}; ${v.times.length} frames over ${v.times.at(-1)?.toFixed(2)} s; recorded ${took.toFixed(2)} s; spread ${v.spread.toFixed(1)}; sound RMS ${level.toFixed(3)}; "${format}"`);
    // The sound to the end too (a file whose last piece was lost ended a second early, sound and picture alike).
    const lastAudio = lastAudioTime(path);
    expect(Math.abs(lastAudio - took) / took, 'the last sound near the end of the recording').toBeLessThan(0.2);
    expect(['vp8', 'vp9', 'av1', 'h264']).toContain(p.video?.codec);
    expect(['opus', 'vorbis', 'aac']).toContain(p.audio?.codec);
    expect(v.times.length, 'frames all through the message').toBeGreaterThan(took * 5);
    expect(Math.abs(v.times.at(-1)! - took) / took, 'the last frame near the end of the recording').toBeLessThan(0.2);
    // Its length is in the file (a recorder's WebM has none until the booth writes it: webmDuration.ts).
    expect(Math.abs(p.duration - took) / took, `the file says how long it is (${p.duration} s)`).toBeLessThan(0.1);
    expect(v.spread, 'black and white frames').toBeLessThan(6);
    expect(level, 'the microphone is heard').toBeGreaterThan(0.01);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(ff.errors.filter((e) => !ALLOWED_CONSOLE_ERRORS.some((re) => re.test(e)))).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe, soundLevel, videoFigures } from '../e2e/helpers/message';
import { launchWebKit, type WebKitSession } from './harness/webkit';
import { blobBytes, openWebKitBooth, pictureFigures, shoot, type PictureFigures } from './harness/wkBooth';

// The booth in WebKit (iPhone and iPad: every browser there is WebKit) with WebKit's own mock
// camera and microphone (harness/webkit.ts, camera: true): a 1280×720 test card — black, a white
// disc, a running timer in white text, colour bars — and a tone. It shows no face, so these checks
// are of the camera's picture and sound: photos, the filter keys, video messages, and the faults
// that must never leave a black photo or an empty file kept. One browser for the file, in order.
test.describe.configure({ mode: 'default', timeout: 120_000 });

let wk: WebKitSession;
test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  wk = await launchWebKit({ camera: true });
  await openWebKitBooth(wk, `${baseURL}/photobooth`);
});
test.afterAll(async () => wk?.close());

/** The first photo's figures: which way up the card is (its colour bars below the middle). */
let upright: PictureFigures | null = null;
const clearFaults = () => wk.execute(() => window.__pbTest!.faults.clear());

test('WebKit: a photo shows the camera’s picture (its white disc and text); keys 1–9 choose their filters, and after key 2 the photo is grey', async () => {
  const shot = await shoot(wk);
  expect(shot, 'a photo, not a notice').toHaveProperty('url');
  const colour = (upright = await pictureFigures(wk, (shot as { url: string }).url));
  expect([colour.width, colour.height]).toEqual([1280, 720]);
  expect(colour.maxLuma, 'not black').toBeGreaterThan(200);
  expect(colour.white, 'the white disc and text').toBeGreaterThan(0.02);
  expect(colour.saturation, 'the colour bars').toBeGreaterThan(0.01);

  // Keys 1–9 each choose the filter whose tile shows that key.
  for (const key of ['9', '8', '7', '6', '5', '4', '3', '2']) {
    await wk.keys(key);
    await wk.waitFor(
      () => wk.execute((k: string) => document.querySelector('.filter-option[aria-checked="true"] .filter-key')?.textContent === k, key),
      `key ${key}: its filter chosen`,
    );
  }
  await wk.waitFor(() => wk.execute(() => !!document.querySelector('[data-testid="filter-grayscale"][aria-checked="true"]')), 'key 2: the black-and-white filter chosen');
  const grey = await pictureFigures(wk, ((await shoot(wk)) as { url: string }).url);
  expect(grey.maxLuma, 'not black').toBeGreaterThan(200);
  expect(grey.white, 'the white disc and text').toBeGreaterThan(0.02);
  expect(grey.saturation, 'grey: no colour left').toBeLessThan(0.02);
  await wk.keys('1');
});

test('WebKit: a photo whose still reads black is taken again from the video; black every way, it is named and not kept', async () => {
  // SIMULATED FAULT (test seam): the still (createImageBitmap of the <video>) comes back black.
  await wk.execute(() => window.__pbTest!.faults.photoReadsBlack('still'));
  try {
    const retaken = await shoot(wk);
    expect(retaken, 'a photo, not a notice').toHaveProperty('url');
    const f = await pictureFigures(wk, (retaken as { url: string }).url);
    expect(f.maxLuma, 'the camera’s picture, not black').toBeGreaterThan(200);
    expect(f.white).toBeGreaterThan(0.02);
    // The right way up, as a photo taken the usual way (the retake reads the camera another way):
    // the card's colour bars below its middle.
    expect(upright!.colourY, 'the usual photo: colour bars below the middle').toBeGreaterThan(0.55);
    expect(f.colourY, 'the retaken photo: colour bars below the middle').toBeGreaterThan(0.55);

    // SIMULATED FAULT: every upload a photo makes is black, while the preview shows the card.
    await wk.execute(() => window.__pbTest!.faults.photoReadsBlack('every'));
    const before = await wk.execute(() => document.querySelectorAll('[data-testid="captured-thumb"]').length);
    const refused = await shoot(wk);
    expect(refused).toEqual({ notice: 'capture-black' });
    expect(await wk.text('[data-testid="capture-black"]')).toMatch(/black/);
    expect(await wk.execute(() => document.querySelectorAll('[data-testid="captured-thumb"]').length), 'nothing kept').toBe(before);
  } finally {
    await clearFaults();
  }
});

/** Records a message of about `seconds`, stops it with Space; resolves with what the booth shows then. */
async function recordMessage(seconds: number): Promise<{ took: number; shown: 'review' | 'failed' }> {
  await wk.waitFor(() => wk.execute(() => !!document.querySelector('[data-testid="message-record"]:not([disabled])')), 'Record a video message', 30_000);
  // The recording's length as the page lived it: from the moment the booth shows it recording to
  // the moment the page hears Space (WebDriver's round trips would add ~0.2 s to a clock kept here).
  await wk.execute(() => {
    const w = window as unknown as { __recAt?: number; __spaceAt?: number };
    delete w.__recAt;
    delete w.__spaceAt;
    const seen = () => document.querySelector('[data-testid="message-live"][data-phase="recording"]') && (w.__recAt ??= performance.now());
    new MutationObserver((_, o) => seen() && o.disconnect()).observe(document.body, { subtree: true, childList: true, attributes: true });
    const heard = (e: KeyboardEvent) => e.key === ' ' && ((w.__spaceAt ??= performance.now()), window.removeEventListener('keydown', heard, true));
    window.addEventListener('keydown', heard, true);
  });
  await wk.click('[data-testid="message-record"]');
  await wk.waitFor(() => wk.execute((s: number) => new RegExp(`0:0[${s}-9]`).test(document.querySelector('[data-testid="message-timer"]')?.textContent ?? ''), seconds), `${seconds} s on the timer`, 40_000);
  await wk.keys(' ');
  const took = await wk.execute<number>(() => {
    const w = window as unknown as { __recAt: number; __spaceAt: number };
    return (w.__spaceAt - w.__recAt) / 1000;
  });
  const shown = (await wk.waitFor(
    () => wk.execute<string | null>(() => (document.querySelector('[data-testid="message-review"]') ? 'review' : document.querySelector('[data-testid="message-failed"]') ? 'failed' : null)),
    'the review or the failure',
    40_000,
  )) as 'review' | 'failed';
  return { took, shown };
}

test('WebKit: a video message is an MP4 with picture and sound, as long as the recording', async () => {
  const { took, shown } = await recordMessage(5);
  expect(shown).toBe('review');
  expect(await wk.text('[data-testid="message-format"]')).toContain('MP4');
  const pace = await wk.execute<string>(() => document.querySelector('[data-testid="message-fps"]')?.textContent ?? '');
  const file = await blobBytes(wk, await wk.execute<string>(() => document.querySelector<HTMLVideoElement>('[data-testid="message-video"]')!.src));
  const dir = mkdtempSync(join(tmpdir(), 'pb-wk-message-'));
  try {
    const path = join(dir, 'message.mp4');
    writeFileSync(path, file);
    const p = probe(path);
    const v = videoFigures(path);
    console.log(`WebKit message: ${JSON.stringify(p)}; ${v.times.length} frames; recorded ${took.toFixed(2)} s; sound RMS ${soundLevel(path).toFixed(3)}; the review: "${pace}"`);
    expect(p.video?.codec).toBe('h264');
    expect(['aac', 'opus']).toContain(p.audio?.codec);
    // Within 5 % when WebKit runs alone; the page's clock here starts at the recording shown on
    // screen, after the encoders started, so a loaded machine reads up to ~0.3 s short of the file.
    expect(Math.abs(p.duration - took) / took, `${p.duration} s for ${took.toFixed(2)} s recorded`).toBeLessThan(0.08);
    // The camera's size (its 1280×720), with frames all through it: WebKitGTK on Xvfb, with no
    // GPU, draws about one such frame a second, and the review says so.
    expect([p.video?.width, p.video?.height], 'the camera’s size').toEqual([1280, 720]);
    expect(v.times.length, 'frames').toBeGreaterThanOrEqual(3);
    expect(v.times.at(-1)!, 'the last frame near the end').toBeGreaterThan(took * 0.8);
    const fps = (v.times.length - 1) / (v.times.at(-1)! - v.times[0]!);
    if (fps < 27) expect(pace, `the review names the rate (the file has ${fps.toFixed(1)} a second)`).toMatch(/\d+ frames a second/);
    expect(soundLevel(path), 'the microphone is heard').toBeGreaterThan(0.01);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await wk.click('[data-testid="message-discard"]');
});

test('WebKit: a message whose file cannot be finished is named and not kept', async () => {
  // SIMULATED FAULT (test seam): the MP4's index is never written (the muxer's last write lost).
  // (WebKitGTK's own MediaRecorder makes empty files for real: the booth tries it on a small canvas
  // before choosing it, finds nothing recorded, and records through WebCodecs instead.)
  await wk.executeAsync(() => window.__pbTest!.faults.messageNotFinished());
  try {
    expect((await recordMessage(2)).shown).toBe('failed');
    expect(await wk.text('[data-testid="message-failed"]')).toMatch(/could not be recorded/);
    expect(await wk.execute(() => document.querySelectorAll('[data-testid="message-kept"], [data-testid="message-review"]').length), 'nothing kept').toBe(0);
  } finally {
    await clearFaults();
  }
});

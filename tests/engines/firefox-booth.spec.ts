import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from 'puppeteer-core';
import { builtinTemplate } from '../../src/features/strip/template/builtins';
import { photoLayers } from '../../src/features/strip/template/model';
import { ALLOWED_CONSOLE_ERRORS } from '../e2e/fixtures';
import { tr } from '../e2e/i18n';
import { useClipCamera } from './harness/clipCamera';
import { launchFirefox, type FirefoxSession } from './harness/firefox';
import { boxAround, CORNERS, decode, EYES, FACE, photoDiff, photoIn } from './harness/pictures';
import {
  download,
  freezeCamera,
  jpegSize,
  keepPreview,
  keptDiff,
  keptSharpness,
  liveFaces,
  openFirefoxBooth,
  previewStats,
  resumeCamera,
  shootOne,
  stillFaces,
  takeSequence,
  waitFor,
  type Region,
} from './harness/ffBooth';

// Firefox ESR as the booth, a guest's whole visit in one browser: the live preview and its filter,
// a face-tracked prop and the beauty retouch, a sequence to a print-size strip JPG, a boomerang that
// ffmpeg decodes, and a strip design made in the designer. Firefox's own fake camera is a plain
// moving colour with no face: a preload script (harness/clipCamera.ts) answers getUserMedia with a
// canvas stream of a fixture clip's frames, so MediaPipe finds a real face; the app's own path from
// the stream on is the real one. Everything is judged on what a person gets: the preview's decoded
// pixels (through the test seam), the saved photos and downloaded files, visible text.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let ff: FirefoxSession;
let page: Page;
let base: string;

test.beforeAll(async ({ baseURL }) => {
  base = baseURL!;
  ff = await launchFirefox();
  page = ff.page;
  await useClipCamera(page, 'face-640x480.mjpeg');
});
test.afterAll(async () => ff?.close());

/**
 * Errors the page reported, less the harmless ones, each named: MediaPipe's wasm logs "INFO:
 * Created TensorFlow Lite XNNPACK delegate for CPU." through console.error (as in Chromium).
 */
const pageErrors = () => ff.errors.filter((e) => !ALLOWED_CONSOLE_ERRORS.some((re) => re.test(e)));

test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status !== testInfo.expectedStatus) await page.screenshot({ path: testInfo.outputPath('firefox.png') }).catch(() => undefined);
  // No page error through any step (uncaught exceptions, rejections, console errors).
  expect(pageErrors()).toEqual([]);
});

/** Clicks the button whose visible text is exactly `text` (a real pointer click). */
async function clickButton(text: string): Promise<void> {
  const handle = await page.waitForFunction((t) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === t && !b.disabled), { timeout: 20_000 }, text);
  await (handle as unknown as { click(): Promise<void> }).click();
}

/** P steps to the next prop, Shift+P to the previous one; the picker shows `id` after. */
async function propKey(key: 'p' | 'P', id: string): Promise<void> {
  if (key === 'P') await page.keyboard.down('Shift');
  await page.keyboard.press(key);
  if (key === 'P') await page.keyboard.up('Shift');
  await page.waitForSelector(`[data-testid="prop-picker"][data-prop="${id}"]`);
}


test('Firefox: a sequence gives the print-size strip JPG with the photos in it, and a boomerang that ffmpeg decodes', async () => {
  await openFirefoxBooth(page, `${base}/photobooth`);
  // The print dialog is there to call (Ctrl+P prints the strip).
  expect(await page.evaluate(() => typeof window.print)).toBe('function');
  await page.waitForSelector('[data-testid="motion-on"]:not([disabled])', { timeout: 15_000 });
  await page.click('[data-testid="motion-on"]');
  await page.select('[data-testid="shot-count"]', '2');
  await page.select('[data-testid="countdown"]', '0');
  await takeSequence(page, 2, 60_000);
  await waitFor(() => page.evaluate(() => document.querySelectorAll('[data-testid="motion-loop"]').length === 2), 'both shots kept a burst', 30_000);

  await page.click('[data-testid="to-preview"]');
  await page.waitForSelector('[data-testid="strip-canvas"]:not([data-renders="0"])', { timeout: 20_000 });
  await page.waitForSelector('[data-testid="strip-canvas"][data-drawn-layout="classic"]', { timeout: 20_000 });

  // The strip JPG at the default size (HD): the classic 2×6 in strip at 1200×3600, a photo in each slot.
  const strip = await download(ff.downloads, () => clickButton(tr('en', 'strip.downloadJpg')), /\.jpg$/);
  expect(jpegSize(strip.bytes)).toEqual({ width: 1200, height: 3600 });
  const img = decode(strip.bytes);
  for (const [i, slot] of photoLayers(builtinTemplate('classic', 2, '#ffffff')).entries()) {
    expect(photoIn(img, slot).spread, `strip slot ${i + 1} holds a photo`).toBeGreaterThan(40);
  }

  // A boomerang: MP4 where this Firefox really encodes H.264, else a GIF, and then the page says so.
  await page.waitForSelector('[data-testid="motion-panel"]', { visible: true, timeout: 20_000 });
  // The panel offers GIF until the browser has answered whether it can encode H.264 (a one-frame
  // probe): then MP4 is chosen, or a hint says why not.
  await page.waitForSelector('[data-testid="motion-panel"][data-format="mp4"], [data-testid="motion-panel"] .hint', { timeout: 20_000 });
  const format = await page.$eval('[data-testid="motion-panel"]', (p) => p.getAttribute('data-format'));
  const hint = await page.$eval('[data-testid="motion-panel"]', (p) => p.querySelector('.hint')?.textContent ?? '');
  if (format === 'gif') expect([tr('en', 'motion.mp4Why.noH264'), tr('en', 'motion.mp4Why.noWebCodecs')]).toContain(hint);
  else expect(format).toBe('mp4');
  const boomerang = await download(ff.downloads, () => page.click('[data-testid="motion-save-1"]'), new RegExp(`-boomerang-1\\.${format}$`), 90_000);
  const dir = mkdtempSync(join(tmpdir(), 'pb-ff-motion-'));
  try {
    const file = join(dir, boomerang.name);
    writeFileSync(file, boomerang.bytes);
    const probe = JSON.parse(
      execFileSync('/usr/bin/ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height,nb_read_frames', '-of', 'json', file], { encoding: 'utf8' }),
    ) as { streams: { codec_name: string; width: number; height: number; nb_read_frames: string }[] };
    const [stream] = probe.streams;
    console.log(`Firefox boomerang: ${boomerang.name}`, stream);
    expect(stream?.codec_name).toBe(format === 'mp4' ? 'h264' : 'gif');
    expect(Number(stream?.nb_read_frames), 'decoded frames').toBeGreaterThan(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("Firefox: a two-slot design made in the designer is the strip's layout; its JPG has the design's size and a photo in each slot", async () => {
  await page.goto(`${base}/designer`);
  await page.waitForSelector('[data-testid="designer-stage"]', { timeout: 20_000 });
  await page.waitForSelector('[data-testid="designer-save"]:not([disabled])');
  await page.waitForSelector('[data-testid="designer-canvas"]:not([data-renders="0"])');
  // Landscape 6×4 in paper, and one of the three photo slots deleted.
  await page.select('select:has(option[value="landscape"])', 'landscape');
  const photoSlots = () => page.$$eval('[data-testid="designer-layer"][data-kind="photo"]', (l) => l.length);
  expect(await photoSlots()).toBe(3);
  await page.click('.designer-layer-row:has([data-testid="designer-layer"][data-kind="photo"]) > button:last-child');
  await waitFor(async () => (await photoSlots()) === 2, 'two photo slots left');
  const name = 'Firefox two';
  await page.type('[data-testid="designer-name"]', name);
  await page.click('[data-testid="designer-save"]');
  await waitFor(() => page.$eval('[data-testid="designer-message"]', (m) => m.textContent?.trim()), 'the design saved');

  await page.click('[data-testid="designer-to-strip"]');
  await page.waitForSelector('[data-testid="strip-canvas"][data-drawn-layout^="my-"]', { timeout: 20_000 });
  // The design is chosen on the strip page (its radio, by its name).
  expect(await page.evaluate((n) => [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === n)?.querySelector('input')?.checked, name)).toBe(true);
  // Its slots, as kept on the device.
  const slots = await page.evaluate(async (n) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('photobooth-designs');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const all = await new Promise<{ template: { name: string; layers: { kind: string; x: number; y: number; w: number; h: number }[] } }[]>((resolve, reject) => {
      const req = db.transaction('designs').objectStore('designs').getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return all.find((d) => d.template.name === n)!.template.layers.filter((l) => l.kind === 'photo');
  }, name);
  expect(slots).toHaveLength(2);

  const strip = await download(ff.downloads, () => clickButton(tr('en', 'strip.downloadJpg')), /\.jpg$/);
  // 6×4 in at the default size (HD: a 3600 px long side).
  expect(jpegSize(strip.bytes)).toEqual({ width: 3600, height: 2400 });
  const img = decode(strip.bytes);
  for (const [i, slot] of slots.entries()) expect(photoIn(img, slot).spread, `design slot ${i + 1} holds a photo`).toBeGreaterThan(40);
});

test('Firefox: key 2 turns the preview black and white; a prop and the beauty retouch change the preview and the photo around the face; a blurred background runs the segmenter', async () => {
  await openFirefoxBooth(page, `${base}/photobooth`);
  // Stills only: the tab is the sequence test's, and motion stays on for the tab's session (a burst
  // around each shot of the frozen camera below would make each photo a loop, not a picture).
  await page.waitForSelector('[data-testid="motion-on"]:not([disabled])', { timeout: 15_000 });
  if (await page.$eval('[data-testid="motion-on"]', (c) => (c as HTMLInputElement).checked)) await page.click('[data-testid="motion-on"]');
  await page.waitForSelector('[data-testid="motion-on"]:not(:checked)');
  await page.select('[data-testid="shot-count"]', '1');
  await page.select('[data-testid="countdown"]', '0');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  // Key 2: Grayscale. The preview's colour goes (saturation near zero), where it clearly had some.
  await page.keyboard.press('1');
  await page.waitForSelector('[data-testid="filter-none"][aria-checked="true"]');
  const colour = await previewStats(page);
  await page.keyboard.press('2');
  await page.waitForSelector('[data-testid="filter-grayscale"][aria-checked="true"]');
  const grey = await previewStats(page);
  console.log(`Firefox preview saturation: ${colour.saturation.toFixed(3)} → ${grey.saturation.toFixed(3)} (key 2)`);
  expect(colour.saturation, 'the camera picture in colour').toBeGreaterThan(0.1);
  expect(grey.saturation, 'black and white after key 2').toBeLessThan(0.01);
  await page.keyboard.press('1');
  await page.waitForSelector('[data-testid="filter-none"][aria-checked="true"]');

  // Key P twice: Sunglasses. MediaPipe tracks the clip's face; then the camera is frozen so every preview
  // and photo below is of one frame.
  await propKey('p', 'glasses');
  await propKey('p', 'sunglasses');
  await waitFor(async () => (await liveFaces(page)).length === 1, 'the face tracked', 60_000);
  await freezeCamera(page);
  await keepPreview(page, 'withSunglasses');
  const [face] = await liveFaces(page);
  await propKey('P', 'glasses');
  await propKey('P', 'none');
  await keepPreview(page, 'plainPreview');
  const eyesOnScreen = boxAround(face!, EYES, 0.1, true);
  const glassesShown = await keptDiff(page, 'withSunglasses', 'plainPreview', eyesOnScreen);
  const cornerShown = await keptDiff(page, 'withSunglasses', 'plainPreview', CORNERS[0]!);
  console.log(`Firefox sunglasses on the preview: eyes ${glassesShown.toFixed(1)}, corner ${cornerShown.toFixed(2)}`);
  expect(glassesShown, 'the preview has sunglasses over the eyes').toBeGreaterThan(30);
  expect(cornerShown, 'nothing changes far from the face').toBeLessThan(1);

  // Photos of the frozen frame: plain, with sunglasses, with the retouch (brightness and smoothing at full).
  const plain = decode(await shootOne(page));
  const [stillFace] = await stillFaces(page);
  expect(stillFace, "the still's landmarks").toHaveLength(478);
  await propKey('p', 'glasses');
  await propKey('p', 'sunglasses');
  const glasses = decode(await shootOne(page));
  await propKey('P', 'glasses');
  await propKey('P', 'none');
  await page.click('[data-testid="beauty-enable"]');
  await page.waitForSelector('[data-testid="beauty-panel"][data-model="ready"]', { timeout: 60_000 });
  for (const level of ['brightness', 'smooth']) {
    await page.focus(`input[data-level="${level}"]`);
    await page.keyboard.press('End');
    await waitFor(() => page.$eval(`input[data-level="${level}"]`, (i) => (i as HTMLInputElement).value === '100'), `${level} at 100`);
  }
  await keepPreview(page, 'retouched');
  const faceOnScreen = boxAround(face!, FACE, 0, true);
  const retouchShown = await keptDiff(page, 'retouched', 'plainPreview', faceOnScreen);
  console.log(`Firefox retouch on the preview: face ${retouchShown.toFixed(1)}`);
  expect(retouchShown, 'the preview retouches the face').toBeGreaterThan(3);
  const retouched = decode(await shootOne(page));
  await page.click('[data-testid="beauty-enable"]');

  const eyes = boxAround(stillFace!, EYES, 0.1);
  const skin = boxAround(stillFace!, FACE);
  const measured = {
    glassesEyes: photoDiff(plain, glasses, eyes),
    retouchFace: photoDiff(plain, retouched, skin),
    corners: CORNERS.map((c) => Math.max(photoDiff(plain, glasses, c), photoDiff(plain, retouched, c))),
  };
  console.log('Firefox photos against the plain one:', measured);
  expect(measured.glassesEyes, 'the photo has the sunglasses over the eyes').toBeGreaterThan(30);
  expect(measured.retouchFace, 'the photo has the retouched face').toBeGreaterThan(3);
  for (const c of measured.corners) expect(c, "the photos' corners are the same").toBeLessThan(1.5);

  // A blurred background, the camera playing again (the segmenter works on new camera frames): the
  // person segmenter runs in its worker (its masks are timed) and the picture away from the person
  // loses its detail.
  await resumeCamera(page);
  await keepPreview(page, 'sharp');
  // The pickers are off while the last sequence is still finishing (its burst waits for preview
  // frames after the shutter, and the frozen camera gave none): clicked once they are on again.
  await page.waitForSelector('[data-testid="background-blur"]:not([disabled])', { timeout: 30_000 });
  await page.click('[data-testid="background-blur"]');
  await page.waitForSelector('[data-testid="background-picker"][data-background="blur"]');
  await page.waitForSelector('[data-testid="background-picker"][data-model="ready"], [data-testid="background-model-failed"]', { timeout: 60_000 });
  expect(await page.$('[data-testid="background-model-failed"]'), 'the segmenter loads').toBeNull();
  await waitFor(() => page.evaluate(() => window.__pbTest!.segmentationTimes().length > 0), 'a person mask', 30_000);
  // The first mask reaches the screen with a later preview frame (read at once, the preview was
  // once still the sharp one): the preview is read until it is blurred, or the wait fails.
  const side: Region = [0, 0.05, 0.2, 0.95];
  const sharp = await keptSharpness(page, 'sharp', side);
  const blurredNow = async () => (await keepPreview(page, 'blurred'), (await keptSharpness(page, 'blurred', side)) < sharp * 0.6);
  await waitFor(blurredNow, 'the preview blurred beside the person', 30_000).catch(() => undefined);
  const detail = { sharp, blurred: await keptSharpness(page, 'blurred', side) };
  console.log(`Firefox blur: detail beside the person ${detail.sharp.toFixed(2)} → ${detail.blurred.toFixed(2)}, mask ms ${JSON.stringify(await page.evaluate(() => window.__pbTest!.segmentationTimes().slice(0, 5)))}`);
  expect(detail.blurred, 'the background beside the person is blurred').toBeLessThan(detail.sharp * 0.6);
  await page.click('[data-testid="background-none"]');
});

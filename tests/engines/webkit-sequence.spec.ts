import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { builtinTemplate } from '../../src/features/strip/template/builtins';
import { photoLayers } from '../../src/features/strip/template/model';
import { tr } from '../e2e/i18n';
import { decodeJpeg } from '../e2e/helpers/designs';
import { launchWebKit, type WebKitSession } from './harness/webkit';
import { openWebKitBooth, selectOption } from './harness/wkBooth';
import { downloaded, watchDownloads } from './harness/wkDownloads';

// A sequence in WebKit with its mock camera (harness/webkit.ts, camera: true): two shots with
// motion on, a retake of one, the print-size strip JPG with a photo in each slot, and the boomerang
// (MP4 where this WebKit's H.264 encoder really encodes, else GIF, said plainly), read by ffprobe.
test.describe.configure({ timeout: 150_000 });

let wk: WebKitSession;
test.beforeAll(async () => {
  wk = await launchWebKit({ camera: true });
});
test.afterAll(async () => wk?.close());

const thumbIds = () => wk.execute<string[]>(() => [...document.querySelectorAll('[data-testid="captured-thumb"]')].map((t) => t.getAttribute('data-photo-id') ?? ''));
const idle = () => wk.waitFor(() => wk.execute(() => !!document.querySelector('[data-testid="booth-stage"][data-capturing="false"]') && !!document.querySelector('[data-testid="start-capture"]:not([disabled])')), 'the booth idle', 60_000);

/**
 * A slot of the strip holds the mock camera's card: mostly black (not the strip's white paper) with
 * its white disc, line or text somewhere in it (not a black photo).
 */
function cardIn(img: { width: number; height: number; data: ArrayLike<number> }, box: { x: number; y: number; w: number; h: number }): { mean: number; max: number } {
  let sum = 0;
  let max = 0;
  let n = 0;
  for (let y = Math.round(box.y * img.height); y < Math.round((box.y + box.h) * img.height); y += 2) {
    for (let x = Math.round(box.x * img.width); x < Math.round((box.x + box.w) * img.width); x += 2) {
      const k = (y * img.width + x) * 4;
      const luma = 0.299 * img.data[k]! + 0.587 * img.data[k + 1]! + 0.114 * img.data[k + 2]!;
      sum += luma;
      max = Math.max(max, luma);
      n++;
    }
  }
  return { mean: sum / n, max };
}

test('WebKit: two shots with motion, a retake, the strip JPG with a photo in each slot, and a boomerang ffprobe decodes', async ({ baseURL }) => {
  await openWebKitBooth(wk, `${baseURL}/photobooth`);
  await wk.waitFor(() => wk.execute(() => !!document.querySelector('[data-testid="motion-on"]:not([disabled])')), 'the motion setting', 15_000);
  if (!(await wk.execute(() => document.querySelector<HTMLInputElement>('[data-testid="motion-on"]')!.checked))) await wk.click('[data-testid="motion-on"]');
  await selectOption(wk, 'shot-count', '2');
  await selectOption(wk, 'countdown', '0');
  await idle();
  await wk.click('[data-testid="start-capture"]');
  await wk.waitFor(async () => (await thumbIds()).length === 2, 'two photos', 90_000);
  await idle();
  await wk.waitFor(() => wk.execute(() => document.querySelectorAll('[data-testid="motion-loop"]').length === 2), 'both shots kept a burst', 60_000);

  // A retake of the first photo: tapping it takes it again; the other stays.
  const [first, second] = await thumbIds();
  await wk.click('[data-testid="retake-1"]');
  await wk.waitFor(async () => {
    const ids = await thumbIds();
    return ids.length === 2 && !ids.includes(first!) && ids.includes(second!);
  }, 'the first photo retaken, the second kept', 90_000);
  await idle();

  await wk.click('[data-testid="to-preview"]');
  await wk.waitFor(() => wk.execute(() => document.querySelector('[data-testid="strip-canvas"]')?.getAttribute('data-drawn-layout') === 'classic'), 'the strip drawn', 30_000);
  await watchDownloads(wk);
  await wk.execute((label: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label)!.click(), tr('en', 'strip.downloadJpg'));
  const strip = await downloaded(wk, 0);
  expect(strip.name).toMatch(/\.jpg$/);
  const img = decodeJpeg(strip.bytes);
  expect([img.width, img.height]).toEqual([1200, 3600]);
  for (const [i, slot] of photoLayers(builtinTemplate('classic', 2, '#ffffff')).entries()) {
    const card = cardIn(img, slot);
    expect(card.mean, `strip slot ${i + 1} holds the dark card, not the paper`).toBeLessThan(100);
    expect(card.max, `strip slot ${i + 1}: the card's white, not a black photo`).toBeGreaterThan(200);
  }

  await wk.waitFor(() => wk.execute(() => !!document.querySelector('[data-testid="motion-panel"][data-format="mp4"], [data-testid="motion-panel"] .hint')), 'the boomerang’s format', 30_000);
  const format = await wk.execute<string>(() => document.querySelector('[data-testid="motion-panel"]')!.getAttribute('data-format')!);
  const hint = await wk.execute<string>(() => document.querySelector('[data-testid="motion-panel"] .hint')?.textContent ?? '');
  if (format === 'gif') expect([tr('en', 'motion.mp4Why.noH264'), tr('en', 'motion.mp4Why.noWebCodecs')]).toContain(hint);
  else expect(format).toBe('mp4');
  await wk.click('[data-testid="motion-save-1"]');
  const boomerang = await downloaded(wk, 1);
  expect(boomerang.name).toMatch(new RegExp(`-boomerang-1\\.${format}$`));
  const dir = mkdtempSync(join(tmpdir(), 'pb-wk-motion-'));
  try {
    const file = join(dir, boomerang.name);
    writeFileSync(file, boomerang.bytes);
    const probe = JSON.parse(execFileSync('/usr/bin/ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,nb_read_frames', '-of', 'json', file], { encoding: 'utf8' })) as {
      streams: { codec_name: string; nb_read_frames: string }[];
    };
    console.log(`WebKit boomerang: ${boomerang.name}`, probe.streams[0], hint);
    expect(probe.streams[0]?.codec_name).toBe(format === 'mp4' ? 'h264' : 'gif');
    expect(Number(probe.streams[0]?.nb_read_frames), 'decoded frames').toBeGreaterThan(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(await wk.errors()).toEqual([]);
});

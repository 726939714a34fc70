import type { Page } from '@playwright/test';
import { layoutById } from '../../src/features/strip/layouts';
import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { BURST_TIMEOUT_MS } from '../../src/features/motion/meta';
import { burstMotion, canvasLoopMotion, decodeFrames, expectLoops, framesMotion } from './helpers/loops';
import { saveFrom } from './helpers/motion';

// Issue 65: every shot's burst moves in its own loop (the booth's review, the preview page, the
// moving strip and each saved file) when the booth is used the quick way: a clip that loops every
// second, the first shot right after the booth opened, grayscale, motion ticked from the keyboard
// just before Start, no countdown. The first photo on the GPU held the preview over the whole
// window after its shutter, and every slot after the still took the one frame shown after it: a
// loop of the still and one picture (that picture, a whole clip loop later, was the still's own:
// 0.0 % moving). Each loop is judged within itself, its shutter frame left out.
test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });

/** A loop moves: this share of its pixels changes between its frames (the shutter's left out). */
const MOVES = 0.05;
/** A cell of a saved file moves: its frames (the shutter's left out) differ this much, mean grey level 0–255. */
const FILE_MOVES = 2;

/** As a new visitor would: Start as soon as it can be pressed, grayscale (key 2), motion ticked with Space, no countdown. */
async function shootQuickly(page: Page, shots: number): Promise<void> {
  await page.goto('/photobooth');
  await page.getByTestId('shot-count').selectOption(String(shots));
  await page.getByTestId('countdown').selectOption('0');
  await expect(page.getByTestId('start-capture')).toBeEnabled({ timeout: 30_000 });
  await page.keyboard.press('2');
  await page.getByTestId('motion-on').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('motion-on')).toBeChecked();
  await page.getByTestId('start-capture').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('captured-thumb')).toHaveCount(shots, { timeout: 20_000 + shots * 8_000 });
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-capturing', 'false', { timeout: 10_000 + shots * BURST_TIMEOUT_MS });
  await expectLoops(page, shots);
}

const pct = (v: number[]) => v.map((m) => `${(m * 100).toFixed(1)} %`).join(', ');

for (const shots of [2, 4] as const) {
  test(`no countdown, ${shots} shots: every burst moves in its loop, on the preview page, in the moving strip and in every file`, async ({ page }) => {
    test.setTimeout(300_000);
    await shootQuickly(page, shots);
    const bursts: number[] = [];
    const review: number[] = [];
    for (let i = 0; i < shots; i++) bursts.push(await burstMotion(page, i));
    for (let i = 0; i < shots; i++) review.push(await canvasLoopMotion(page, i));
    console.log(`${shots} shots, pixels changed within each burst: ${pct(bursts)}; review loops: ${pct(review)}`);

    await page.getByTestId('to-preview').click();
    await expect(page.getByTestId('motion-panel')).toBeVisible({ timeout: 20_000 });
    await expectLoops(page, shots);
    const preview: number[] = [];
    for (let i = 0; i < shots; i++) preview.push(await canvasLoopMotion(page, i));
    console.log(`preview page loops: ${pct(preview)}`);

    // The moving strip plays the very file that is saved (made once).
    await page.getByTestId('motion-play').click();
    const moving = page.getByTestId('moving-strip');
    await expect(moving).toBeVisible({ timeout: 120_000 });
    const played = await moving.evaluate(async (v: HTMLVideoElement) => (await (await fetch(v.src)).blob()).size);
    const slots = layoutById('classic').slots(shots);
    const inner = (s: (typeof slots)[number]) => ({ x: s.x + s.w * 0.1, y: s.y + s.h * 0.1, w: s.w * 0.8, h: s.h * 0.8 });
    const cells: Record<string, number[]> = {};
    for (const format of ['mp4', 'gif'] as const) {
      if (format === 'gif') await page.getByLabel('GIF').check();
      await expect(page.getByTestId('motion-panel')).toHaveAttribute('data-format', format);
      const strip = await saveFrom(page, 'motion-save-strip');
      expect(strip.name).toMatch(new RegExp(`-moving-strip\\.${format}$`));
      if (format === 'mp4') expect(strip.bytes.length, 'the moving strip played is the file saved').toBe(played);
      const frames = decodeFrames(strip.bytes, format, 142, 426);
      expect(frames.length).toBe(2 * 12 - 2);
      cells[`strip.${format}`] = slots.map((s) => framesMotion(frames, 142, 426, inner(s)));
      for (let i = 0; i < shots; i++) {
        const file = await saveFrom(page, `motion-save-${i + 1}`);
        expect(file.name).toMatch(new RegExp(`-boomerang-${i + 1}\\.${format}$`));
        (cells[`boomerang.${format}`] ??= []).push(framesMotion(decodeFrames(file.bytes, format, 180, 102), 180, 102));
      }
    }
    console.log(`files, most mean difference between frames (shutter's left out): ${JSON.stringify(cells, (_, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(2)) : v))}`);

    for (let i = 0; i < shots; i++) {
      expect(bursts[i], `burst ${i + 1} moves`).toBeGreaterThan(MOVES);
      expect(review[i], `review loop ${i + 1} moves`).toBeGreaterThan(MOVES);
      expect(preview[i], `preview page loop ${i + 1} moves`).toBeGreaterThan(MOVES);
      for (const [what, motion] of Object.entries(cells)) expect(motion[i], `${what}: shot ${i + 1} moves`).toBeGreaterThan(FILE_MOVES);
    }
  });
}

import { expect, test, type Page } from '@playwright/test';
import { launchWithCamera } from '../e2e/env';
import { captureSequence } from '../e2e/helpers/capture';

// Templates (issue 39), from one run:
//  1. composing a 1200×3600 strip (HD, 2×6 in) from a host's design (a print-size overlay with four
//     windows, a logo, three text layers in three fonts: src/test-seam/benchDesign.ts) against the
//     built-in classic strip, on the same four photos, through the same composer worker: drawn only
//     (a bitmap) and drawn + encoded (the JPG). Interleaved, median of 7 after a warm-up each.
//     Goal: the custom strip within 1.5× of the classic.
// Prints figures; never asserts on time.

test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });

const SHOTS = 4;
const RUNS = 7;

async function captureToPreview(page: Page) {
  await page.goto('/photobooth');
  await captureSequence(page, { shots: SHOTS, countdown: 0 });
  await page.getByTestId('to-preview').click();
  await expect(page.getByTestId('preview-photo')).toHaveCount(SHOTS);
  await page.waitForFunction((n) => window.__pbTest?.strip.photos().length === n, SHOTS);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

test('a custom template against the classic strip, 1200×3600', async ({ page }) => {
  await captureToPreview(page);
  const rows: string[] = [];
  for (const encode of [false, true]) {
    const times = await page.evaluate(
      async ({ encode, runs }) => {
        const s = window.__pbTest!.strip;
        await s.compose('classic', 'hd', encode);
        await s.compose('custom', 'hd', encode);
        const out = { classic: [] as number[], custom: [] as number[] };
        for (let i = 0; i < runs; i++) {
          out.classic.push(await s.compose('classic', 'hd', encode));
          out.custom.push(await s.compose('custom', 'hd', encode));
        }
        return out;
      },
      { encode, runs: RUNS },
    );
    const c = median(times.classic);
    const k = median(times.custom);
    rows.push(
      `| ${encode ? 'drawn + JPEG encoded' : 'drawn (bitmap)'} | ${c.toFixed(0)} ms [${Math.min(...times.classic).toFixed(0)}–${Math.max(...times.classic).toFixed(0)}] | ${k.toFixed(0)} ms [${Math.min(...times.custom).toFixed(0)}–${Math.max(...times.custom).toFixed(0)}] | ${(k / c).toFixed(2)}× |`,
    );
  }
  console.log(
    [
      '',
      `Composing a 1200×3600 strip of ${SHOTS} photos in the composer worker (Chromium, SwiftShader machine), median of ${RUNS} interleaved runs [min–max]; goal: custom ≤ 1.5× classic`,
      '',
      '| | classic (built-in) | custom (overlay 1200×3600, logo, 3 text layers in 3 fonts) | custom / classic |',
      '|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
});

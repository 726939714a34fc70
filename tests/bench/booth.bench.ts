import { test, expect } from '@playwright/test';
import { describeShown, measureShown } from './shown';

/**
 * The booth's speed, printed (never asserted): GPU time per pass and per frame at 640×360 and
 * 1280×720, main-thread JS per preview frame, the share of camera frames that reach the screen,
 * long tasks during 10 s of live preview, capture time per photo, and the peer way (Canvas2D
 * ctx.filter) for the same filter at the same size, as a ratio — all from one Chromium run.
 */

const FILTER = 'sepia';
const PEER_FILTER = 'sepia(1)';
const SIZES = [
  [640, 360],
  [1280, 720],
] as const;

interface Timing {
  id: string;
  ms: number;
}

test('booth pipeline figures', async ({ page }) => {
  await page.goto('/photobooth');
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-render-mode', 'webgl');
  await page.getByTestId(`filter-${FILTER}`).click();
  await page.waitForTimeout(2000); // warm-up: shaders compiled, thumbnails drawn once

  // 1. Pass-by-pass GPU time at each size (median of 15 frames), and the peer way at that size.
  const perSize = await page.evaluate(
    async ({ sizes, filter, peerFilter }) => {
      const seam = window.__pbTest!;
      const video = document.querySelector('video')!;
      const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const out = [];
      for (const [w = 0, h = 0] of sizes) {
        const runs: { id: string; ms: number }[][] = [];
        for (let i = 0; i < 15; i++) {
          runs.push(seam.profileFrame(filter, w, h));
          await new Promise((res) => setTimeout(res, 30));
        }
        const ids = runs[0]!.map((p) => p.id);
        const passes = ids.map((id) => ({ id, ms: median(runs.map((run) => run.find((p) => p.id === id)?.ms ?? 0)) }));
        const frame = median(runs.map((run) => run.reduce((s, p) => s + p.ms, 0)));
        // Peer: Canvas2D with ctx.filter, drawing the same video frame at the same size (1-pixel read to sync).
        const c = document.createElement('canvas');
        c.width = w;
        c.height = h;
        const ctx = c.getContext('2d', { willReadFrequently: false })!;
        const peer: number[] = [];
        for (let i = 0; i < 15; i++) {
          const t0 = performance.now();
          ctx.filter = peerFilter;
          ctx.drawImage(video, 0, 0, w, h);
          ctx.getImageData(0, 0, 1, 1);
          peer.push(performance.now() - t0);
          await new Promise((res) => setTimeout(res, 30));
        }
        out.push({ size: `${w}x${h}`, passes, frame, peer: median(peer) });
      }
      return out;
    },
    { sizes: SIZES as unknown as number[][], filter: FILTER, peerFilter: PEER_FILTER },
  );

  // 2. Ten seconds of live preview with the filter on: frames reaching the screen, measured from
  // outside the renderer (tests/bench/shown.ts), the renderer's own count beside it, long tasks.
  const live = await measureShown(page, 10_000);

  // 3. Capture time per photo at the camera's resolution (render + read-back + JPEG encode).
  const capture = await page.evaluate(async (filter) => {
    const seam = window.__pbTest!;
    const times: number[] = [];
    let size = '';
    for (let i = 0; i < 4; i++) {
      const t0 = performance.now();
      const img = await seam.capture(filter);
      times.push(performance.now() - t0);
      size = `${img.width}x${img.height} ${(img.blob.size / 1024).toFixed(0)} KB`;
      await new Promise((res) => setTimeout(res, 200));
    }
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)]!, size };
  }, FILTER);

  const f = (ms: number) => ms.toFixed(1).padStart(7);
  const lines = [
    '',
    `Booth pipeline — filter "${FILTER}" (SwiftShader software GPU; figures are medians)`,
    '',
    'GPU time per pass (ms, each pass synced):',
  ];
  for (const s of perSize) {
    lines.push(`  ${s.size.padEnd(10)} ${s.passes.map((p: Timing) => `${p.id} ${f(p.ms).trim()}`).join(' | ')}`);
  }
  lines.push('', 'Per frame (upload + stages + filter) vs the peer way (Canvas2D ctx.filter, same filter and size):');
  for (const s of perSize) {
    lines.push(`  ${s.size.padEnd(10)} ours ${f(s.frame)} ms   peer ${f(s.peer)} ms   ours/peer ${(s.frame / s.peer).toFixed(2)}`);
  }
  lines.push(
    '',
    `Live preview for ${live.seconds.toFixed(0)} s (canvas ${live.canvas} = display size × DPR; frame upload: ${live.path}):`,
    ...describeShown(live, 0.9).map((l) => `  ${l}`),
    '',
    `Capture per photo: ${capture.median.toFixed(0)} ms (${capture.size})`,
    '',
  );
  console.log(lines.join('\n'));
});

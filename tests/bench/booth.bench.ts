import { test, expect } from '@playwright/test';

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

  // 2. Ten seconds of live preview with the filter on: frames reaching the screen, JS per frame, long tasks.
  // Measured from outside the renderer, not from its own counters: the camera's frames are the
  // video element's presented frames (requestVideoFrameCallback), and a frame reaches the screen
  // when the canvas was drawn (onDrawn) between two display refreshes (requestAnimationFrame);
  // several draws within one refresh count once, since only the last is shown.
  const live = await page.evaluate(async () => {
    const r = window.__pbTest!.renderer()!;
    const video = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video')!;
    const long: number[] = [];
    const obs = new PerformanceObserver((list) => list.getEntries().forEach((e) => e.duration > 50 && long.push(e.duration)));
    obs.observe({ type: 'longtask' });
    r.resetStats();
    let running = true;
    let camera = 0;
    const onVideo = () => {
      camera++;
      if (running) video.requestVideoFrameCallback(onVideo);
    };
    video.requestVideoFrameCallback(onVideo);
    let drawnSinceRefresh = false;
    let shown = 0;
    const off = r.onDrawn(() => void (drawnSinceRefresh = true));
    const onRefresh = () => {
      if (drawnSinceRefresh) shown++;
      drawnSinceRefresh = false;
      if (running) requestAnimationFrame(onRefresh);
    };
    requestAnimationFrame(onRefresh);
    await new Promise((res) => setTimeout(res, 10_000));
    running = false;
    off();
    obs.disconnect();
    const s = { ...r.stats };
    return { ...s, camera, shown, longTasks: long.length, longest: Math.max(0, ...long), path: r.uploadPath };
  });
  const canvasSize = await page.getByTestId('booth-canvas').evaluate((c: HTMLCanvasElement) => `${c.width}x${c.height}`);

  // 3. Capture time per photo at the camera's resolution (render + read-back + JPEG encode).
  const capture = await page.evaluate(async (filter) => {
    const r = window.__pbTest!.renderer()!;
    const times: number[] = [];
    let size = '';
    for (let i = 0; i < 4; i++) {
      const t0 = performance.now();
      const img = await r.capture(filter);
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
  const share = live.shown / Math.max(1, live.camera);
  lines.push(
    '',
    `Live preview for 10 s (canvas ${canvasSize} = display size × DPR; frame upload: ${live.path}):`,
    `  camera frames ${live.camera} (video element), refreshes with a new picture ${live.shown}: share reaching the screen ${share.toFixed(2)} (goal ≥ 0.9)`,
    `  renderer's own count: ${live.renderedFrames} drawn of ${live.cameraFrames}, ${live.skippedFrames} dropped while the GPU was busy`,
    `  main-thread JS per drawn frame ${(live.jsMs / Math.max(1, live.renderedFrames)).toFixed(2)} ms`,
    `  long tasks (> 50 ms): ${live.longTasks} (longest ${live.longest.toFixed(0)} ms; goal 0)`,
    '',
    `Capture per photo: ${capture.median.toFixed(0)} ms (${capture.size})`,
    '',
  );
  console.log(lines.join('\n'));
});

import { chromium, expect, test, type Page } from '@playwright/test';
import { launchWithCamera } from '../e2e/env';
import { chromiumRssMb } from './memory';

// Face landmarks per live frame, inside the worker (all the worker's work for a frame: its crops
// and every landmarker call), with one face in view and with two: each tracked face has its own
// landmarker fed a crop that follows it, and new faces are searched in tiles every half second on
// one more kept for searching (src/features/vision/landmarker.worker.ts), whose memory shows in
// the growth of Chromium's resident memory from beauty off. Goals: median ≤ 22 ms for one face, ≤ 30 ms for
// two. Measured with the preview running (its GPU work, software-rendered here, shares the two
// cores), with the preview's beauty passes off, and with the preview paused, so the costs can be
// told apart. Printed, never asserted.

const SECONDS = 8;

async function liveDetect(page: Page, mode: 'passes' | 'no-passes' | 'alone') {
  await page.goto('/photobooth');
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
  const panel = page.getByTestId('beauty-panel');
  const rssBefore = chromiumRssMb();
  await page.getByTestId('beauty-enable').check();
  await expect(panel).toHaveAttribute('data-model', 'ready', { timeout: 60_000 });
  // A preset: with every level at 0 the beauty stage (and the landmarks) stay off.
  await page.locator('.beauty-presets button').first().click();
  // Warm-up (the first frames compile and find the faces), then a clean sample.
  await expect.poll(() => page.evaluate(() => window.__pbTest!.landmarks().liveDetectMs.length), { timeout: 30_000 }).toBeGreaterThan(10);
  if (mode !== 'passes') {
    await page.getByTestId('beauty-enable').uncheck();
    await page.evaluate((alone) => void window.__pbTest!.driveLandmarks({ alone }), mode === 'alone');
  }
  const delegate = await page.evaluate(() => window.__pbTest!.restartLandmarkTiming());
  const t0 = Date.now();
  await expect
    .poll(() => page.evaluate(() => window.__pbTest!.landmarks().liveDetectMs.length), { timeout: 60_000, intervals: [500] })
    .toBeGreaterThan(SECONDS * 15);
  const rssGrowth = chromiumRssMb() - rssBefore;
  const result = await page.evaluate(
    ([ms, delegate]) => {
      const t = window.__pbTest!.landmarks();
      const stats = (list: number[]) => {
        const sorted = [...list].sort((a, b) => a - b);
        const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
        return { median: q(0.5), p90: q(0.9), max: q(1), mean: list.reduce((a, b) => a + b, 0) / list.length };
      };
      const n = t.liveDetectMs.length;
      return { n, seconds: ms / 1000, ...stats(t.liveDetectMs), model: stats(t.liveModelMs), calls: stats(t.liveCalls).mean, faces: t.live.length, delegate };
    },
    [Date.now() - t0, delegate] as const,
  );
  return { ...result, rssGrowth };
}

function report(label: string, r: Awaited<ReturnType<typeof liveDetect>>, goal: number) {
  const d = r.delegate;
  const why = d ? `${d.delegate} delegate (${d.why}${d.why === 'timed' ? `: CPU ${d.cpuMs?.toFixed(1)} ms, GPU ${d.gpuMs?.toFixed(1)} ms` : ''})` : 'delegate unknown';
  console.log(
    `${label}: ${r.faces} face(s) found; landmarks per live frame median ${r.median.toFixed(1)} ms, p90 ${r.p90.toFixed(1)} ms, ` +
      `max ${r.max.toFixed(1)} ms, ${r.n} frames in ${r.seconds.toFixed(1)} s; inside MediaPipe median ${r.model.median.toFixed(1)} ms, ` +
      `p90 ${r.model.p90.toFixed(1)} ms, ${r.calls.toFixed(2)} calls per frame; ${why} (goal: median ≤ ${goal} ms); ` +
      `Chromium's memory grew by ${r.rssGrowth.toFixed(0)} MB from beauty off`,
  );
}

/** A browser of its own: the fake camera's clip is a launch flag. */
async function withClip<T>(clip: string, baseURL: string, run: (page: Page) => Promise<T>): Promise<T> {
  const browser = await chromium.launch(launchWithCamera({ clip }));
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'], serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('console', (m) => (m.type() === 'error' || /unavailable/.test(m.text())) && !/XNNPACK/.test(m.text()) && console.log(`  (page error: ${m.text().slice(0, 300)})`));
    return await run(page);
  } finally {
    await browser.close();
  }
}

test('landmarks per live frame, one face and two', async ({ baseURL }) => {
  test.setTimeout(300_000);
  const one = 'face-closeup-1280x720.mjpeg';
  const two = 'group-two-faces-1280x720.mjpeg';
  const modes = [
    ['preview with beauty passes', 'passes'],
    ['preview without beauty passes', 'no-passes'],
    ['preview paused, landmarks alone', 'alone'],
  ] as const;
  for (const [what, mode] of modes) report(`One face (close-up clip), ${what}`, await withClip(one, baseURL!, (p) => liveDetect(p, mode)), 22);
  for (const [what, mode] of modes) report(`Two faces (group clip), ${what}`, await withClip(two, baseURL!, (p) => liveDetect(p, mode)), 30);
});

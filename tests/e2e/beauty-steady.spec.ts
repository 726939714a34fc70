import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { enableBeauty, setLevels } from './helpers/beauty';
import { FACE_OVAL } from '../../src/features/beauty/faceRegions';
import { openBooth } from './drivers/booth';

// No wobble: the face outline the slim warp moves must hold its shape from frame to frame. The
// close-up clip pans by a few pixels without turning or zooming, so the outline's points measured
// from the nose tip should stay put; jitter there is what a visitor sees as a wobbling jaw.
test.use({ launchOptions: launchWithCamera({ clip: 'face-closeup-1280x720.mjpeg' }) });

test('the live face outline holds its shape from frame to frame (no wobble)', async ({ page }) => {
  test.setTimeout(180_000);
  await openBooth(page, { shots: 1, countdown: 0 });
  await enableBeauty(page);
  await setLevels(page, { slim: 100 });
  await expect.poll(() => page.evaluate(() => window.__pbTest!.landmarks().live.length), { timeout: 30_000 }).toBe(1);
  // 40 successive live landmark sets: each outline point's offset from the nose tip, in camera pixels.
  const samples = await page.evaluate(async (oval) => {
    const out: number[][] = [];
    let last: unknown;
    while (out.length < 40) {
      const face = window.__pbTest!.landmarks().live[0];
      if (face && face !== last) {
        last = face;
        const nose = face[1]!;
        out.push(oval.flatMap((i) => [(face[i]!.x - nose.x) * 1280, (face[i]!.y - nose.y) * 720]));
      }
      await new Promise((r) => requestAnimationFrame(r));
    }
    return out;
  }, FACE_OVAL);
  const coords = samples[0]!.length;
  const spread: number[] = [];
  let step = 0;
  for (let j = 0; j < coords; j++) {
    const v = samples.map((s) => s[j]!);
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    spread.push(Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / v.length));
    for (let s = 1; s < v.length; s++) step += Math.abs(v[s]! - v[s - 1]!);
  }
  // Each frame's outline against the median outline: a face just found must not settle visibly.
  const median = Array.from({ length: coords }, (_, j) => samples.map((s) => s[j]!).sort((a, b) => a - b)[samples.length >> 1]!);
  const offShape = samples.map((s) => s.reduce((a, v, j) => a + Math.abs(v - median[j]!), 0) / coords);
  const meanSpread = spread.reduce((a, b) => a + b, 0) / coords;
  // Measured: 0.6–0.8 px spread, 0.45 px per frame, no frame more than 2.5 px off the median
  // outline; on a loaded 2-core CI machine, where landmark sets come seconds apart (the smoothing
  // then holds less), up to 1.1 px per frame. A tracker fed aliased crops gave 5.4 px spread and
  // 1.9 per frame; one whose tracking carried a face from its search tile into its crop put frames
  // 17–23 px off for a third of a second.
  expect(meanSpread, 'outline points: mean standard deviation (px)').toBeLessThan(1.2);
  expect(Math.max(...spread), 'outline points: largest standard deviation (px)').toBeLessThan(2.5);
  expect(Math.max(...offShape), 'the frame furthest from the median outline: mean offset (px)').toBeLessThan(4);
  expect(step / coords / (samples.length - 1), 'outline points: mean move between frames (px)').toBeLessThan(1.5);
});

import type { Page } from '@playwright/test';
import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { enableBeauty, freeze, meanDiff, meanLuma, setLevels, shoot, stillLandmarks, type Photo, type Pt } from './helpers/beauty';
import { openBooth } from './drivers/booth';

// Two faces in view (the group clip: a large face on the left, a smaller one on the right, each
// too small in the 16:9 frame for the face detector's 128 px view of the whole frame): both are
// found and followed live, both are found on the captured still, and the retouch reaches both.
test.use({ launchOptions: launchWithCamera({ clip: 'group-two-faces-1280x720.mjpeg' }) });
test.describe.configure({ timeout: 120_000 });

type Face = Pt[];
const centre = (f: Face) => ({ x: f.reduce((s, p) => s + p.x, 0) / f.length, y: f.reduce((s, p) => s + p.y, 0) / f.length });
const width = (f: Face) => Math.max(...f.map((p) => p.x)) - Math.min(...f.map((p) => p.x));
const byX = (faces: Face[]) => [...faces].sort((a, b) => centre(a).x - centre(b).x);

/** A box on each cheek (landmarks 205 and 425), a tenth of the face wide, in photo pixels. */
function cheeks(face: Face, photo: Photo): [number, number, number, number][] {
  const r = (width(face) * photo.width) / 20;
  return [205, 425].map((i) => {
    const x = face[i]!.x * photo.width;
    const y = face[i]!.y * photo.height;
    return [x - r, y - r, x + r, y + r];
  });
}

test('both faces of a group are found live and on the still, and the retouch reaches both', async ({ page }) => {
  await openBooth(page, { shots: 1, countdown: 0 });
  await enableBeauty(page);
  await setLevels(page, { brightness: 100 });
  const live = async () => byX((await page.evaluate(() => window.__pbTest!.landmarks().live)) as Face[]);
  await expect.poll(async () => (await live()).length, { timeout: 30_000, message: 'two faces tracked live' }).toBe(2);
  await expect(page.getByTestId('beauty-panel')).toHaveAttribute('data-landmarks', '2x478');

  const [left, right] = await live();
  // Where the clip has them: the large face in the left third, the small one in the right fifth.
  expect(centre(left!).x).toBeGreaterThan(0.2);
  expect(centre(left!).x).toBeLessThan(0.4);
  expect(centre(right!).x).toBeGreaterThan(0.7);
  expect(centre(right!).x).toBeLessThan(0.9);
  expect(width(left!), 'the left face is the larger').toBeGreaterThan(width(right!) * 1.2);

  await freeze(page);
  await setLevels(page, {});
  const plain = await shoot(page);
  const still = byX((await stillLandmarks(page)) as Face[]);
  expect(still, 'faces found on the captured still').toHaveLength(2);
  still.forEach((face, i) => {
    const was = centre([left!, right!][i]!);
    expect(Math.hypot(centre(face).x - was.x, centre(face).y - was.y), `face ${i} on the still where it was live`).toBeLessThan(0.05);
  });

  await setLevels(page, { brightness: 100 });
  const bright = await shoot(page);
  for (const [i, face] of still.entries()) {
    for (const box of cheeks(face, plain)) {
      expect(meanLuma(bright, ...box) - meanLuma(plain, ...box), `face ${i}'s cheek brighter`).toBeGreaterThan(3);
    }
  }
  // The slate background between and above the two photos: untouched.
  expect(meanDiff(plain, bright, 0.64 * plain.width, 0.03 * plain.height, 0.95 * plain.width, 0.3 * plain.height), 'background').toBeLessThan(0.1);
});

/**
 * The live landmarks on the frozen frame, result by result (each redraw offers the frame to the
 * landmarker again). They settle (five results in a row within 0.05 px of the one before) within
 * 10 s, or `settled` is false and `worst` is the largest step between two results in that time;
 * once settled, `worst` is the furthest any landmark then moves from there within `ms`, in camera
 * pixels.
 */
function driftAfterSettling(page: Page, ms: number): Promise<{ settled: boolean; worst: number }> {
  return page.evaluate(async (ms) => {
    type Faces = { x: number; y: number }[][];
    const seam = window.__pbTest!;
    let last: Faces | undefined;
    const fresh = async (): Promise<Faces> => {
      for (;;) {
        await seam.previewPixels();
        const now = seam.landmarks().live as Faces;
        if (now !== last) return (last = now);
      }
    };
    const apart = (a: Faces, b: Faces) =>
      a.length !== b.length ? Infinity : Math.max(...a.flatMap((f, i) => f.map((p, j) => Math.max(Math.abs(p.x - b[i]![j]!.x) * 1280, Math.abs(p.y - b[i]![j]!.y) * 720))));
    let settled = await fresh();
    let worst = 0;
    for (let still = 0, giveUp = performance.now() + 10_000; still < 5; ) {
      if (performance.now() > giveUp) return { settled: false, worst };
      const now = await fresh();
      const step = apart(now, settled);
      worst = Math.max(worst, step);
      still = step < 0.05 ? still + 1 : 0;
      settled = now;
    }
    worst = 0;
    for (const until = performance.now() + ms; performance.now() < until; ) worst = Math.max(worst, apart(await fresh(), settled));
    return { settled: true, worst };
  }, ms);
}

test('on a still frame, the search for more faces and a photo move neither tracked face', async ({ page }) => {
  await openBooth(page, { shots: 1, countdown: 0 });
  await enableBeauty(page);
  await setLevels(page, { slim: 60 });
  await expect.poll(() => page.evaluate(() => window.__pbTest!.landmarks().live.length), { timeout: 30_000, message: 'two faces tracked live' }).toBe(2);
  await freeze(page);
  // Two faces of four: the live frames go on searching a tile for another every half second. For
  // 3 s (six searches; each tracked face's turn three times when a search borrowed its landmarker,
  // whose tracking then restarted from a fresh detection), the faces stay where they settled.
  const searching = await driftAfterSettling(page, 3_000);
  console.log(`live landmarks on a still frame: ${JSON.stringify(searching)} (px)`);
  expect(searching.settled, `the live landmarks settle on the frozen frame (they went on moving by up to ${searching.worst.toFixed(2)} px a result)`).toBe(true);
  expect(searching.worst, 'the furthest a landmark moved while the frames were searched (px)').toBeLessThan(0.5);
  // A photo (its still searched tile by tile) leaves the live faces where they were.
  await shoot(page);
  await expect.poll(() => page.evaluate(() => window.__pbTest!.landmarks().lastStill.length)).toBe(2);
  const afterPhoto = await driftAfterSettling(page, 1_500);
  console.log(`live landmarks after a photo: ${JSON.stringify(afterPhoto)} (px)`);
  expect(afterPhoto.settled, `the live landmarks settle again after the photo (they went on moving by up to ${afterPhoto.worst.toFixed(2)} px a result)`).toBe(true);
  expect(afterPhoto.worst, 'the furthest a landmark moved after the photo (px)').toBeLessThan(0.5);
});

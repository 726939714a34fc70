import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { openBooth } from './drivers/booth';
import { capturedJpegs, clipFrames, correlation, grid } from './helpers/booth';
import { captureSequence } from './helpers/capture';
import { PHONE } from './helpers/layout';

// A portrait camera whose track reports landscape settings (an iPhone whose constraints were
// applied in landscape: getSettings() says 1280×720 while the frames are 720×1280). The booth
// must take the picture's shape from the frames (the video's videoWidth/videoHeight).
const CLIP = 'face-portrait-1080x1920.mjpeg';
test.use({ ...PHONE, launchOptions: launchWithCamera({ clip: CLIP }) });

test('a portrait camera that reports landscape settings: portrait preview and portrait, unsquashed photo', async ({ page }) => {
  test.setTimeout(120_000);
  // FAULT SIMULATED: every track's getSettings() reports its width and height swapped (landscape).
  await page.addInitScript(() => {
    const own = MediaStreamTrack.prototype.getSettings;
    MediaStreamTrack.prototype.getSettings = function (this: MediaStreamTrack) {
      const s = own.call(this);
      return s.width && s.height && s.height > s.width ? { ...s, width: s.height, height: s.width } : s;
    };
  });
  await openBooth(page, { drawn: true });
  const shape = await page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video')!;
    const c = document.querySelector<HTMLCanvasElement>('[data-testid="booth-canvas"]')!;
    const s = (v.srcObject as MediaStream).getVideoTracks()[0]!.getSettings();
    const box = c.getBoundingClientRect();
    return { frames: [v.videoWidth, v.videoHeight], settings: [s.width!, s.height!], box: box.width / box.height, backing: c.width / c.height };
  });
  const [fw, fh] = shape.frames as [number, number];
  // The fault is in place: the frames are portrait while the settings say landscape.
  expect(fh, 'portrait frames').toBeGreaterThan(fw);
  expect(shape.settings, 'settings report landscape').toEqual([fh, fw]);
  // The preview has the frames' shape, on the page and in its backing store.
  expect(shape.box).toBeCloseTo(fw / fh, 1);
  expect(shape.backing).toBeCloseTo(fw / fh, 1);

  await captureSequence(page, { shots: 1, countdown: 0 });
  await expect(page.getByTestId('captured-thumb').locator('img')).toHaveAttribute('src', /^blob:/);
  const [photo] = await capturedJpegs(page);
  expect([photo!.width, photo!.height], 'the photo has the frames’ size').toEqual([fw, fh]);
  // Not squashed: the photo's picture matches one of the clip's own frames, cell for cell (the
  // clip plays on: under load the shot is a later frame than the first).
  const cells = grid(photo!.data, photo!.width, photo!.height, 18, 32);
  const best = Math.max(...clipFrames(CLIP).map((f) => correlation(cells, grid(f.data, f.width, f.height, 18, 32))));
  expect(best).toBeGreaterThan(0.85);
});

import type { Page } from '@playwright/test';
import { BEAUTY_PRESETS } from '../../src/features/beauty/meta';
import { MAX_FACES } from '../../src/features/vision/meta';
import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { enableBeauty, freeze, shootWithStill } from './helpers/beauty';
import { eyesRegion, keepPhoto, keepPreview, keepSettledPreview, liveFaces, regionDiff, settledFaces } from './helpers/props';
import { openBooth } from './drivers/booth';

// Groups up to four (issue 25): the four-faces clip (faces ~90–130 px wide in 1280×720). Every
// face is tracked, every beauty preset runs live with the preview moving and no error, a prop
// sits on all four heads, and a photo has both.
test.use({ launchOptions: launchWithCamera({ clip: 'group-four-faces-1280x720.mjpeg' }) });
test.describe.configure({ timeout: 300_000 });

type Face = { x: number; y: number }[];

async function fourFaces(page: Page): Promise<Face[]> {
  await expect.poll(async () => (await liveFaces(page)).length, { timeout: 90_000, message: 'all four faces tracked' }).toBe(MAX_FACES);
  return liveFaces(page);
}

async function choose(page: Page, id: string) {
  await page.getByTestId(`prop-${id}`).click();
  await expect(page.getByTestId('prop-picker')).toHaveAttribute('data-prop', id);
}

test('all four faces are tracked, and every beauty preset runs live on them for 10 s with the preview moving and no error', async ({ page }) => {
  await openBooth(page, { shots: 1, countdown: 0 });
  await enableBeauty(page);
  // A preset on: the landmarks run only while an effect needs them.
  await page.locator('.beauty-presets button').first().click();
  const faces = await fourFaces(page);
  // Four distinct faces, side by side.
  const centres = faces.map((f) => f.reduce((s, p) => s + p.x, 0) / f.length).sort();
  for (let i = 1; i < centres.length; i++) expect(centres[i]! - centres[i - 1]!, 'faces apart').toBeGreaterThan(0.05);
  for (const [i, preset] of BEAUTY_PRESETS.entries()) {
    await page.locator('.beauty-presets button').nth(i).click();
    await expect(page.locator('.beauty-presets button').nth(i)).toHaveAttribute('aria-pressed', 'true');
    const start = await page.evaluate(() => ({ ...window.__pbTest!.renderer()!.stats, at: performance.now() }));
    await keepPreview(page, 'first');
    // Ten seconds of the live preview with this preset on all four faces, and at least ten frames
    // drawn in them: live, not stalled (a stalled preview draws none). Awaited rather than counted
    // in a fixed window: on a loaded two-core CI machine the same preview drew 14, 17 and fewer in
    // 10 s, so a rate bound there measured the machine, not the app.
    const drawn = () =>
      page.evaluate((t0) => {
        const s = window.__pbTest!.renderer()!.stats;
        return { frames: s.renderedFrames, failed: s.failedFrames, seconds: (performance.now() - t0) / 1000 };
      }, start.at);
    await expect
      .poll(async () => { const d = await drawn(); return d.seconds >= 10 && d.frames - start.renderedFrames >= 10; }, { timeout: 90_000, message: `${preset}: 10 s and 10 frames drawn` })
      .toBe(true);
    const end = await drawn();
    expect(end.failed - start.failedFrames, `${preset}: frames that threw`).toBe(0);
    // The clip pans (a one-second loop): the live picture still moves, unlike its picture of 10 s ago.
    await expect
      .poll(async () => (await keepPreview(page, 'later'), regionDiff(page, 'first', 'later', [0, 0, 1, 1])), { message: `${preset}: the picture still moves` })
      .toBeGreaterThan(0.5);
    await expect.poll(async () => (await liveFaces(page)).length, { message: `${preset}: faces still tracked` }).toBe(MAX_FACES);
  }
});

test('a prop sits on all four heads, and a one-shot photo has the prop and the retouch on every face', async ({ page }) => {
  await openBooth(page, { shots: 1, countdown: 0 });
  await page.getByLabel('Mirror saved photos').check();
  await choose(page, 'sunglasses');
  await fourFaces(page);
  await freeze(page);
  const faces = await settledFaces(page);
  expect(faces).toHaveLength(MAX_FACES);
  await keepPreview(page, 'withProp');
  await choose(page, 'none');
  await keepPreview(page, 'without');
  for (const [i, face] of faces.entries()) {
    expect(await regionDiff(page, 'withProp', 'without', eyesRegion(face)), `face ${i}: glasses over the eyes`).toBeGreaterThan(20);
  }

  // Both at once: the Glamour preset (eye enlarge and all) and the glasses, then one photo.
  await enableBeauty(page);
  await page.locator('.beauty-presets button').nth(2).click();
  await choose(page, 'sunglasses');
  await keepSettledPreview(page, 'atShutter');
  // One photo whose still search answered (retaken of the frozen frame if it missed its deadline).
  await shootWithStill(page);
  await keepPhoto(page, 0, 'atShutter', 'photo');
  for (const [i, face] of faces.entries()) {
    const region = eyesRegion(face);
    const shown = await regionDiff(page, 'atShutter', 'without', region);
    // The photo matches its preview at the shutter around each face, far closer than the plain picture.
    expect(await regionDiff(page, 'photo', 'atShutter', region), `face ${i}: the photo's glasses and retouch where the preview had them`).toBeLessThan(0.35 * shown);
  }
  expect((await page.evaluate(() => window.__pbTest!.landmarks().lastStill)).length, 'faces found on the still').toBe(MAX_FACES);
});

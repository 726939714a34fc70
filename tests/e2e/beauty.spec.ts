import type { Page } from '@playwright/test';
import { MODEL_URL } from '../../src/features/vision/meta';
import { launchWithCamera } from './env';
import { expect, expectAccessible, expectOnlyOwnOrigin, test } from './fixtures';
import {
  boxOf,
  detail,
  diffOutside,
  enableBeauty,
  freeze,
  hfEnergy,
  horizontalShift,
  LEVELS,
  meanDiff,
  meanLuma,
  plainShot,
  setLevels,
  shoot,
  shootWithStill,
  type Level,
} from './helpers/beauty';
import { tr } from './i18n';
import { FACE_OVAL, LEFT_BROW_RING, LEFT_EYE_RING, RIGHT_BROW_RING, RIGHT_EYE_RING } from '../../src/features/beauty/faceRegions';
import { PIN_RING } from '../../src/features/beauty/faceField';
import { openBooth } from './drivers/booth';

// Beauty panel with a face in view (the close-up clip); the no-face case is beauty-noface.spec.ts.
test.use({ launchOptions: launchWithCamera({ clip: 'face-closeup-1280x720.mjpeg' }) });
test.describe.configure({ timeout: 120_000 });


test('the worker reports 478 landmarks for one face, loading with a progress bar', async ({ page, requests, baseURL }) => {
  // Hold the model's bytes back a moment so the progress bar can be seen.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**${MODEL_URL}`, async (route) => {
    await held;
    await route.continue();
  });
  await openBooth(page, { shots: 1, countdown: 0 });
  await page.getByTestId('beauty-enable').check();
  await expect(page.getByRole('progressbar', { name: tr('en', 'beauty.loadingLabel') })).toBeVisible();
  release();
  await setLevels(page, { slim: 20 });
  await expect(page.getByTestId('beauty-panel')).toHaveAttribute('data-model', 'ready', { timeout: 60_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByTestId('beauty-panel')).toHaveAttribute('data-landmarks', '1x478', { timeout: 30_000 });
  await expect(page.getByTestId('beauty-noface')).toHaveCount(0);
  // The model came from our own origin, once.
  expect(requests.filter((r) => r.url.endsWith(MODEL_URL))).toHaveLength(1);
  await expectAccessible(page);
  expectOnlyOwnOrigin(requests, new URL(baseURL!).origin);
});

/** Mean luma of the live preview around a point (0..1) and in its top-left corner, from its next frame. */
function previewLuma(page: Page, at: { x: number; y: number }) {
  return page.evaluate(async (at) => {
    const { width, height, data } = await window.__pbTest!.previewPixels();
    const mean = (x0: number, y0: number, x1: number, y1: number) => {
      let sum = 0;
      let n = 0;
      for (let y = Math.round(y0 * height); y < Math.round(y1 * height); y++) {
        for (let x = Math.round(x0 * width); x < Math.round(x1 * width); x++) {
          const i = (y * width + x) * 4;
          sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
          n++;
        }
      }
      return sum / n;
    };
    return { face: mean(at.x - 0.03, at.y - 0.03, at.x + 0.03, at.y + 0.03), corner: mean(0, 0, 0.08, 0.08) };
  }, at);
}

test('eye enlarge, face slim, smoothing, brightness and enhance change the photo where they should, and only there', async ({ page, requests, baseURL }) => {
  const { plain, face, P } = await plainShot(page);
  expect([plain.width, plain.height]).toEqual([1280, 720]);

  await setLevels(page, { eyes: 100 });
  const eyes = await shoot(page);

  // Eye enlarge: each eye region changes, the image corners do not.
  for (const [outer, inner, iris] of [
    [33, 133, 468],
    [263, 362, 473],
  ] as const) {
    const c = P(iris);
    const r = Math.hypot(P(outer).x - P(inner).x, P(outer).y - P(inner).y) * 0.6;
    expect(meanDiff(plain, eyes, c.x - r, c.y - r, c.x + r, c.y + r), `eye ${iris} changed`).toBeGreaterThan(4);
  }
  const W = plain.width;
  const H = plain.height;
  for (const [x, y] of [
    [0, 0],
    [W - 120, 0],
    [0, H - 120],
    [W - 120, H - 120],
  ] as const) {
    expect(meanDiff(plain, eyes, x, y, x + 120, y + 120), `corner ${x},${y} unchanged`).toBeLessThan(0.5);
  }

  // Face slim: the jaw edge moves toward the face's centre line on both sides, and nothing
  // outside the face moves: past the mesh's pinned ring (plus a margin of 5% of the face's
  // radius) the photo is the same as without slim. The frame is frozen, so the clip's own noise
  // is zero here: any change there would be the warp's.
  await setLevels(page, { slim: 100 });
  const slim = await shoot(page);
  const leftJaw = P(172);
  const rightJaw = P(397);
  expect(horizontalShift(plain, slim, leftJaw.x, leftJaw.y), 'left jaw moves right').toBeGreaterThanOrEqual(3);
  expect(horizontalShift(plain, slim, rightJaw.x, rightJaw.y), 'right jaw moves left').toBeLessThanOrEqual(-3);
  const oval = FACE_OVAL.map(P);
  // (The same measure sees the warp between the jaw and the pinned ring.)
  expect(diffOutside(plain, slim, oval, 1), 'slim moves the jaw line and the margin around it').toBeGreaterThan(0.3);
  expect(diffOutside(plain, slim, oval, PIN_RING + 0.05), 'collar, hair and background around the face do not move').toBeLessThan(0.1);

  // Smoothing: the cheeks lose at least half of their high-frequency energy; eyes and brows keep
  // at least 85% of theirs (they are cut out of the skin mask).
  await setLevels(page, { smooth: 100 });
  const smooth = await shoot(page);
  for (const cheekIdx of [205, 425]) {
    const c = P(cheekIdx);
    const before = hfEnergy(plain, c.x - 12, c.y - 12, c.x + 12, c.y + 12);
    const after = hfEnergy(smooth, c.x - 12, c.y - 12, c.x + 12, c.y + 12);
    expect(after, `cheek ${cheekIdx} energy ${before.toFixed(2)} → ${after.toFixed(2)}`).toBeLessThan(before * 0.5);
  }
  for (const [name, ring] of [
    ['right eye', RIGHT_EYE_RING],
    ['left eye', LEFT_EYE_RING],
    ['right brow', RIGHT_BROW_RING],
    ['left brow', LEFT_BROW_RING],
  ] as const) {
    const box = boxOf(ring.map(P), 2);
    const before = hfEnergy(plain, ...box);
    const after = hfEnergy(smooth, ...box);
    expect(after, `${name} energy ${before.toFixed(2)} → ${after.toFixed(2)}`).toBeGreaterThan(before * 0.85);
  }

  // Brightness lifts the face's mean luma (cheeks, forehead), not the background's (the corners).
  await setLevels(page, { brightness: 100 });
  const bright = await shoot(page);
  const lift = (x0: number, y0: number, x1: number, y1: number) => meanLuma(bright, x0, y0, x1, y1) - meanLuma(plain, x0, y0, x1, y1);
  const faceLift = [205, 425, 151].map((i) => P(i)).map((c) => lift(c.x - 12, c.y - 12, c.x + 12, c.y + 12));
  const backgroundLift = [lift(0, 0, 120, 120), lift(W - 120, 0, W, 120)];
  for (const l of faceLift) expect(l, `face luma lift ${faceLift.map((x) => x.toFixed(1))}`).toBeGreaterThan(6);
  for (const l of backgroundLift) expect(Math.abs(l), `background luma lift ${backgroundLift.map((x) => x.toFixed(1))}`).toBeLessThan(0.5);
  // The preview shows it too (brightness alone asks for the landmarks): the forehead is lifted on
  // screen, the corner is not. (The preview is mirrored: x is flipped.)
  const forehead = { x: 1 - face[151]!.x, y: face[151]!.y };
  await setLevels(page, {});
  const plainPreview = await previewLuma(page, forehead);
  await setLevels(page, { brightness: 100 });
  await expect
    .poll(async () => (await previewLuma(page, forehead)).face - plainPreview.face, { message: 'the preview lifts the face' })
    .toBeGreaterThan(6);
  expect(Math.abs((await previewLuma(page, forehead)).corner - plainPreview.corner), 'the preview leaves the corner').toBeLessThan(1);

  // Enhance: more fine detail around the eyes, the background untouched.
  await setLevels(page, { enhance: 100 });
  const enhanced = await shoot(page);
  for (const iris of [468, 473]) {
    const c = P(iris);
    const before = detail(plain, c.x, c.y, 14);
    const after = detail(enhanced, c.x, c.y, 14);
    expect(after, `eye ${iris} detail ${before.toFixed(2)} → ${after.toFixed(2)}`).toBeGreaterThan(before * 1.15);
  }
  expect(meanDiff(plain, enhanced, 0, 0, 120, 120), 'background unchanged by enhance').toBeLessThan(0.5);
  expectOnlyOwnOrigin(requests, new URL(baseURL!).origin);
});

test('presets set the nine sliders to their documented values; reset returns them to zero', async ({ page, requests, baseURL }) => {
  await openBooth(page, { shots: 1, countdown: 0 });
  const panel = page.getByTestId('beauty-panel');
  await page.getByTestId('beauty-enable').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('beauty-enable')).toBeChecked();
  const documented: Record<string, Record<Level, number>> = {
    natural: { smooth: 30, brightness: 10, enhance: 20, slim: 0, eyes: 0, lips: 0, blush: 0, teeth: 0, eyeWhites: 0 },
    fresh: { smooth: 45, brightness: 35, enhance: 30, slim: 10, eyes: 10, lips: 20, blush: 25, teeth: 20, eyeWhites: 20 },
    glamour: { smooth: 70, brightness: 25, enhance: 55, slim: 35, eyes: 25, lips: 55, blush: 30, teeth: 40, eyeWhites: 30 },
    cute: { smooth: 60, brightness: 30, enhance: 10, slim: 30, eyes: 55, lips: 30, blush: 45, teeth: 30, eyeWhites: 40 },
  };
  for (const [id, levels] of Object.entries(documented)) {
    const button = panel.getByRole('button', { name: tr('en', `beauty.presets.${id}`), exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    for (const key of LEVELS) {
      const slider = panel.getByLabel(tr('en', `beauty.levels.${key}`));
      await expect(slider).toHaveValue(String(levels[key]));
      await expect(slider.locator('xpath=following-sibling::output')).toHaveText(String(levels[key]));
    }
  }
  // Sliders work from the keyboard.
  const smooth = panel.getByLabel(tr('en', 'beauty.levels.smooth'));
  await smooth.focus();
  await page.keyboard.press('ArrowRight');
  await expect(smooth).toHaveValue('61');
  await panel.getByRole('button', { name: tr('en', 'beauty.reset') }).click();
  for (const key of LEVELS) await expect(panel.getByLabel(tr('en', `beauty.levels.${key}`))).toHaveValue('0');
  // Remembered for the session: a reload keeps the toggle and the levels.
  await panel.getByRole('button', { name: tr('en', 'beauty.presets.cute'), exact: true }).click();
  await page.reload();
  await expect(page.getByTestId('beauty-enable')).toBeChecked();
  await expect(page.locator('input[data-level="eyes"]')).toHaveValue('55');
  expectOnlyOwnOrigin(requests, new URL(baseURL!).origin);
});

test.describe('beauty when the model cannot load', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource.*404/] });

  test('the panel says face effects are unavailable and capture still works', async ({ page, requests, baseURL }) => {
    await page.route(`**${MODEL_URL}`, (route) => route.fulfill({ status: 404, body: 'not found' }));
    await openBooth(page, { shots: 1, countdown: 0 });
    await page.getByTestId('beauty-enable').check();
    await expect(page.getByTestId('beauty-unavailable')).toHaveText(
      tr('en', 'beauty.unavailable', { reason: tr('en', 'beauty.reasons.model') }),
      { timeout: 30_000 },
    );
    await setLevels(page, { slim: 100, brightness: 40 });
    const photo = await shoot(page);
    expect([photo.width, photo.height]).toEqual([1280, 720]);
    await expect(page.getByTestId('captured-thumb')).toHaveCount(1);
    // The way out: once the model is reachable again, "Try again" brings face effects back.
    await page.unroute(`**${MODEL_URL}`);
    await page.getByTestId('beauty-retry').click();
    await expect(page.getByTestId('beauty-panel')).toHaveAttribute('data-model', 'ready', { timeout: 60_000 });
    await expect(page.getByTestId('beauty-unavailable')).toHaveCount(0);
    expectOnlyOwnOrigin(requests, new URL(baseURL!).origin);
  });
});

test('after a lost WebGL context is restored, the beauty passes are rebuilt and still retouch', async ({ page, requests, baseURL }) => {
  await openBooth(page, { shots: 1, countdown: 0 });
  await enableBeauty(page);
  await freeze(page);
  await setLevels(page, {});
  const plain = await shoot(page);

  const canvas = page.getByTestId('booth-canvas');
  await canvas.evaluate((c: HTMLCanvasElement) => {
    const ext = c.getContext('webgl2')!.getExtension('WEBGL_lose_context')!;
    ext.loseContext();
    (window as unknown as { __restoreGl?: () => void }).__restoreGl = () => ext.restoreContext();
  });
  await expect(page.getByTestId('webgl-notice')).toBeVisible();
  await page.evaluate(() => (window as unknown as { __restoreGl: () => void }).__restoreGl());
  await expect(page.getByTestId('webgl-notice')).toHaveCount(0);

  // Eye enlarge (the full-resolution pass) and smoothing (the rebuilt mask geometry and blur).
  await setLevels(page, { eyes: 100, smooth: 100 });
  const { photo: retouched, face } = await shootWithStill(page);
  const P = (i: number) => ({ x: face[i]!.x * plain.width, y: face[i]!.y * plain.height });
  const eye = P(468);
  expect(meanDiff(plain, retouched, eye.x - 12, eye.y - 12, eye.x + 12, eye.y + 12)).toBeGreaterThan(4);
  const cheek = P(205);
  expect(detail(retouched, cheek.x, cheek.y, 12)).toBeLessThan(detail(plain, cheek.x, cheek.y, 12) * 0.75);
  expect(meanDiff(plain, retouched, 0, 0, 120, 120)).toBeLessThan(0.5);
  expectOnlyOwnOrigin(requests, new URL(baseURL!).origin);
});

import { launchWithCamera } from './env';
import { expect, expectAccessible, test } from './fixtures';
import { openBooth } from './drivers/booth';
import { freeze } from './helpers/beauty';
import { STYLE_IDS, styleFigures } from './helpers/styles';
import { tr } from './i18n';

/**
 * The art styles against the unstyled frame: a paused frame of the face clip drawn through each
 * style by the app's own pipeline (the test seam's styleFrame: the style stage alone, at the
 * frame's size), measured as a person would judge it (src: issue 52's "what it must show").
 */
test.use({ launchOptions: launchWithCamera({ clip: 'face-closeup-1280x720.mjpeg' }) });
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await openBooth(page, { drawn: true });
  await freeze(page);
});

test('oil paint flattens the flat regions and keeps the strong edges', async ({ page }) => {
  const f = await styleFigures(page, 'oil-paint');
  console.log('oil paint', f);
  expect(f.flatCount, 'flat, textured pixels to measure on').toBeGreaterThan(2000);
  expect(f.flatVariance, 'local variance in flat regions, as a share of the frame’s').toBeLessThanOrEqual(0.5);
  expect(f.edgeStep, 'the step across strong edges, as a share of the frame’s').toBeGreaterThanOrEqual(0.8);
});

test('pencil is mostly paper, with its dark strokes on the strongest edges', async ({ page }) => {
  const f = await styleFigures(page, 'pencil');
  console.log('pencil', f);
  expect(f.flatCount).toBeGreaterThan(2000);
  expect(f.white, 'share near paper-white').toBeGreaterThanOrEqual(0.6);
  expect(f.darkAtEdges, 'darkest near the strong edges').toBeLessThan(f.darkAtFlat - 60);
});

test('ink is black and white; the coloured ink keeps the picture’s colours in its strokes', async ({ page }) => {
  const ink = await styleFigures(page, 'ink');
  console.log('ink', ink);
  expect(ink.darkAtEdges).toBeLessThan(60);
  expect(ink.white).toBeGreaterThan(0.3);
  // Nothing but ink and paper (the edges of strokes aside).
  expect(ink.inkOrPaper, 'pixels that are ink or paper').toBeGreaterThan(0.9);
  const saturation = await page.evaluate(async () => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video')!;
    const s = window.__pbTest!.styleFrame(await createImageBitmap(video), 'ink-colour');
    let sum = 0;
    let n = 0;
    for (let i = 0; i < s.data.length; i += 4) {
      const max = Math.max(s.data[i]!, s.data[i + 1]!, s.data[i + 2]!);
      const min = Math.min(s.data[i]!, s.data[i + 1]!, s.data[i + 2]!);
      if (max < 200) {
        sum += max - min;
        n++;
      }
    }
    return sum / Math.max(1, n);
  });
  console.log('coloured ink: mean saturation of its strokes', saturation);
  expect(saturation).toBeGreaterThan(15);
});

test('cartoon has only its quantization’s levels inside flat regions, and dark outlines on the strong edges', async ({ page }) => {
  // Soft quantization (Winnemöller et al. 2006, eq. 8) with 6 level points: flat regions sit on
  // the 5 steps between them, (k + ½)·Δq.
  const levels = [0, 1, 2, 3, 4].map((k) => ((k + 0.5) / 5) * 255);
  const f = await styleFigures(page, 'cartoon', { levels });
  console.log('cartoon', f);
  expect(f.flatCount).toBeGreaterThan(2000);
  expect(f.onLevels, 'flat pixels on one of the quantization’s luminance steps').toBeGreaterThanOrEqual(0.85);
  expect(f.darkAtEdges, 'darkest near the strong edges').toBeLessThan(f.darkAtFlat * 0.6);
});

test('comic is a periodic dot pattern at its pitch', async ({ page }) => {
  // The pitch is 7 reference pixels (of a 720-pixel side): 7 px here, 10.5 at 1080 lines.
  const f = await styleFigures(page, 'comic');
  console.log('comic', f);
  expect(f.peakDistance).toBeGreaterThanOrEqual(6);
  expect(f.peakDistance).toBeLessThanOrEqual(8.1);
  expect(f.peakHeight, 'the autocorrelation at one pitch').toBeGreaterThan(0.2);
  const big = await styleFigures(page, 'comic', { width: 1920, height: 1080 });
  console.log('comic at 1080 lines', big);
  expect(big.peakDistance).toBeGreaterThanOrEqual(9.5);
  expect(big.peakDistance).toBeLessThanOrEqual(11.7);
});

test('watercolour darkens its edges more than its interiors', async ({ page }) => {
  const f = await styleFigures(page, 'watercolour');
  console.log('watercolour', f);
  expect(f.flatCount).toBeGreaterThan(2000);
  expect(f.edgeRatio, 'luma kept at edges vs in flat regions').toBeLessThan(f.flatRatio - 0.05);
});

test('each style’s sizes scale with the picture: the same frame at 640 and at 1920 px matches once downscaled', async ({ page }) => {
  test.setTimeout(360_000);
  const diffs = await page.evaluate(async (ids) => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video')!;
    const at = (w: number, h: number) => createImageBitmap(video, { resizeWidth: w, resizeHeight: h, resizeQuality: 'high' });
    const small = await at(640, 360);
    const large = await at(1920, 1080);
    const out: Record<string, number> = {};
    for (const id of ids) {
      const a = window.__pbTest!.styleFrame(small, id);
      const b = window.__pbTest!.styleFrame(large, id);
      const toBitmap = (f: { width: number; height: number; data: Uint8ClampedArray }) => createImageBitmap(new ImageData(new Uint8ClampedArray(f.data), f.width, f.height));
      // Both seen at 320×180 (a thumbnail a person compares them at): dots and grain average out alike.
      const read = async (f: { width: number; height: number; data: Uint8ClampedArray }) => {
        const c = new OffscreenCanvas(320, 180);
        const ctx = c.getContext('2d')!;
        ctx.imageSmoothingQuality = 'high';
        ctx.drawImage(await toBitmap(f), 0, 0, 320, 180);
        return ctx.getImageData(0, 0, 320, 180).data;
      };
      const pa = await read(a);
      const pb = await read(b);
      let sum = 0;
      for (let i = 0; i < pa.length; i += 4) sum += Math.abs(pa[i]! - pb[i]!) + Math.abs(pa[i + 1]! - pb[i + 1]!) + Math.abs(pa[i + 2]! - pb[i + 2]!);
      out[id] = sum / ((pa.length / 4) * 3);
    }
    return out;
  }, [...STYLE_IDS]);
  console.log('640 vs 1920, mean RGB difference at 320×180', diffs);
  for (const id of STYLE_IDS) expect(diffs[id]!, id).toBeLessThan(14);
});

test('the style strip by keyboard: arrows move the style, its one setting shows, and axe finds nothing serious', async ({ page }) => {
  const none = page.getByTestId('style-none');
  await expect(none).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('style-setting')).toHaveCount(0);
  await none.focus();
  await page.keyboard.press('ArrowRight');
  const oil = page.getByTestId('style-oil-paint');
  await expect(oil).toHaveAttribute('aria-checked', 'true');
  await expect(oil).toBeFocused();
  // Its one setting: the brush, labelled, moved by the keyboard.
  const brush = page.getByLabel(tr('en', 'styles.settings.brush'));
  await expect(brush).toHaveValue('6');
  await brush.focus();
  await page.keyboard.press('ArrowRight');
  await expect(brush).toHaveValue('7');
  // Keys 1–9 stay the filters' (outside a text or range field): 2 is black and white, the style stays.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('2');
  await expect(page.getByTestId('filter-grayscale')).toHaveAttribute('aria-checked', 'true');
  await expect(oil).toHaveAttribute('aria-checked', 'true');
  await oil.focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('style-watercolour')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel(tr('en', 'styles.settings.strength'))).toHaveValue('50');
  await expectAccessible(page, 'booth with a style chosen');
  // Live thumbnails, drawn while the strip is on screen (the camera playing again): pencil's is
  // a sketch on paper, the no-style one the plain picture. The preview back to no style first: on
  // SwiftShader a painted preview takes a second or more a frame, and a thumbnail waits for one.
  await page.getByTestId('style-watercolour').press('Home');
  await expect(page.getByTestId('style-none')).toHaveAttribute('aria-checked', 'true');
  await page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video')!.play());
  await page.getByTestId('style-picker').scrollIntoViewIfNeeded();
  const thumbWhite = (id: string) =>
    page.getByTestId(`style-${id}`).locator('canvas').evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let white = 0;
      for (let i = 0; i < d.length; i += 4) if (0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]! >= 215) white++;
      return white / (d.length / 4);
    });
  await expect.poll(() => thumbWhite('pencil'), { timeout: 60_000, message: 'the pencil thumbnail is drawn' }).toBeGreaterThan(0.5);
  await expect.poll(() => thumbWhite('none'), { timeout: 30_000 }).toBeLessThan(0.3);
  expect(await page.getByTestId('style-none').locator('canvas').evaluate((c: HTMLCanvasElement) => Math.max(...c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data.filter((_, i) => i % 4 === 0)))).toBeGreaterThan(40);
  // The Japanese booth names them in Japanese.
  await page.goto('/ja/photobooth');
  await expect(page.getByRole('radiogroup', { name: tr('ja', 'styles.heading') })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('style-pencil')).toContainText(tr('ja', 'styles.names.pencil'));
});

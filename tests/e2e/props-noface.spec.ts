import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { freeze } from './helpers/beauty';
import { keepPreview, regionDiff } from './helpers/props';
import { openBooth } from './drivers/booth';

// A prop with nobody in view (the no-face clip): nothing is drawn.
test.use({ launchOptions: launchWithCamera({ clip: 'noface-640x480.mjpeg' }) });

test('with no face in view, no prop is drawn', async ({ page }) => {
  test.setTimeout(120_000);
  await openBooth(page, { shots: 1, countdown: 0 });
  await page.getByTestId('prop-crown').click();
  await expect(page.getByTestId('prop-picker')).toHaveAttribute('data-prop', 'crown');
  // The landmarker has looked at live frames and found nobody.
  await expect(page.getByTestId('beauty-panel')).toHaveAttribute('data-landmarks', '0x0', { timeout: 60_000 });
  await freeze(page);
  // The preview has settled on the paused frame: a camera frame from before the pause (one being
  // scaled in the worker when it came) can still be drawn after it, so two previews in a row must agree.
  await expect
    .poll(async () => (await keepPreview(page, 'a'), await keepPreview(page, 'b'), regionDiff(page, 'a', 'b', [0, 0, 1, 1])), {
      message: 'the preview settled on the paused frame',
      timeout: 20_000,
    })
    .toBe(0);
  await keepPreview(page, 'withProp');
  await page.getByTestId('prop-none').click();
  await keepPreview(page, 'without');
  expect(await regionDiff(page, 'withProp', 'without', [0, 0, 1, 1])).toBe(0);
});

test('every prop icon and backdrop swatch is drawn, after the booth has mounted', async ({ page }) => {
  await openBooth(page);
  // Each canvas's share of pixels with any ink (drawn a few per task once the booth is up: PaintedCanvas).
  const inked = (selector: string) =>
    page.locator(selector).evaluateAll((canvases) =>
      (canvases as HTMLCanvasElement[]).map((c) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let ink = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) ink++;
        return { size: `${c.width}x${c.height}`, ink: ink / (c.width * c.height) };
      }),
    );
  for (const [selector, least] of [['canvas.prop-icon', 0.03], ['canvas.bg-swatch', 0.9]] as const) {
    await expect
      .poll(async () => (await inked(selector)).filter((c) => c.ink < least).length, { message: `${selector}: canvases with no drawing` })
      .toBe(0);
    const all = await inked(selector);
    expect(all.length, `${selector}: canvases`).toBeGreaterThan(4);
    // Sized at the screen's pixel density (1 here): 72×44 icons, 72×40 swatches.
    expect(new Set(all.map((c) => c.size)), `${selector}: sizes`).toEqual(new Set([selector === 'canvas.prop-icon' ? '72x44' : '72x40']));
  }
});

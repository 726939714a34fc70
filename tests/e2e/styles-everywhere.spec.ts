import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { openBooth } from './drivers/booth';
import { toStrip } from './drivers/strip';
import { freeze } from './helpers/beauty';
import { captureSequence } from './helpers/capture';
import { decodeJpeg, mp4Frame } from './helpers/designs';
import { readDownload, saveFrom, turnMotionOn } from './helpers/motion';
import { keepSettledPreview } from './helpers/props';
import { againstStills, coverRect, inner, sessionStills, type Still } from './helpers/styled';
import { pickStyle, STYLE_IDS } from './helpers/styles';
import { tr } from './i18n';
import { layoutById } from '../../src/features/strip/layouts';

/**
 * Every art style wherever a photo goes after the shutter: one 8-shot sequence on a frozen camera,
 * the first shot plain and each of the seven styles retaken into its own slot, then the strip JPG
 * (each slot is its own photo, not another style's) and each shot's boomerang MP4 (its frames are
 * its own photo's style). The photos themselves match the preview per style in styles-booth.spec.
 */
test.use({ launchOptions: launchWithCamera({ clip: 'face-640x480.mjpeg' }) });

const LOOKS = ['none', ...STYLE_IDS] as const;

/** Which still a picture is: the index of the smallest difference, and how far the next one is. */
function verdict(diffs: number[]): { closest: number; own: number; next: number } {
  const order = diffs.map((d, i) => [d, i] as const).sort((a, b) => a[0] - b[0]);
  return { closest: order[0]![1], own: order[0]![0], next: order[1]![0] };
}

test('every style is in its boomerang’s MP4 frames and in its slot of the strip JPG', async ({ page }) => {
  test.setTimeout(600_000);
  await openBooth(page, { drawn: true });
  await turnMotionOn(page);
  await freeze(page);
  await captureSequence(page, { shots: LOOKS.length, countdown: 0 });
  await page.getByTestId('countdown').selectOption('3');
  const stage = page.getByTestId('booth-stage');
  for (const [i, look] of LOOKS.entries()) {
    if (look === 'none') continue;
    const before = (await page.evaluate(() => window.__pbTest!.photos()))[i]!.id;
    await pickStyle(page, look);
    // The style's programs compile and its frames settle (seconds on a software GPU) before the
    // retake, so the burst's frames before the shutter are drawn in it too.
    await expect
      .poll(() => page.evaluate(() => window.__pbTest!.previewPixels(20_000).then(() => true, () => false)), { timeout: 120_000, message: `a frame drawn in ${look}` })
      .toBe(true);
    await keepSettledPreview(page, 'settled');
    await page.getByTestId(`retake-${i + 1}`).click();
    await expect
      .poll(() => page.evaluate((i) => window.__pbTest!.photos()[i]!, i).then((p) => p.id !== before && !!p.motion), { timeout: 120_000, message: `shot ${i + 1} retaken in ${look} with its burst` })
      .toBe(true);
    await expect(stage).toHaveAttribute('data-capturing', 'false', { timeout: 60_000 });
  }
  const stills = await sessionStills(page);
  const photos = await page.evaluate(() => window.__pbTest!.photos());

  await toStrip(page, LOOKS.length);
  await expect(page.getByTestId('strip-canvas')).toHaveAttribute('data-drawn-layout', 'classic');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: tr('en', 'strip.downloadJpg'), exact: true }).click()]);
  const strip = decodeJpeg(await readDownload(file));
  const slots = layoutById('classic').slots(LOOKS.length);
  const px = (s: (typeof slots)[number]) => ({ x: s.x * strip.width, y: s.y * strip.height, w: s.w * strip.width, h: s.h * strip.height });
  for (const [i, look] of LOOKS.entries()) {
    const slot = px(slots[i]!);
    const v = verdict(againstStills(strip, inner(slot), stills, (s: Still) => inner(coverRect(s, slot.w, slot.h))));
    console.log(`strip slot ${i + 1} (${look}): closest photo ${v.closest + 1} at ${v.own.toFixed(1)}, the next at ${v.next.toFixed(1)}`);
    expect(v.closest, `slot ${i + 1} of the strip JPG is the ${look} photo`).toBe(i);
  }

  await expect(page.getByTestId('motion-panel')).toBeVisible({ timeout: 20_000 });
  for (const [i, look] of LOOKS.entries()) {
    const m = photos[i]!.motion!;
    const mp4 = await saveFrom(page, `motion-save-${i + 1}`);
    for (const frame of [0, m.shutterIndex]) {
      const picture = await mp4Frame(page, mp4.bytes, frame, m.fps);
      // Cells of about 4 px of the frame: H.264 at a boomerang's size keeps little of a style's finest texture.
      const v = verdict(againstStills(picture, { x: 0, y: 0, w: picture.width, h: picture.height }, stills, (s) => ({ x: 0, y: 0, w: s.width, h: s.height }), Math.round(picture.width / 4)));
      console.log(`boomerang ${i + 1} (${look}) frame ${frame}: closest photo ${v.closest + 1} at ${v.own.toFixed(1)}, the next at ${v.next.toFixed(1)}`);
      expect(v.closest, `frame ${frame} of boomerang ${i + 1} is drawn in ${look}`).toBe(i);
    }
  }
});

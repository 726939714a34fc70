import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { PHONE } from './helpers/layout';
import { changeEverySetting, MIN_PICTURE_SHARE, PHONES } from './helpers/phoneSettings';
import { openBooth } from './drivers/booth';
import { captureSequence } from './helpers/capture';

/**
 * The phone booth (issue 65): at 360×740, 390×844 and 412×915 in portrait, with and without photos
 * taken, every setting a guest changes can be reached and changed with at least 80% of the live
 * picture on screen. Before, changing the number of shots at 390×844 left the picture 1,896 px
 * above the screen (the stage unpinned once the controls grew, the settings ~2,300 px below it).
 */
test.use({ ...PHONE, launchOptions: launchWithCamera({ clip: 'face-portrait-1080x1920.mjpeg' }) });

for (const viewport of PHONES) {
  for (const photos of [false, true]) {
    test(`${viewport.width}×${viewport.height}, ${photos ? 'a photo taken' : 'no photos yet'}: every setting is reached and changed with the picture on screen`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await openBooth(page);
      if (photos) await captureSequence(page, { shots: 1, countdown: 0 });
      await page.evaluate(() => window.scrollTo(0, 0));
      const figures = await changeEverySetting(page);
      const pct = (n: number) => `${Math.round(n * 100)}%`;
      console.log(`${viewport.width}×${viewport.height} ${photos ? 'photo' : 'none'}: ${figures.map((f) => `${f.name} ${pct(f.box)}/${pct(f.seen)}${f.reachable ? '' : ` UNREACHABLE (${f.why})`}`).join('; ')}`);
      for (const f of figures) {
        expect.soft(f.reachable, `${f.name}: reachable (${f.why})`).toBe(true);
        expect.soft(f.box, `${f.name}: the picture's box on screen`).toBeGreaterThanOrEqual(MIN_PICTURE_SHARE);
        expect.soft(f.seen, `${f.name}: the picture seen, nothing over it`).toBeGreaterThanOrEqual(MIN_PICTURE_SHARE);
      }
    });
  }
}

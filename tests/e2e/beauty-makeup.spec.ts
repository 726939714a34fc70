import { launchWithCamera } from './env';
import { expect, expectAccessible, expectOnlyOwnOrigin, test } from './fixtures';
import { boxOf, diffOutside, meanDiff, meanLuma, plainShot, redToGreen, setLevels, shoot, yellowness } from './helpers/beauty';
import { tr } from './i18n';
import { FACE_OVAL, INNER_LIPS_RING, LIPS_RING, RIGHT_EYE_RING, LEFT_EYE_RING } from '../../src/features/beauty/faceRegions';


// Makeup from the landmarks (the close-up clip), measured on the saved photo and on the preview.
test.use({ launchOptions: launchWithCamera({ clip: 'face-closeup-1280x720.mjpeg' }) });
test.describe.configure({ timeout: 120_000 });

test('lip tint colours the lips only, in the chosen shade; blush warms the cheeks only; teeth and eye whites whiten', async ({ page, requests, baseURL }) => {
  const { plain, face, P } = await plainShot(page);
  // Inside the lips' outline (shrunk 3 px off the edge), the two cheeks, the eyes.
  const lips = boxOf(LIPS_RING.map(P), -3);
  const cheeks = [205, 425].map((i) => P(i)).map((c) => [c.x - 12, c.y - 12, c.x + 12, c.y + 12] as const);
  const eyes = [RIGHT_EYE_RING, LEFT_EYE_RING].map((r) => boxOf(r.map(P), 2));

  // Lip tint at 100, the default shade (rose): the lips turn redder; cheeks and eyes do not change.
  await setLevels(page, { lips: 100 });
  const rose = await shoot(page);
  expect(redToGreen(rose, ...lips), 'lips redder').toBeGreaterThan(redToGreen(plain, ...lips) * 1.08);
  for (const c of [...cheeks, ...eyes]) expect(meanDiff(plain, rose, ...c), 'cheeks and eyes untouched by the lip tint').toBeLessThan(0.1);
  expect(diffOutside(plain, rose, FACE_OVAL.map(P), 1), 'nothing outside the face').toBeLessThan(0.1);

  // Another shade gives other lips (berry is darker than rose).
  await page.getByRole('radio', { name: tr('en', 'beauty.colors.berry') }).check();
  const berry = await shoot(page);
  expect(meanDiff(rose, berry, ...lips), 'berry lips differ from rose').toBeGreaterThan(3);

  // The preview shows the tint too (what you see is what you get): the lips' red-to-green ratio
  // rises on screen. (The preview is mirrored: x is flipped.)
  const lipCentre = { x: 1 - (face[13]!.x + face[14]!.x) / 2, y: (face[13]!.y + face[14]!.y) / 2 + 0.012 };
  const previewRG = () =>
    page.evaluate(async (at) => {
      const { width, height, data } = await window.__pbTest!.previewPixels();
      let r = 0;
      let g = 0;
      for (let y = Math.round(at.y * height) - 2; y <= Math.round(at.y * height) + 2; y++) {
        for (let x = Math.round(at.x * width) - 6; x <= Math.round(at.x * width) + 6; x++) {
          const i = (y * width + x) * 4;
          r += data[i]!;
          g += data[i + 1]!;
        }
      }
      return r / g;
    }, lipCentre);
  const tinted = await previewRG();
  await setLevels(page, {});
  await expect.poll(previewRG, { message: 'the preview without lip tint is less red' }).toBeLessThan(tinted / 1.05);

  // Blush at 100: both cheeks warmer; lips, eyes and everything outside the face untouched.
  await setLevels(page, { blush: 100 });
  const blush = await shoot(page);
  for (const c of cheeks) expect(redToGreen(blush, ...c), 'cheek warmer').toBeGreaterThan(redToGreen(plain, ...c) * 1.02);
  for (const c of [lips, ...eyes]) expect(meanDiff(plain, blush, ...c), 'lips and eyes untouched by the blush').toBeLessThan(0.1);
  expect(diffOutside(plain, blush, FACE_OVAL.map(P), 1), 'nothing outside the face').toBeLessThan(0.1);

  // Whiter teeth at 100: inside the mouth's opening the teeth get lighter and less yellow; cheeks,
  // eyes and everything outside the face stay as they were.
  const mouth = boxOf(INNER_LIPS_RING.map(P), -2);
  await setLevels(page, { teeth: 100 });
  const teeth = await shoot(page);
  expect(meanLuma(teeth, ...mouth), 'teeth lighter').toBeGreaterThan(meanLuma(plain, ...mouth) + 3);
  expect(yellowness(teeth, ...mouth), 'teeth less yellow').toBeLessThan(yellowness(plain, ...mouth) * 0.8);
  for (const c of [...cheeks, ...eyes]) expect(meanDiff(plain, teeth, ...c), 'cheeks and eyes untouched by whiter teeth').toBeLessThan(0.1);
  expect(diffOutside(plain, teeth, FACE_OVAL.map(P), 1), 'nothing outside the face').toBeLessThan(0.1);

  // Brighter eyes at 100: the eyes' openings get lighter; the mouth and cheeks do not change.
  await setLevels(page, { eyeWhites: 100 });
  const whites = await shoot(page);
  for (const e of eyes) expect(meanLuma(whites, ...e), 'eye whites lighter').toBeGreaterThan(meanLuma(plain, ...e) + 1.5);
  for (const c of [mouth, ...cheeks]) expect(meanDiff(plain, whites, ...c), 'mouth and cheeks untouched by brighter eyes').toBeLessThan(0.1);

  await expectAccessible(page);
  expectOnlyOwnOrigin(requests, new URL(baseURL!).origin);
});

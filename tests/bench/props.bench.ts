import { chromium, expect, test } from '@playwright/test';
import { launchWithCamera } from '../e2e/env';
import { measureShown, type ShownMeasure } from './shown';

// Face-tracked props (src/features/props): the props pass's GPU time per frame for one, two and
// four faces at 640×360 and 1280×720 (on its own pipeline, each pass ended with a GPU sync), and
// pictures reaching the screen with a prop and the beauty retouch on, against neither, in the same
// run. The two-face group clip; four faces are the two found plus copies moved sideways.
// Printed, never asserted.

const SECONDS = 8;

test('props: GPU pass per frame and pictures reaching the screen', async ({ baseURL }) => {
  test.setTimeout(240_000);
  const browser = await chromium.launch(launchWithCamera({ clip: 'group-two-faces-1280x720.mjpeg' }));
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'], serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/photobooth');
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    await page.waitForTimeout(1000);
    const off = await measureShown(page, SECONDS * 1000);

    await page.getByTestId('prop-partyHat').click();
    await expect.poll(() => page.evaluate(() => window.__pbTest!.landmarks().live.length), { timeout: 60_000 }).toBe(2);
    const prop = await measureShown(page, SECONDS * 1000);

    await page.getByTestId('beauty-enable').check();
    await page.locator('.beauty-presets button').first().click();
    await page.waitForTimeout(1000);
    const both = await measureShown(page, SECONDS * 1000);

    const gpu = await page.evaluate(() =>
      [1, 2, 4].flatMap((n) => [640, 1280].map((w) => ({ n, w, ms: window.__pbTest!.timePropsPass('partyHat', n, w, (w * 9) / 16) }))),
    );
    const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
    const perSecond = (m: ShownMeasure) => m.shown / m.seconds;
    const rows = [
      ...gpu.map((g) => [`Props pass GPU, ${g.n} face(s), ${g.w}×${(g.w * 9) / 16}`, `${f(g.ms)} ms`, 'median of 15']),
      ['Pictures reaching the screen per s, no prop, no beauty (baseline)', f(perSecond(off)), `camera ${f(off.camera / off.seconds)} fps`],
      ['Pictures reaching the screen per s, party hat on two faces', f(perSecond(prop)), `ratio to baseline ${f(perSecond(prop) / perSecond(off), 2)}`],
      ['Pictures reaching the screen per s, party hat and the first beauty preset', f(perSecond(both)), `ratio to baseline ${f(perSecond(both) / perSecond(off), 2)}`],
    ];
    const w0 = Math.max(...rows.map((r) => r[0]!.length));
    console.log('\nProps benchmark (SwiftShader, 2 shared cores)\n' + rows.map((r) => `${r[0]!.padEnd(w0)}  ${r[1]!.padStart(9)}  ${r[2]}`).join('\n'));
  } finally {
    await browser.close();
  }
});

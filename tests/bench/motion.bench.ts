import { chromium, expect, test, type Page } from '@playwright/test';
import { launchWithCamera } from '../e2e/env';
import { chromiumRssMb } from './memory';
import { measureShown } from './shown';

// Motion (src/features/motion): what a burst costs a shot (the capture sequence's time and the
// pictures the preview shows while it records, motion on against off in the same run, and the bytes
// a burst keeps), encode time per second of output for MP4 and GIF (a 720 px boomerang and the
// 1280 px moving strip), and the page's JS heap and the browser's memory over ten motion rounds.
// Printed, never asserted.

const ROUNDS = 10;

async function shoot(page: Page, shots: number, countdown: number, motion: boolean) {
  const box = page.getByTestId('motion-on');
  if ((await box.isChecked()) !== motion) await box.setChecked(motion);
  await page.getByTestId('shot-count').selectOption(String(shots));
  await page.getByTestId('countdown').selectOption(String(countdown));
  const shown = measureShown(page, (countdown + 1.2) * shots * 1000);
  // Timed in the page, from the click to the sequence's end (the stage's data-capturing back to false).
  const ms = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const stage = document.querySelector('[data-testid="booth-stage"]')!;
        const t0 = performance.now();
        let started = false;
        const watch = new MutationObserver(() => {
          const capturing = stage.getAttribute('data-capturing');
          if (capturing === 'true') started = true;
          else if (started && capturing === 'false') {
            watch.disconnect();
            resolve(performance.now() - t0);
          }
        });
        watch.observe(stage, { attributes: true, attributeFilter: ['data-capturing'] });
        document.querySelector<HTMLButtonElement>('[data-testid="start-capture"]')!.click();
      }),
  );
  const m = await shown;
  return { ms, shownPerSecond: m.shown / m.seconds };
}

test('motion: capture overhead, encode time, file sizes, memory over ten rounds', async ({ baseURL }) => {
  test.setTimeout(600_000);
  const browser = await chromium.launch(launchWithCamera({ clip: 'face-1280x720.mjpeg' }));
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'], serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const heapMb = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize / 1e6;
    };
    await page.goto('/photobooth');
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    await expect(page.getByTestId('motion-on')).toBeEnabled();
    await page.waitForTimeout(1000);

    const off = await shoot(page, 2, 3, false);
    const on = await shoot(page, 2, 3, true);
    const bursts = await page.evaluate(() => window.__pbTest!.motion.burstBytes());
    const encodes = await page.evaluate(async () => {
      const m = window.__pbTest!.motion;
      return {
        mp4: await m.encode(0, 'mp4'),
        gif: await m.encode(0, 'gif'),
        stripMp4: await m.encode('strip', 'mp4'),
        stripGif: await m.encode('strip', 'gif'),
      };
    });

    const heap0 = await heapMb();
    const rss0 = chromiumRssMb();
    const rounds: { heap: number; rss: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      await shoot(page, 1, 0, true);
      await page.evaluate(() => window.__pbTest!.motion.encode(0, 'mp4'));
      rounds.push({ heap: await heapMb(), rss: chromiumRssMb() });
    }

    const f = (n: number, d = 1) => n.toFixed(d);
    const perSecond = (e: { ms: number; seconds: number }) => e.ms / e.seconds;
    const rows = [
      ['Capture sequence, 2 shots, 3 s countdown, motion off', `${f(off.ms / 1000, 2)} s`, `preview ${f(off.shownPerSecond)} pictures/s`],
      ['Capture sequence, 2 shots, 3 s countdown, motion on', `${f(on.ms / 1000, 2)} s`, `preview ${f(on.shownPerSecond)} pictures/s (ratio ${f(on.shownPerSecond / off.shownPerSecond, 2)})`],
      ['Motion overhead per shot (sequence time)', `${f((on.ms - off.ms) / 2)} ms`, 'the sequence ends when the last burst is in, 0.73 s after its shutter (here within the still\'s own capture and flash)'],
      ['Burst kept per shot (JPEG frames)', `${f(bursts.reduce((a, b) => a + b, 0) / bursts.length / 1024, 0)} KB`, `${bursts.map((b) => f(b / 1024, 0)).join(' / ')} KB`],
      ['Encode, boomerang MP4 720 px', `${f(perSecond(encodes.mp4), 0)} ms per s of output`, `${f(encodes.mp4.bytes / 1024, 0)} KB, ${f(encodes.mp4.seconds, 2)} s, ${encodes.mp4.width}×${encodes.mp4.height}`],
      ['Encode, boomerang GIF 720 px', `${f(perSecond(encodes.gif), 0)} ms per s of output`, `${f(encodes.gif.bytes / 1024, 0)} KB, ${f(encodes.gif.seconds, 2)} s, ${encodes.gif.width}×${encodes.gif.height}`],
      ['Encode, moving strip MP4', `${f(perSecond(encodes.stripMp4), 0)} ms per s of output`, `${f(encodes.stripMp4.bytes / 1024, 0)} KB, ${encodes.stripMp4.width}×${encodes.stripMp4.height}`],
      ['Encode, moving strip GIF', `${f(perSecond(encodes.stripGif), 0)} ms per s of output`, `${f(encodes.stripGif.bytes / 1024, 0)} KB, ${encodes.stripGif.width}×${encodes.stripGif.height}`],
      ['JS heap before the rounds (after GC)', `${f(heap0)} MB`, ''],
      [`JS heap after each of ${ROUNDS} rounds (shot + MP4)`, `${f(rounds.at(-1)!.heap)} MB`, rounds.map((r) => f(r.heap)).join(' ')],
      ['Chromium RSS before the rounds', `${f(rss0, 0)} MB`, 'all processes'],
      [`Chromium RSS after each of ${ROUNDS} rounds`, `${f(rounds.at(-1)!.rss, 0)} MB`, rounds.map((r) => f(r.rss, 0)).join(' ')],
    ];
    const w0 = Math.max(...rows.map((r) => r[0]!.length));
    console.log('\nMotion benchmark (SwiftShader, 2 shared cores)\n' + rows.map((r) => `${r[0]!.padEnd(w0)}  ${r[1]!.padStart(22)}  ${r[2]}`).join('\n'));
  } finally {
    await browser.close();
  }
});

import { chromium, expect, test } from '@playwright/test';
import { launchWithCamera } from '../e2e/env';
import { chromiumRssMb } from './memory';

// Video messages (src/features/message): a 25 s message from the sync fixtures (the booth page's
// limit is 30 s; event mode's 60 s is not built yet), stopped with Stop. Peak memory of
// every Chromium process while it records, against the booth at rest in the same run (goal: under
// 150 MB above it, whatever the length: the file is written out as it is made); main-thread long
// tasks while recording (goal: none); and the time from Stop to a file the review can play (goal:
// under 1 s). Printed, never asserted.

const SECONDS = Number(process.env.MESSAGE_BENCH_SECONDS ?? 25);

test('video message: memory, long tasks and stop-to-playable over a 25 s recording', async ({ baseURL }) => {
  test.setTimeout(SECONDS * 1000 + 240_000);
  const browser = await chromium.launch(launchWithCamera({ clip: 'message-sync-1280x720.mjpeg', audio: 'message-sync.wav' }));
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera', 'microphone'], serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/photobooth');
    await expect(page.getByTestId('start-capture')).toBeEnabled({ timeout: 30_000 });
    await expect(page.getByTestId('message-record')).toBeEnabled({ timeout: 30_000 });
    // The booth at rest: the highest of a few readings over 5 s.
    let rest = 0;
    for (let i = 0; i < 5; i++) {
      rest = Math.max(rest, chromiumRssMb());
      await page.waitForTimeout(1000);
    }
    await page.evaluate(() => {
      const w = window as unknown as { __long: number[] };
      w.__long = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push(e.duration))).observe({ type: 'longtask', buffered: false });
    });
    await page.getByTestId('message-record').click();
    await expect(page.getByTestId('message-live')).toHaveAttribute('data-phase', 'recording', { timeout: 30_000 });
    await page.evaluate(() => ((window as unknown as { __long: number[] }).__long = []));
    let peak = 0;
    const until = Date.now() + SECONDS * 1000;
    while (Date.now() < until) {
      peak = Math.max(peak, chromiumRssMb());
      await page.waitForTimeout(500);
    }
    const long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long.slice());
    const stopAt = Date.now();
    await page.getByTestId('message-stop').click();
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="message-video"]')?.readyState ?? 0) >= 2, undefined, { timeout: 60_000 });
    const stopToPlayable = (Date.now() - stopAt) / 1000;
    const size = await page.evaluate(async () => (await fetch(document.querySelector<HTMLVideoElement>('[data-testid="message-video"]')!.src)).blob().then((b) => b.size));
    const f = (n: number, d = 1) => n.toFixed(d);
    const rows = [
      ['Chromium memory, booth at rest (baseline)', `${f(rest, 0)} MB`, 'highest of 5 readings'],
      [`Chromium memory, peak while recording ${SECONDS} s`, `${f(peak, 0)} MB`, `${f(peak - rest, 0)} MB above rest (goal < 150)`],
      ['Main-thread long tasks while recording', String(long.length), long.length ? `longest ${f(Math.max(...long), 0)} ms (goal none)` : 'goal none'],
      ['Stop to a playable file', `${f(stopToPlayable, 2)} s`, 'goal < 1 s'],
      ['Message file', `${f(size / 1e6, 1)} MB`, `${f((size * 8) / SECONDS / 1e6, 2)} Mbit/s`],
    ];
    const w0 = Math.max(...rows.map((r) => r[0]!.length));
    console.log('\nVideo message benchmark\n' + rows.map((r) => `${r[0]!.padEnd(w0)}  ${r[1]!.padStart(9)}  ${r[2]}`).join('\n'));
  } finally {
    await browser.close();
  }
});

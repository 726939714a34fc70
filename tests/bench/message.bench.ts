import { chromium, expect, test } from '@playwright/test';
import { launchWithCamera } from '../e2e/env';
import { startEvent } from '../e2e/drivers/event';
import { chromiumPssMb, chromiumRssMb, totalMb } from './memory';
import { attribute, attributionProbe } from './peer';

// Video messages (src/features/message): a 60 s message from the sync fixtures, recorded by an
// event guest (the host set 60 s, the longest; the booth page's limit is 30 s) and stopped with
// Stop just before its end (MESSAGE_BENCH_SECONDS sets a shorter one). Peak memory of every
// Chromium process while it records, against the booth at rest (settled) in the same run (goal:
// under 150 MB above it, whatever the length: the file is written out as it is made; the peak over
// the first 8 s is printed beside the whole message's, to show it does not grow with the length),
// as RSS and as PSS; main-thread long tasks while recording (goal: none); and the time from Stop
// to a file the review can play (goal: under 1 s). Printed, never asserted.

const SECONDS = Math.min(58, Number(process.env.MESSAGE_BENCH_SECONDS ?? 58));

test('video message: memory, long tasks and stop-to-playable over a 60 s recording in event mode', async ({ baseURL }) => {
  test.setTimeout(SECONDS * 1000 + 240_000);
  const browser = await chromium.launch(launchWithCamera({ clip: 'message-sync-1280x720.mjpeg', audio: 'message-sync.wav' }));
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera', 'microphone'], serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
    await context.addInitScript(attributionProbe); // long tasks and what ran in them (long animation frames)
    const page = await context.newPage();
    const now = () => page.evaluate(() => performance.now());
    const tasksIn = async (from: number, to: number) => attribute(await page.evaluate(() => window.__fsAttr), from, to);
    await startEvent(page, { shots: 1, countdown: 3, idle: 120, messages: { seconds: 60, prompts: '' } });
    // The booth at rest: its renderer grows by ~380 MB over the first ~10 s after the controls
    // are enabled (the face model, its wasm heap, the GL programs), so rest is read once the
    // memory has settled (two readings 2 s apart within 10 MB), then the highest of a few readings.
    let restPss = chromiumPssMb();
    for (let i = 0; i < 30; i++) {
      await page.waitForTimeout(2000);
      const now = chromiumPssMb();
      const still = Math.abs(totalMb(now) - totalMb(restPss)) < 10;
      restPss = now;
      if (still) break;
    }
    let rest = 0;
    for (let i = 0; i < 5; i++) {
      rest = Math.max(rest, chromiumRssMb());
      const pss = chromiumPssMb();
      if (totalMb(pss) > totalMb(restPss)) restPss = pss;
      await page.waitForTimeout(1000);
    }
    // Long tasks over 10 s on the attract screen, and over 10 s of the guest's screen before they
    // choose (the live preview, as while recording: SwiftShader's drawing and read-back make some).
    let t = await now();
    await page.waitForTimeout(10_000);
    const restLong = (await tasksIn(t, await now())).length;
    await page.getByTestId('event-start').click();
    await expect(page.getByTestId('event-message')).toBeVisible({ timeout: 30_000 });
    t = await now();
    await page.waitForTimeout(10_000);
    const poseLong = (await tasksIn(t, await now())).length;
    await page.getByTestId('event-message').click();
    await expect(page.getByTestId('message-live')).toHaveAttribute('data-phase', 'recording', { timeout: 30_000 });
    const recordingFrom = await now();
    let peak = 0;
    let peakPss: Record<string, number> = {};
    // The peak over the first 8 s too: the same as over the whole message when nothing grows with its length.
    let peakEarly = 0;
    const from = Date.now();
    const until = from + SECONDS * 1000;
    while (Date.now() < until) {
      peak = Math.max(peak, chromiumRssMb());
      const pss = chromiumPssMb();
      if (totalMb(pss) > totalMb(peakPss)) peakPss = pss;
      if (Date.now() - from < 8000) peakEarly = totalMb(peakPss);
      await page.waitForTimeout(500);
    }
    const tasks = await tasksIn(recordingFrom, await now());
    const long = tasks.map((x) => x.duration);
    const stopAt = Date.now();
    await page.getByTestId('message-stop').click();
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="message-video"]')?.readyState ?? 0) >= 2, undefined, { timeout: 60_000 });
    const stopToPlayable = (Date.now() - stopAt) / 1000;
    const size = await page.evaluate(async () => (await fetch(document.querySelector<HTMLVideoElement>('[data-testid="message-video"]')!.src)).blob().then((b) => b.size));
    const f = (n: number, d = 1) => n.toFixed(d);
    const rows = [
      ['Chromium memory, booth at rest (baseline)', `${f(rest, 0)} MB`, 'highest of 5 readings'],
      [`Chromium memory, peak while recording ${SECONDS} s`, `${f(peak, 0)} MB`, `${f(peak - rest, 0)} MB above rest (goal < 150)`],
      [`Chromium memory (PSS: shared pages once), peak above rest`, `${f(totalMb(peakPss) - totalMb(restPss), 0)} MB`, `goal < 150; first 8 s ${f(peakEarly - totalMb(restPss), 0)} MB above; ${f(totalMb(restPss), 0)} → ${f(totalMb(peakPss), 0)} MB: ${Object.keys(peakPss).map((k) => `${k} ${f(restPss[k] ?? 0, 0)} → ${f(peakPss[k]!, 0)}`).join(', ')}`],
      ['Main-thread long tasks while recording', String(long.length), `${long.length ? `longest ${f(Math.max(...long), 0)} ms; ` : ''}${f((long.length / SECONDS) * 10)} per 10 s; at rest (attract screen) ${restLong}, the guest's live preview before choosing ${poseLong} per 10 s (goal none)`],
      ['Stop to a playable file', `${f(stopToPlayable, 2)} s`, 'goal < 1 s'],
      ['Message file', `${f(size / 1e6, 1)} MB`, `${f((size * 8) / SECONDS / 1e6, 2)} Mbit/s`],
    ];
    const w0 = Math.max(...rows.map((r) => r[0]!.length));
    console.log('\nVideo message benchmark\n' + rows.map((r) => `${r[0]!.padEnd(w0)}  ${r[1]!.padStart(9)}  ${r[2]}`).join('\n'));
    // What took most of each long task while recording, by how often.
    const why = new Map<string, { n: number; ms: number }>();
    for (const x of tasks) why.set(x.top, { n: (why.get(x.top)?.n ?? 0) + 1, ms: (why.get(x.top)?.ms ?? 0) + x.duration });
    console.log('Long tasks while recording, by what took most of each:\n' + [...why].sort((a, b) => b[1].ms - a[1].ms).map(([k, v]) => `  ${v.n} × (${f(v.ms / v.n, 0)} ms avg) ${k}`).join('\n'));
  } finally {
    await browser.close();
  }
});

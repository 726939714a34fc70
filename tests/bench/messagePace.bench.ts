import { chromium, expect, test, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { freePort, launchWithCamera } from '../e2e/env';
import { probe, videoFigures } from '../e2e/helpers/message';
import { buildCommit, previewServer, type Server } from './baseline';
import { chromiumRssMb } from './memory';
import { measureShown } from './shown';

/**
 * A video message's size and pace (issue 65), this build beside the last one in one run: a 10 s
 * message from the booth page (1280×800, the sync fixtures' 1280×720 camera), and for each build
 * the message file's size and frames a second (ffprobe), the preview's frames a second on screen
 * while it records (refreshes with a new picture, tests/bench/shown.ts), the peak memory of every
 * Chromium process while recording, and main-thread long tasks while recording. "Last" is the test
 * build of PB_MESSAGE_BEFORE_REV (default 180ba8e, the last landed commit), built once into
 * reports/; "this" is dist-test/. Printed, never asserted.
 */
const BEFORE_REV = process.env.PB_MESSAGE_BEFORE_REV ?? '180ba8e';
const SECONDS = 10;

interface Pace {
  size: string;
  fileFps: number;
  frames: number;
  previewFps: number;
  cameraFps: number;
  peakMb: number;
  restMb: number;
  longTasks: number;
  longest: number;
  review: string;
}

async function messagePace(page: Page, url: string): Promise<Pace> {
  await page.goto(`${url}/photobooth`);
  await expect(page.locator('[data-testid="booth-stage"][data-camera-status="live"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('message-record')).toBeEnabled({ timeout: 60_000 });
  await page.waitForTimeout(3000); // the booth settles (the face model, the GL programs)
  const restMb = chromiumRssMb();
  await page.getByTestId('message-record').click();
  await expect(page.getByTestId('message-live')).toHaveAttribute('data-phase', 'recording', { timeout: 30_000 });
  let peakMb = 0;
  let watching = true;
  const watch = (async () => {
    while (watching) {
      peakMb = Math.max(peakMb, chromiumRssMb());
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  const shown = await measureShown(page, (SECONDS - 1) * 1000);
  watching = false;
  await watch;
  await page.keyboard.press('Space');
  await expect(page.getByTestId('message-review')).toBeVisible({ timeout: 60_000 });
  const review = ((await page.getByTestId('message-fps').textContent({ timeout: 1000 }).catch(() => null)) ?? '(says nothing of its pace)').trim();
  const bytes = await page.evaluate(async () => {
    const blob = await (await fetch(document.querySelector<HTMLVideoElement>('[data-testid="message-video"]')!.src)).blob();
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  const file = test.info().outputPath(`message-${Date.now()}.mp4`);
  writeFileSync(file, Buffer.from(bytes));
  const p = probe(file);
  const v = videoFigures(file);
  const span = v.times.at(-1)! - v.times[0]!;
  return {
    size: `${p.video!.width}×${p.video!.height}`,
    fileFps: (v.times.length - 1) / span,
    frames: v.times.length,
    previewFps: shown.shown / shown.seconds,
    cameraFps: shown.camera / shown.seconds,
    peakMb,
    restMb,
    longTasks: shown.longTasks,
    longest: shown.longest,
    review,
  };
}

test('video message: its size and frames a second, the preview’s while recording, memory and long tasks, this build beside the last', async ({ baseURL }) => {
  test.setTimeout(900_000);
  const before = buildCommit(BEFORE_REV, `message-${BEFORE_REV}-test`, console.log, 'test');
  let server: Server | null = null;
  const results: Record<'last' | 'this', Pace> = {} as never;
  try {
    server = await previewServer(before, await freePort());
    for (const [side, url] of [['last', server.url], ['this', baseURL!]] as const) {
      const browser = await chromium.launch(launchWithCamera({ clip: 'message-sync-1280x720.mjpeg', audio: 'message-sync.wav' }));
      try {
        const context = await browser.newContext({ permissions: ['camera', 'microphone'], serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
        results[side] = await messagePace(await context.newPage(), url);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server?.stop();
  }
  const f = (n: number, d = 1) => n.toFixed(d);
  const rows: [string, (p: Pace) => string][] = [
    ['Message size', (p) => p.size],
    ['Message frames a second (ffprobe)', (p) => `${f(p.fileFps)} (${p.frames} frames)`],
    ['Preview frames a second while recording', (p) => `${f(p.previewFps)} of the camera's ${f(p.cameraFps)}`],
    ['Chromium memory, peak while recording', (p) => `${f(p.peakMb, 0)} MB (${f(p.peakMb - p.restMb, 0)} above rest)`],
    ['Main-thread long tasks while recording', (p) => `${p.longTasks}${p.longTasks ? `, longest ${f(p.longest, 0)} ms` : ''}`],
    ['The review says', (p) => p.review],
  ];
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1](results.last).length), 10);
  console.log(
    `\nVideo message pace, ${SECONDS} s from the booth page (last = ${BEFORE_REV}, this = dist-test; load ${loadavg().map((x) => x.toFixed(1)).join('/')} on 2 cores)\n` +
      `${''.padEnd(w0)}  ${'last'.padEnd(w1)}  this\n` +
      rows.map(([name, cell]) => `${name.padEnd(w0)}  ${cell(results.last).padEnd(w1)}  ${cell(results.this)}`).join('\n'),
  );
});

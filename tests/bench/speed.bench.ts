import { chromium, expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freePort, launchWithCamera } from '../e2e/env';
import { buildCommit, previewServer, ROOT, type Build, type Server } from './baseline';
import { jpegSize } from './jpeg';
import { attempt, median, type Outcome } from './peer';
import { probe, type LongTask } from './speedProbe';

/**
 * The app's speed before and after the performance work, side by side, from one run: "before" is
 * the production build of commit 13c5f5c (built once into reports/bench-baseline-13c5f5c/ by
 * ./baseline.ts; PB_BEFORE_REV picks another commit), "after" the production build in dist/ (what
 * `npm run bench` builds; PB_AFTER_DIST names another build folder, PB_AFTER_REV a commit to build
 * as the baseline is). Each is served by its own `vite preview` (from its own project folder, so
 * with its own headers), and every measurement runs on before and then at once on after, so both
 * see the same machine. Both are production builds (no test seam): everything is read from outside,
 * through an init script (the page's own clock, performance.now(); a buffered 'longtask'
 * PerformanceObserver; a `playing` listener; hooks on the download anchor) and the DOM.
 *  1. Navigation → camera picture playing on /photobooth (laptop 1280×800, face-1280x720): the first
 *     `playing` event of any <video>, in the document (a capture listener on document) or not yet
 *     in it (each element given a stream or play()ed is listened to itself). Median of 9 fresh
 *     contexts. Beside it, the floor on this machine: the after page with its app's scripts refused
 *     (only the early script runs), i.e. the camera's own start with nothing else on the page. And
 *     the first camera frame on screen (speedProbe's `shown`: the end of the first rendering update
 *     in which the video presented a frame while in the document), for all three.
 *  2. Long tasks (> 50 ms) in 10 s of live preview, the booth warmed up (camera live, effects set,
 *     faces found, 3 s more), effects off and Fresh beauty + sunglasses, on a laptop (1280×800,
 *     face-1280x720) and a phone (390×844 at DPR 3, touch, portrait face-portrait-1080x1920).
 *  3. Long tasks from the click on Start (4 shots, 3 s countdown) to the strip on screen on the
 *     preview page, same four cases. The page itself follows the booth's "Continue" (to-preview)
 *     the moment the sequence is over (so no round trip to the test is counted).
 *  4. Capture overhead, from the same runs: Start click → strip on screen (the strip canvas drawn,
 *     data-renders ≥ 1, at the next animation frame), less the 4 × 3 s of countdown. A second line
 *     gives its last part: the sequence over (Continue there) → strip on screen. (13c5f5c also waits
 *     the 250 ms flash after each shot, 1 s in all; a build may overlap it with the next countdown,
 *     so it is left in.)
 *  5. Export: on the preview page (laptop, effects off), the Download JPG click (HD, 1200×3600) →
 *     the browser handed the file (the download anchor's click, a blob: URL). Median of 3; the
 *     saved file's JPEG header is read for its size.
 * Each camera clip is a launch flag, so laptop and phone run in browsers of their own. It prints
 * one table and the long-task lists, and never asserts on time.
 */

const BEFORE_REV = process.env.PB_BEFORE_REV ?? '13c5f5c';
const LAPTOP = { viewport: { width: 1280, height: 800 } } satisfies BrowserContextOptions;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } satisfies BrowserContextOptions;
const LAPTOP_CLIP = 'face-1280x720.mjpeg';
const PHONE_CLIP = 'face-portrait-1080x1920.mjpeg';
const NAV_LOADS = 9;
const WINDOW_MS = 10_000;
const WARM_MS = 3_000;
const SHOTS = 4;
const COUNTDOWN_S = 3;
const EXPORTS = 3;
/** A pause before each run, so the last context's teardown (GPU process, storage) is not in the next one's figures. */
const SETTLE_MS = 2_000;

type Side = 'before' | 'after';
const SIDES: Side[] = ['before', 'after'];

/** The "after" build: PB_AFTER_DIST (a dist folder), PB_AFTER_REV (a commit, built here), or dist/. */
function afterBuild(): Build {
  if (process.env.PB_AFTER_REV) return buildCommit(process.env.PB_AFTER_REV, `after-${process.env.PB_AFTER_REV}`);
  const dist = resolve(ROOT, process.env.PB_AFTER_DIST ?? 'dist');
  // Preview from the build's own project folder when it sits in one (reports/bench-head/dist), else this checkout.
  const project = existsSync(join(dirname(dist), 'vite.config.ts')) ? dirname(dist) : ROOT;
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`no production build in ${dist}: run \`npm run build\` (or set PB_AFTER_DIST)`);
  return { project, dist, commit: 'working tree' };
}

async function withPage<T>(browser: Browser, base: string, device: BrowserContextOptions, run: (page: Page) => Promise<T>, settleMs = SETTLE_MS): Promise<T> {
  await new Promise((r) => setTimeout(r, settleMs));
  const context = await browser.newContext({ ...device, baseURL: base, permissions: ['camera'], serviceWorkers: 'block', acceptDownloads: true });
  try {
    await context.addInitScript(probe);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log(`  (page error: ${e.message.slice(0, 200)})`));
    page.on('console', (m) => m.type() === 'error' && !/XNNPACK/.test(m.text()) && console.log(`  (console error: ${m.text().slice(0, 200)})`));
    return await run(page);
  } finally {
    await context.close();
  }
}

/** Navigation → first `playing` and → first camera frame on screen (`shown`), in ms from the navigation's start (the page's timeOrigin). */
async function navToPlaying(page: Page) {
  await page.goto('/photobooth');
  await page.waitForFunction(() => window.__speed?.playing && window.__speed.shown, null, { timeout: 30_000 });
  return page.evaluate(() => ({ ...window.__speed!.playing!, shown: window.__speed!.shown! }));
}

interface BoothResult {
  window: LongTask[];
  capture: LongTask[];
  totalMs: number;
  seqMs: number;
  toStripMs: number;
  thumbs: number;
  exports?: { ms: number[]; how: string; file: string };
}

/** Long tasks starting within [from, to] on the page's clock. */
function tasksIn(all: LongTask[], from: number, to: number) {
  return all.filter((t) => t.start >= from && t.start <= to);
}

/** The booth warmed up with the effects, 10 s of preview, a 4-shot sequence to the strip, and (optionally) the exports. */
async function boothRun(page: Page, effects: boolean, phone: boolean, exports: boolean): Promise<BoothResult> {
  await page.goto('/photobooth');
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
  await page.getByTestId('shot-count').selectOption(String(SHOTS));
  await page.getByTestId('countdown').selectOption(String(COUNTDOWN_S));
  if (effects) {
    await page.getByTestId('prop-sunglasses').click();
    await expect(page.getByTestId('prop-sunglasses')).toHaveAttribute('aria-checked', 'true');
    if (phone) await page.getByTestId('beauty-drawer-toggle').click();
    const panel = page.getByTestId('beauty-panel');
    await page.getByTestId('beauty-enable').check();
    await expect(panel).toHaveAttribute('data-model', 'ready', { timeout: 60_000 });
    const fresh = page.locator('.beauty-presets button', { hasText: 'Fresh' });
    await fresh.click();
    await expect(fresh).toHaveAttribute('aria-pressed', 'true');
    if (phone) await panel.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(panel).toHaveAttribute('data-landmarks', /^[1-9]x478$/, { timeout: 30_000 });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(WARM_MS);

  // 2. Ten seconds of preview, on the page's clock.
  const win = await page.evaluate(async (ms) => {
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, ms));
    const t1 = performance.now();
    await new Promise((r) => setTimeout(r, 300)); // the observer's last entries
    return { t0, t1 };
  }, WINDOW_MS);

  // 3 + 4. Start → strip on screen.
  await page.evaluate(() => window.__speed!.armCapture());
  await page.getByTestId('start-capture').click();
  await page.waitForFunction(() => window.__speed!.capture.strip !== null, null, { timeout: 120_000, polling: 250 });
  await page.waitForTimeout(300);
  const { capture, longTasks } = await page.evaluate(() => ({ capture: window.__speed!.capture, longTasks: window.__speed!.longTasks }));
  const result: BoothResult = {
    window: tasksIn(longTasks, win.t0, win.t1),
    capture: tasksIn(longTasks, capture.start!, capture.strip!),
    totalMs: capture.strip! - capture.start!,
    seqMs: capture.seqEnd! - capture.start!,
    toStripMs: capture.strip! - capture.seqEnd!,
    thumbs: capture.thumbs,
  };

  // 5. Export click → the file handed to the browser.
  if (exports) {
    await page.locator('.export-actions select').selectOption('hd');
    const button = page.getByRole('button', { name: 'Download JPG', exact: true });
    const ms: number[] = [];
    let how = '';
    let file = '';
    for (let i = 0; i < EXPORTS; i++) {
      await expect(button).toBeEnabled({ timeout: 30_000 });
      await page.waitForTimeout(500);
      await page.evaluate(() => window.__speed!.armExport());
      const download = page.waitForEvent('download', { timeout: 60_000 });
      await button.click();
      const d = await download;
      await page.waitForFunction(() => window.__speed!.exp.saved !== null, null, { timeout: 30_000 });
      const exp = await page.evaluate(() => window.__speed!.exp);
      ms.push(exp.saved! - exp.click!);
      how = exp.how;
      const bytes = readFileSync((await d.path())!);
      const size = jpegSize(bytes);
      file = `${d.suggestedFilename()}: ${size ? `JPEG ${size.width}×${size.height}` : `not a JPEG (${bytes.subarray(0, 4).toString('hex')})`}, ${(bytes.length / 1024).toFixed(0)} KiB`;
    }
    result.exports = { ms, how, file };
  }
  return result;
}

// ---------------------------------------------------------------------------------------------

const CASES = [
  { key: 'laptop-off', label: 'laptop, effects off', phone: false, effects: false, exports: true },
  { key: 'laptop-fx', label: 'laptop, Fresh + sunglasses', phone: false, effects: true, exports: false },
  { key: 'phone-off', label: 'phone, effects off', phone: true, effects: false, exports: false },
  { key: 'phone-fx', label: 'phone, Fresh + sunglasses', phone: true, effects: true, exports: false },
] as const;

let servers: Record<Side, Server> | undefined;
let builds: Record<Side, Build>;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  builds = { before: buildCommit(BEFORE_REV), after: afterBuild() };
  const [pb, pa] = [await freePort(), await freePort()];
  const before = await previewServer(builds.before, pb);
  try {
    servers = { before, after: await previewServer(builds.after, pa === pb ? await freePort() : pa) };
  } catch (error) {
    await before.stop();
    throw error;
  }
});

test.afterAll(async () => {
  if (servers) await Promise.all([servers.before.stop(), servers.after.stop()]);
});

test('speed: before (13c5f5c) and after, side by side', async () => {
  test.setTimeout(900_000);
  const started = Date.now();
  // Other work on the machine (a test run beside this one) shows in every figure: say how busy it was.
  const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
  const loadAtStart = load();
  const url = (side: Side) => servers![side].url;
  console.log(`\nSpeed, before = ${BEFORE_REV} (${builds.before.dist}) at ${url('before')}, after = ${builds.after.commit} (${builds.after.dist}) at ${url('after')}`);

  // 1. Navigation → playing, interleaved load by load.
  const nav: Record<Side, Outcome<{ t: number; how: string; connected: boolean; stream: boolean; shown: number }>[]> = { before: [], after: [] };
  const floor: Outcome<{ t: number; shown: number }>[] = [];
  const booth: Record<string, Record<Side, Outcome<BoothResult>>> = {};
  const laptop = await chromium.launch(launchWithCamera({ clip: LAPTOP_CLIP }));
  try {
    for (let i = 0; i < NAV_LOADS; i++) {
      for (const side of SIDES) nav[side].push(await attempt(`navigation ${i + 1} ${side}`, () => withPage(laptop, url(side), LAPTOP, navToPlaying, 500)));
      // The floor: the after page with its app's code refused (only the early script runs).
      floor.push(await attempt(`navigation ${i + 1} after, app code refused`, () => withPage(laptop, url('after'), LAPTOP, async (p) => (await p.route(/\/assets\/(?!early-)[^/]+\.js$/, (r) => r.abort()), navToPlaying(p)), 500)));
    }
    for (const c of CASES.filter((c) => !c.phone)) {
      booth[c.key] = {} as Record<Side, Outcome<BoothResult>>;
      for (const side of SIDES) booth[c.key]![side] = await attempt(`${c.label} ${side}`, () => withPage(laptop, url(side), LAPTOP, (p) => boothRun(p, c.effects, false, c.exports)));
    }
  } finally {
    await laptop.close();
  }
  const phone = await chromium.launch(launchWithCamera({ clip: PHONE_CLIP }));
  try {
    for (const c of CASES.filter((c) => c.phone)) {
      booth[c.key] = {} as Record<Side, Outcome<BoothResult>>;
      for (const side of SIDES) booth[c.key]![side] = await attempt(`${c.label} ${side}`, () => withPage(phone, url(side), PHONE, (p) => boothRun(p, c.effects, true, c.exports)));
    }
  } finally {
    await phone.close();
  }

  // The table.
  const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : 'n/a');
  const s = (x: number) => `${(x / 1000).toFixed(2)} s`;
  const cell = <T,>(o: Outcome<T> | undefined, f: (v: T) => string) => (!o ? 'n/a' : o.ok ? f(o.value) : 'FAILED');
  const rows: [string, string, string, string][] = [];
  const navCell = (loads: Outcome<{ t: number; shown: number }>[], key: 't' | 'shown' = 't') => {
    const ok = loads.flatMap((o) => (o.ok ? [o.value[key]] : []));
    return ok.length ? `${ms(median(ok))} (${ok.length}/${NAV_LOADS})` : 'FAILED';
  };
  rows.push([`Navigation → first camera frame on screen, /photobooth laptop (median of ${NAV_LOADS})`, navCell(nav.before, 'shown'), navCell(nav.after, 'shown'), '']);
  rows.push(['  … the same page with its app code refused (info)', '', navCell(floor, 'shown'), '']);
  rows.push([`Navigation → camera playing, /photobooth laptop (median of ${NAV_LOADS})`, navCell(nav.before), navCell(nav.after), '≤ peer’s 209 ms']);
  rows.push(['  … the same page with its app code refused: the camera alone here (info)', '', navCell(floor), '']);
  for (const c of CASES) rows.push([`Long tasks per 10 s of preview, ${c.label}`, ...SIDES.map((d) => cell(booth[c.key]![d], (v) => String(v.window.length))) as [string, string], '0']);
  for (const c of CASES) rows.push([`Long tasks, 4-shot capture (Start → strip), ${c.label}`, ...SIDES.map((d) => cell(booth[c.key]![d], (v) => String(v.capture.length))) as [string, string], '0']);
  const countdowns = SHOTS * COUNTDOWN_S * 1000;
  for (const c of CASES) {
    const info = c.phone ? ' (info)' : '';
    rows.push([`Capture overhead: Start → strip − ${SHOTS}×${COUNTDOWN_S} s countdown, ${c.label}${info}`, ...SIDES.map((d) => cell(booth[c.key]![d], (v) => ms(v.totalMs - countdowns))) as [string, string], c.phone ? '' : '≤ 1 s']);
    rows.push([`  … of which sequence over → strip on screen`, ...SIDES.map((d) => cell(booth[c.key]![d], (v) => ms(v.toStripMs))) as [string, string], '']);
  }
  const exp = (d: Side) => booth['laptop-off']![d];
  rows.push(['Export: Download JPG click → file handed over, 1200×3600 (median of 3)', ...SIDES.map((d) => cell(exp(d), (v) => (v.exports ? ms(median(v.exports.ms)) : 'n/a'))) as [string, string], '≤ 100 ms']);

  const widths = [0, 1, 2, 3].map((i) => Math.max(...[['measure', 'before', 'after', 'goal'], ...rows].map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((x, i) => x.padEnd(widths[i]!)).join(' | ')} |`;
  const out = [
    '',
    `Speed before (${BEFORE_REV}) and after (${builds.after.commit === 'working tree' ? builds.after.dist : builds.after.commit.slice(0, 12)}), production builds, SwiftShader, 2 cores; each measure run on before, then after`,
    line(['measure', 'before', 'after', 'goal']),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    'Details:',
  ];
  for (const side of SIDES) {
    out.push(`  navigation → playing (→ frame on screen), ${side}: ${nav[side].map((o) => (o.ok ? `${o.value.t.toFixed(0)} (${o.value.shown.toFixed(0)})` : 'failed')).join(', ')} ms` +
      (nav[side][0]?.ok ? ` (first player: ${nav[side][0].value.how}, ${nav[side][0].value.connected ? 'in the document' : 'NOT in the document'}, ${nav[side][0].value.stream ? 'camera stream' : 'no stream'})` : ''));
  }
  out.push(`  navigation → playing (→ frame on screen), after with its app code refused: ${floor.map((o) => (o.ok ? `${o.value.t.toFixed(0)} (${o.value.shown.toFixed(0)})` : 'failed')).join(', ')} ms`);
  const list = (ts: LongTask[]) => (ts.length ? `${ts.length} (${ts.map((t) => Math.round(t.duration)).join(' ')} ms)` : '0');
  for (const c of CASES) {
    for (const side of SIDES) {
      const o = booth[c.key]![side];
      if (!o.ok) {
        out.push(`  ${c.label}, ${side}: FAILED: ${o.error}`);
        continue;
      }
      const v = o.value;
      out.push(
        `  ${c.label}, ${side}: long tasks in 10 s ${list(v.window)}; during capture ${list(v.capture)}; ` +
          `Start → sequence over ${s(v.seqMs)} (${v.thumbs} thumbs), → strip on screen ${ms(v.toStripMs)} more; total ${s(v.totalMs)}`,
      );
      if (v.exports) out.push(`    export: ${v.exports.ms.map((x) => x.toFixed(0)).join(', ')} ms (${v.exports.how}); last file ${v.exports.file}`);
    }
  }
  out.push(
    '',
    `(this file took ${((Date.now() - started) / 1000).toFixed(0)} s after the builds and servers; load average (1/5/15 min) ${loadAtStart} at the start, ${load()} at the end, on 2 cores: this bench alone keeps it near 2–3; well above that, other work was running and the figures are noisy)`,
    '',
  );
  console.log(out.join('\n'));
});

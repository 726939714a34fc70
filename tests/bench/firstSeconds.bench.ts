import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, launchWithCamera } from '../e2e/env';
import { enableBeauty } from '../e2e/helpers/beauty';
import { buildCommit, previewServer, ROOT, type Build, type Server } from './baseline';
import { attempt, attribute, attributionProbe, NOTHING, peerDir, ratio, spread, staticServer, type Outcome, type TaskDetail } from './peer';
import { floorDir } from './floor';
import { probe } from './speedProbe';

/**
 * The first seconds, side by side in one run, for three sites: "before" (the production build of
 * 70105e0, built once into reports/ by ./baseline.ts; PB_BEFORE_REV picks another commit), "after"
 * (this working tree's production build, dist/, which `npm run bench` builds; PB_AFTER_DIST names
 * another folder) and "peer" (PicapicaBooth's prebuilt Create-React-App site from PB_PEER_DIR,
 * served with an index.html fallback; without it only before/after are measured, and the output
 * says how to get it). Every request not to the site's own local server fails, for all three (the
 * peer loads Google's tag manager and font-awesome from cdnjs): the browser resolves no host name
 * but localhost (OFF_ORIGIN), so no request is routed through the test driver (Playwright's routing
 * held every request of the page for a round trip to it: 100-230 ms per stylesheet here, and the
 * floor page has none). Each run has a fresh context
 * (laptop 1280×800, the same Chromium flags and fake camera face-1280x720), and the runs are
 * interleaved (before, after, peer; then the next) so all see the same machine load. Everything is
 * read from outside, by init scripts (./speedProbe.ts: the page's own clock, performance.now() with
 * navigation start = 0, the first `playing` of any <video>, the first camera frame on screen, a
 * buffered 'longtask' observer; ./peer.ts attributionProbe: the browser's attribution of each long
 * task and its long animation frame's scripts):
 *  1. Navigation → the first camera frame on screen on the camera page (/photobooth): the end of
 *     the first rendering update in which the page's camera <video> presented a frame while in the
 *     document (the floor's video is never in the document: it draws each frame into its canvas
 *     from the same callback, so its first presented frame counts). `playing` (the media event) is
 *     a row too: it comes before the frame is painted, by the page's first layout for a page that
 *     shows the <video>, by the first WebGL upload and draw for the floor (~105 ms here).
 *  2. Long tasks from navigation to 10 s after the first camera frame on screen, effects off (the booth's
 *     defaults); for ours also with effects on from the start: beauty on with the Fresh look, set in
 *     a first visit in the same tab (the app keeps it in sessionStorage), then a new navigation
 *     measured, and filter 2 (grayscale: not remembered, so key 2 is pressed once the picture plays).
 *  3. The landing page /: long tasks from navigation to 5 s after its load event, and its
 *     JavaScript: the gzip -9 sizes (node zlib) of every response of type script it was sent.
 *  A fourth site, "floor" (./floor.ts: no app, the camera drawn into a WebGL2 canvas), gets the
 *  camera page's runs with effects off: the long tasks this machine gives any live camera page.
 * It prints one table and the long-task lists (also written to reports/first-seconds.md), and never
 * asserts on time. PB_FS_RUNS sets the number of runs per site (default 5).
 */

const BEFORE_REV = process.env.PB_BEFORE_REV ?? '70105e0';
const RUNS = Math.max(1, Number(process.env.PB_FS_RUNS ?? 5));
const CLIP = 'face-1280x720.mjpeg';
const VIEWPORT = { width: 1280, height: 800 };
const AFTER_PLAY_MS = 10_000;
const AFTER_LOAD_MS = 5_000;
/** A pause before each run, so the last context's teardown is not in the next one's figures. */
const SETTLE_MS = 1_500;
/** Chromium resolves localhost only: every other host's request fails before it leaves. */
const OFF_ORIGIN = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost';

type Site = 'before' | 'after' | 'peer' | 'floor';
type Ours = Exclude<Site, 'peer' | 'floor'>;

/** The "after" build: PB_AFTER_DIST (a dist folder) or dist/. */
function afterBuild(): Build {
  const dist = resolve(ROOT, process.env.PB_AFTER_DIST ?? 'dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`no production build in ${dist}: run \`npm run build\` (or set PB_AFTER_DIST)`);
  // Preview from the build's own project folder when it sits in one, else this checkout.
  return { project: existsSync(join(dirname(dist), 'vite.config.ts')) ? dirname(dist) : ROOT, dist, commit: 'working tree' };
}

const blocked: Record<Site, Map<string, number>> = { before: new Map(), after: new Map(), peer: new Map(), floor: new Map() };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh context on `base` with the probes, counting the requests off its origin (they fail: OFF_ORIGIN); closed after `run`. */
async function inContext<T>(browser: Browser, site: Site, base: string, run: (page: Page) => Promise<T>): Promise<T> {
  await pause(SETTLE_MS);
  const context = await browser.newContext({ viewport: VIEWPORT, baseURL: base, permissions: ['camera'], serviceWorkers: 'block' });
  try {
    const origin = new URL(base).origin;
    context.on('requestfailed', (r) => {
      const url = new URL(r.url());
      if (url.origin !== origin && url.protocol.startsWith('http')) blocked[site].set(url.host, (blocked[site].get(url.host) ?? 0) + 1);
    });
    await context.addInitScript(probe);
    await context.addInitScript(attributionProbe);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log(`  (${site} page error: ${e.message.slice(0, 160)})`));
    return await run(page);
  } finally {
    await context.close();
  }
}

interface BoothSample {
  playing: number;
  /** The first camera frame on screen (see the file's comment). */
  shown: number;
  tasks: TaskDetail[];
  /** With effects: what the page showed at the end of the window. */
  state?: string;
}

/**
 * Navigation → first camera frame on screen → 10 s more on the page's clock; with `effects`, beauty
 * set in a first visit and key 2 pressed. `detached`: the page's video is never in the document (the floor).
 */
async function boothRun(page: Page, effects: boolean, detached = false): Promise<BoothSample> {
  if (effects) {
    await page.goto('/photobooth');
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    await enableBeauty(page);
    const fresh = page.locator('.beauty-presets button', { hasText: 'Fresh' });
    await fresh.click();
    await expect(fresh).toHaveAttribute('aria-pressed', 'true');
    await page.goto('about:blank');
    await pause(SETTLE_MS);
  }
  await page.goto('/photobooth');
  await page.waitForFunction((detached) => window.__speed?.playing && (window.__speed.shown ?? (detached ? window.__speed.shownDetached : null)), detached, { timeout: 30_000 });
  let filterAt = NaN;
  if (effects) {
    // The picture plays (the early script) before the app's keys are bound: press until filter 2 is on.
    const grayscale = page.getByTestId('filter-grayscale');
    await expect(async () => {
      await page.keyboard.press('2');
      await expect(grayscale).toHaveAttribute('aria-checked', 'true', { timeout: 250 });
    }).toPass({ timeout: 20_000, intervals: [0] });
    filterAt = await page.evaluate(() => performance.now());
  }
  const r = await page.evaluate(
    async ([ms, detached]) => {
      const S = window.__speed!;
      const shown = (S.shown ?? (detached ? S.shownDetached : null))!;
      const end = shown + ms;
      await new Promise((ok) => setTimeout(ok, Math.max(0, end - performance.now()) + 300)); // + the observers' last entries
      return { playing: S.playing!.t, shown, end, attr: window.__fsAttr };
    },
    [AFTER_PLAY_MS, detached] as const,
  );
  const sample: BoothSample = { playing: r.playing, shown: r.shown, tasks: attribute(r.attr, 0, r.end) };
  if (effects) {
    const filter = await page.getByTestId('filter-grayscale').getAttribute('aria-checked');
    const beauty = await page.getByTestId('beauty-enable').isChecked();
    const panel = page.getByTestId('beauty-panel');
    sample.state = `filter 2 ${filter === 'true' ? `on at ${filterAt.toFixed(0)} ms` : 'NOT on'}, beauty ${beauty ? 'on' : 'OFF'}, model ${await panel.getAttribute('data-model')}, landmarks ${await panel.getAttribute('data-landmarks')}`;
  }
  return sample;
}

interface LandingSample {
  load: number;
  tasks: TaskDetail[];
  scripts: { url: string; raw: number; gz: number }[];
}

/** The landing page: navigation → load + 5 s, and the scripts it was sent in that time. */
async function landingRun(page: Page): Promise<LandingSample> {
  const bodies: Promise<{ url: string; raw: number; gz: number } | null>[] = [];
  let open = true;
  page.on('response', (res) => {
    if (!open || res.request().resourceType() !== 'script') return;
    bodies.push(res.body().then((b) => ({ url: new URL(res.url()).pathname, raw: b.length, gz: gzipSync(b, { level: 9 }).length }), () => null));
  });
  await page.goto('/');
  const r = await page.evaluate(async (ms) => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const load = nav?.loadEventEnd || nav?.loadEventStart || performance.now();
    const end = load + ms;
    await new Promise((ok) => setTimeout(ok, Math.max(0, end - performance.now()) + 300));
    return { load, end, attr: window.__fsAttr };
  }, AFTER_LOAD_MS);
  open = false;
  const scripts = (await Promise.all(bodies)).filter((s) => s !== null);
  return { load: r.load, tasks: attribute(r.attr, 0, r.end), scripts };
}

let servers: Partial<Record<Site, Server>> = {};
let builds: Record<Ours, Build>;
let peer: string | null = null;

test.beforeAll(async () => {
  test.setTimeout(900_000);
  peer = peerDir();
  builds = { before: buildCommit(BEFORE_REV), after: afterBuild() };
  try {
    servers.before = await previewServer(builds.before, await freePort());
    servers.after = await previewServer(builds.after, await freePort());
    if (peer) servers.peer = await staticServer(peer, await freePort());
    servers.floor = await staticServer(floorDir(), await freePort());
  } catch (error) {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
    servers = {};
    throw error;
  }
});

test.afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
});

test(`first seconds: before (${BEFORE_REV}), after and the peer`, async () => {
  test.setTimeout(600_000 + RUNS * 240_000);
  const started = Date.now();
  const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
  const loadAtStart = load();
  const sites: Site[] = peer ? ['before', 'after', 'peer'] : ['before', 'after'];
  const cameraSites: Site[] = [...sites, 'floor'];
  const ours: Ours[] = ['before', 'after'];
  const url = (site: Site) => servers[site]!.url;
  console.log(`\nFirst seconds: ${cameraSites.map((s) => `${s} at ${url(s)}`).join(', ')}; ${RUNS} runs each`);

  const off: Record<Site, Outcome<BoothSample>[]> = { before: [], after: [], peer: [], floor: [] };
  const fx: Record<Ours, Outcome<BoothSample>[]> = { before: [], after: [] };
  const landing: Record<Site, Outcome<LandingSample>[]> = { before: [], after: [], peer: [], floor: [] };
  const launch = launchWithCamera({ clip: CLIP });
  const browser = await chromium.launch({ ...launch, args: [...launch.args, OFF_ORIGIN] });
  try {
    for (let i = 1; i <= RUNS; i++) {
      for (const s of cameraSites) off[s].push(await attempt(`run ${i} ${s}: camera page, effects off`, () => inContext(browser, s, url(s), (p) => boothRun(p, false, s === 'floor'))));
      for (const s of ours) fx[s].push(await attempt(`run ${i} ${s}: camera page, beauty Fresh + filter 2`, () => inContext(browser, s, url(s), (p) => boothRun(p, true))));
      for (const s of sites) landing[s].push(await attempt(`run ${i} ${s}: landing page`, () => inContext(browser, s, url(s), landingRun)));
    }
  } finally {
    await browser.close();
  }

  // The table: medians [ranges] over the runs that worked.
  const ok = <T,>(os: Outcome<T>[]) => os.flatMap((o) => (o.ok ? [o.value] : []));
  const cols: Site[] = ['before', 'after', 'peer', 'floor'];
  type Row = { name: string; values: Record<Site, number[] | null>; unit: string; digits?: number };
  /** `onFloor`: a row of the camera page with effects off, which the floor has too. */
  const row = (name: string, unit: string, f: (s: Site) => number[] | null, digits = 0, onFloor = false): Row => ({
    name,
    unit,
    digits,
    values: { before: f('before'), after: f('after'), peer: peer ? f('peer') : null, floor: onFloor ? f('floor') : null },
  });
  const total = (ts: TaskDetail[]) => ts.reduce((a, t) => a + t.duration, 0);
  const oursOnly = (f: (s: Ours) => number[]) => (s: Site) => (s === 'before' || s === 'after' ? f(s) : null);
  const rows: Row[] = [
    row('Navigation → first camera frame on screen, /photobooth', ' ms', (s) => ok(off[s]).map((v) => v.shown), 0, true),
    row('Navigation → camera playing (the media event)', ' ms', (s) => ok(off[s]).map((v) => v.playing), 0, true),
    row('Long tasks, navigation → frame on screen + 10 s, effects off: count', '', (s) => ok(off[s]).map((v) => v.tasks.length), 0, true),
    row('  … total', ' ms', (s) => ok(off[s]).map((v) => total(v.tasks)), 0, true),
    row('Navigation → first camera frame on screen, beauty Fresh + filter 2 (ours)', ' ms', oursOnly((s) => ok(fx[s]).map((v) => v.shown))),
    row('Long tasks, navigation → frame on screen + 10 s, beauty Fresh + filter 2: count', '', oursOnly((s) => ok(fx[s]).map((v) => v.tasks.length))),
    row('  … total', ' ms', oursOnly((s) => ok(fx[s]).map((v) => total(v.tasks)))),
    row('Landing /: load event', ' ms', (s) => ok(landing[s]).map((v) => v.load)),
    row('Landing /: long tasks, navigation → load + 5 s: count', '', (s) => ok(landing[s]).map((v) => v.tasks.length)),
    row('  … total', ' ms', (s) => ok(landing[s]).map((v) => total(v.tasks))),
    row('Landing /: JavaScript sent, gzip -9', ' KiB', (s) => ok(landing[s]).map((v) => v.scripts.reduce((a, x) => a + x.gz, 0) / 1024), 1),
    row('Landing /: scripts sent', '', (s) => ok(landing[s]).map((v) => v.scripts.length)),
  ];
  const cell = (xs: number[] | null, r: Row) => (xs === null ? 'n/a' : spread(xs, r.unit, r.digits));
  const ratioOf = (r: Row, other: Site) => (r.values.after && r.values[other] ? ratio(r.values.after, r.values[other]!) : '—');
  const table = [
    ['metric (median [min–max])', 'before', 'after', 'peer', 'floor (no app)', 'after/before', 'after/peer', 'after/floor'],
    ...rows.map((r) => [r.name, ...cols.map((c) => cell(r.values[c], r)), ratioOf(r, 'before'), ratioOf(r, 'peer'), ratioOf(r, 'floor')]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((x, i) => x.padEnd(widths[i]!)).join(' | ')} |`;

  const failed = (os: Outcome<unknown>[]) => os.flatMap((o, i) => (o.ok ? [] : [`run ${i + 1}: ${o.error}`]));
  const durations = (ts: TaskDetail[]) => (ts.length ? ts.map((t) => t.duration.toFixed(0)).join(' ') : '–');
  const out = [
    `# First seconds: before (${BEFORE_REV}), after (${builds.after.dist}), peer (${peer ?? 'not measured'}), floor (tests/bench/floor.ts: no app, the camera drawn into a WebGL2 canvas)`,
    '',
    `Production builds, Chromium with SwiftShader, laptop 1280×800, fake camera ${CLIP}, ${RUNS} fresh contexts per site, interleaved; times on the page's own clock (navigation start = 0).`,
    ...(peer ? [] : ['', `Peer not measured: PB_PEER_DIR is not set (see the line at the start of the output for how to get it).`]),
    '',
    line(table[0]!),
    line(widths.map((w) => '-'.repeat(w))),
    ...table.slice(1).map(line),
    '',
    `Every request not to the site's own local server failed (the browser resolves localhost only), for every site measured: ${cameraSites.map((s) => `${s}: ${[...blocked[s]].map(([h, n]) => `${h} ×${n}`).join(', ') || 'none'}`).join('; ')}.`,
    '',
    '## Long tasks (ms), one line per run',
    '',
  ];
  const cases: [string, Site[], (s: Site) => Outcome<BoothSample | LandingSample>[]][] = [
    ['camera page, effects off: navigation → frame on screen + 10 s', cameraSites, (s) => off[s]],
    ['camera page, beauty Fresh + filter 2: navigation → frame on screen + 10 s', ours, (s) => fx[s as Ours]],
    ['landing page: navigation → load + 5 s', sites, (s) => landing[s]],
  ];
  for (const [label, which, get] of cases) {
    for (const s of which) {
      out.push(`- ${label}, ${s}: ${get(s).map((o) => (o.ok ? durations(o.value.tasks) : 'FAILED')).join(' | ')}`);
      for (const f of failed(get(s))) out.push(`  - ${f}`);
      const states = ok(get(s)).flatMap((v) => ('state' in v && v.state ? [v.state] : []));
      if (states.length) out.push(`  - at the end of the window: ${[...new Set(states)].join(' / ')}`);
    }
  }
  out.push(
    '',
    "## Ours: long-task time by what took most of each task (all runs; from the browser's Long Animation Frame entries)",
    '',
    "The longtask entries' own attribution names no script (Chromium: 'unknown', container 'window'); the scripts come from the long animation frame around each task. " +
      `${NOTHING}: no script of ≥ 5 ms and no rendering step in it (parsing, compiling, garbage collection, other browser work).`,
    '',
  );
  for (const [label, , get] of cases) {
    for (const s of ours) {
      const by = new Map<string, { ms: number; n: number }>();
      for (const t of ok(get(s)).flatMap((v) => v.tasks)) {
        const b = by.get(t.top) ?? { ms: 0, n: 0 };
        by.set(t.top, { ms: b.ms + t.duration, n: b.n + 1 });
      }
      const parts = [...by].sort((a, b) => b[1].ms - a[1].ms).map(([k, b]) => `${k}: ${b.ms.toFixed(0)} ms in ${b.n}`);
      out.push(`- ${label}, ${s}: ${parts.join('; ') || 'none'}`);
    }
  }
  out.push('', "## Ours: each long task (start on the page clock; the scripts of the long animation frame around it, longest first)", '');
  for (const [label, , get] of cases) {
    for (const s of ours) {
      out.push(`- ${label}, ${s}:`);
      get(s).forEach((o, i) => {
        if (!o.ok) return;
        for (const t of o.value.tasks) out.push(`  - run ${i + 1}: ${t.duration.toFixed(0)} ms at ${t.start.toFixed(0)}: ${t.why}`);
      });
    }
  }
  out.push('', '## Landing page scripts (first run; gzip -9 bytes)', '');
  for (const s of sites) {
    const first = ok(landing[s])[0];
    if (first) out.push(`- ${s}: ${first.scripts.map((x) => `${x.url} ${x.gz}`).join(', ') || 'none'}`);
  }
  out.push('', `(${((Date.now() - started) / 1000).toFixed(0)} s after the builds and servers; load average (1/5/15 min) ${loadAtStart} at the start, ${load()} at the end, on 2 cores.)`, '');
  const text = out.join('\n');
  console.log(`\n${text}`);
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  writeFileSync(join(ROOT, 'reports', 'first-seconds.md'), text);
  console.log('(written to reports/first-seconds.md; after/before and after/peer are ratios of the medians)');
});

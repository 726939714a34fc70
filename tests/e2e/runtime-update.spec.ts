import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sirv from 'sirv';
import { WASM_BASE } from '../../src/features/vision/meta';
import { freePort } from './env';
import { expect, test } from './fixtures';
import { enableBeauty, setLevels } from './helpers/beauty';
import { recordRequests } from './helpers/trust';

/**
 * An update never mixes versions (issue 26), tried for real: the production build (dist/) serves a
 * returning visitor, then a second build of the same code whose MediaPipe loader file has changed
 * (node_modules copied, one line appended to `vision_wasm_internal.js`) takes its place on the same
 * origin, as a deploy would. The visitor's service worker updates, the booth loads the new runtime
 * from its new URL, and nothing of the old one is served or kept.
 */

const ROOT = resolve('.');
const FIRST = resolve(process.env.PB_DIST ?? 'dist');
const MARK = '// photobooth: the second build’s runtime';
const SKIP = new Set(['node_modules', 'dist', 'dist-test', '.git', 'test-results', 'reports', 'bench-results', 'playwright-report']);

let work: string;
let second: string;
let secondBase: string;
let served = FIRST;
let server: Server;
let origin: string;

/** A URL that scripts/assets.mjs wrote into a project's runtime.gen.ts. */
function runtimeUrl(project: string, name: 'WASM_BASE' | 'MODEL_URL'): string {
  const found = readFileSync(join(project, 'src/features/vision/runtime.gen.ts'), 'utf8').match(new RegExp(`${name} = '(.+)'`))?.[1];
  if (!found) throw new Error(`${name} is missing from ${project}'s runtime.gen.ts`);
  return found;
}

/** A copy of the project whose @mediapipe/tasks-vision has one changed runtime file, built as `npm run build` does. */
function buildSecond(): void {
  work = mkdtempSync(join(tmpdir(), 'pb-second-build-'));
  for (const entry of readdirSync(ROOT)) if (!SKIP.has(entry)) cpSync(join(ROOT, entry), join(work, entry), { recursive: true });
  mkdirSync(join(work, 'node_modules/@mediapipe'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry !== '@mediapipe') symlinkSync(join(ROOT, 'node_modules', entry), join(work, 'node_modules', entry));
  }
  cpSync(join(ROOT, 'node_modules/@mediapipe/tasks-vision'), join(work, 'node_modules/@mediapipe/tasks-vision'), { recursive: true });
  appendFileSync(join(work, 'node_modules/@mediapipe/tasks-vision/wasm/vision_wasm_internal.js'), `\n${MARK}\n`);
  const env = { ...process.env, PHOTOBOOTH_MODEL: join(ROOT, 'public', runtimeUrl(ROOT, 'MODEL_URL')) };
  for (const [cmd, args] of [
    ['node', ['scripts/assets.mjs']],
    ['npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn']],
  ] as const) {
    const r = spawnSync(cmd, [...args], { cwd: work, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in the second build:\n${r.stdout}\n${r.stderr}`);
  }
  second = join(work, 'dist');
  secondBase = runtimeUrl(work, 'WASM_BASE');
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  buildSecond();
  const port = await freePort();
  // One origin whose files a test swaps, as a host swaps a deploy (`single`: the SPA fallback).
  const handlers = new Map<string, ReturnType<typeof sirv>>();
  server = createServer((req, res) => {
    if (!handlers.has(served)) handlers.set(served, sirv(served, { single: true, dev: true }));
    handlers.get(served)!(req, res);
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${port}`;
});
test.afterAll(async () => {
  await new Promise<void>((ok) => server.close(() => ok()));
  rmSync(work, { recursive: true, force: true });
});

test.use({ serviceWorkers: 'allow' });

const runtimeCache = (page: import('@playwright/test').Page) =>
  page.evaluate(async () => (await (await caches.open('face-model')).keys()).map((r) => new URL(r.url).pathname).sort());

test('a second build with a changed runtime file reaches a returning visitor: the service worker updates, the new runtime runs, the old one is dropped', async ({ page, context }) => {
  test.setTimeout(180_000);
  expect(secondBase, 'the changed runtime file gives the runtime a new URL').not.toBe(WASM_BASE);
  expect(secondBase.split('-')[0], 'same package version: only the content hash tells them apart').toBe(WASM_BASE.split('-')[0]);

  // The first visit: the booth with beauty on runs the first build's runtime, which the service worker keeps.
  await page.goto(`${origin}/`);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
  await page.goto(`${origin}/photobooth`);
  await enableBeauty(page);
  await setLevels(page, { smooth: 60 });
  await expect(page.getByTestId('beauty-panel')).toHaveAttribute('data-landmarks', /^[1-9]x478$/, { timeout: 30_000 });
  await expect.poll(() => runtimeCache(page), { timeout: 30_000 }).toContain(`${WASM_BASE}/vision_wasm_internal.js`);

  // The deploy: the same origin now serves the second build. The visitor comes back later, in a new tab.
  served = second;
  const requests = recordRequests(context);
  await page.close();
  const again = await context.newPage();
  // The browser looks for a new /sw.js on navigation, but may put the check off while the worker is
  // busy (on two loaded cores, past a minute): the check it would make is asked for at once here.
  // The new worker installs, takes over and drops the old runtime.
  await again.goto(`${origin}/photobooth`);
  await again.locator('html.app-ready').waitFor({ state: 'attached', timeout: 30_000 });
  await again.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    await Promise.race([reg?.update().catch(() => undefined), new Promise((r) => setTimeout(r, 20_000))]);
  });
  await expect.poll(() => runtimeCache(again).then((keys) => keys.filter((k) => k.startsWith('/mediapipe/'))), { timeout: 90_000 }).not.toContain(
    `${WASM_BASE}/vision_wasm_internal.js`,
  );
  await enableBeauty(again);
  await setLevels(again, { smooth: 60 });
  await expect(again.getByTestId('beauty-panel')).toHaveAttribute('data-landmarks', /^[1-9]x478$/, { timeout: 30_000 });

  const paths = requests.map((r) => new URL(r.url).pathname);
  expect(paths, 'the new runtime was loaded from its new URL').toContain(`${secondBase}/vision_wasm_internal.js`);
  expect(paths.filter((p) => p.startsWith(`${WASM_BASE}/`)), 'nothing of the old runtime was asked for after the update').toEqual([]);
  const loader = await again.evaluate(async (url) => (await fetch(url)).text(), `${secondBase}/vision_wasm_internal.js`);
  expect(loader, 'what is served under the new URL is the changed file').toContain(MARK);
  const kept = await runtimeCache(again);
  expect(kept.filter((k) => k.startsWith('/mediapipe/')).every((k) => k.startsWith(`${secondBase}/`)), `only the new runtime is kept: ${kept.join(', ')}`).toBe(true);
});

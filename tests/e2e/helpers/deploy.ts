import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sirv from 'sirv';
import { freePort } from '../env';

/**
 * A second deployed build on the same origin, for update tests (issues 26 and 38): a copy of the
 * project with a changed MediaPipe loader file (so a new runtime URL) and a changed screen (the
 * contact page's heading), built as `npm run build` does. One origin serves the first build (the
 * production build, PB_DIST or dist/) until `deploy()` swaps in the second, as a host swaps a deploy.
 */
const ROOT = resolve('.');
const SKIP = new Set(['node_modules', 'dist', 'dist-test', '.git', 'test-results', 'reports', 'bench-results', 'playwright-report']);
export const RUNTIME_MARK = '// photobooth: the second build’s runtime';
export const SECOND_CONTACT_TITLE = 'Contact us (the second build)';

/** A URL that scripts/assets.mjs wrote into a project's runtime.gen.ts. */
export function runtimeUrl(project: string, name: 'WASM_BASE' | 'MODEL_URL'): string {
  const found = readFileSync(join(project, 'src/features/vision/runtime.gen.ts'), 'utf8').match(new RegExp(`${name} = '(.+)'`))?.[1];
  if (!found) throw new Error(`${name} is missing from ${project}'s runtime.gen.ts`);
  return found;
}

export interface Deployment {
  origin: string;
  /** The second build's MediaPipe runtime folder. */
  secondBase: string;
  /** Serves the first build again, reachable (each test starts there). */
  reset(): void;
  /** Serves the second build from now on. */
  deploy(): void;
  /**
   * The site unreachable (true: every connection is dropped, a real network error to the browser
   * and its service worker) or back. Unlike the browser's offline emulation, it touches no page
   * or worker target, so a worker being replaced at that moment cannot hold it up.
   */
  unreachable(down: boolean): void;
  close(): Promise<void>;
}

function buildSecond(): { work: string; dist: string } {
  const work = mkdtempSync(join(tmpdir(), 'pb-second-build-'));
  for (const entry of readdirSync(ROOT)) if (!SKIP.has(entry) && !entry.startsWith('dist')) cpSync(join(ROOT, entry), join(work, entry), { recursive: true });
  mkdirSync(join(work, 'node_modules/@mediapipe'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry !== '@mediapipe') symlinkSync(join(ROOT, 'node_modules', entry), join(work, 'node_modules', entry));
  }
  cpSync(join(ROOT, 'node_modules/@mediapipe/tasks-vision'), join(work, 'node_modules/@mediapipe/tasks-vision'), { recursive: true });
  appendFileSync(join(work, 'node_modules/@mediapipe/tasks-vision/wasm/vision_wasm_internal.js'), `\n${RUNTIME_MARK}\n`);
  const en = JSON.parse(readFileSync(join(work, 'i18n/en.json'), 'utf8')) as { contact: { title: string } };
  en.contact.title = SECOND_CONTACT_TITLE;
  writeFileSync(join(work, 'i18n/en.json'), JSON.stringify(en, null, 2) + '\n');
  const env = { ...process.env, PHOTOBOOTH_MODEL: join(ROOT, 'public', runtimeUrl(ROOT, 'MODEL_URL')) };
  for (const [cmd, args] of [
    ['node', ['scripts/assets.mjs']],
    ['npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn']],
  ] as const) {
    const r = spawnSync(cmd, [...args], { cwd: work, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in the second build:\n${r.stdout}\n${r.stderr}`);
  }
  return { work, dist: join(work, 'dist') };
}

/** Builds the second build and serves the first on a free port. */
export async function startDeployment(): Promise<Deployment> {
  const first = resolve(process.env.PB_DIST ?? 'dist');
  const { work, dist } = buildSecond();
  let served = first;
  let down = false;
  const handlers = new Map<string, ReturnType<typeof sirv>>();
  const server: Server = createServer((req, res) => {
    if (down) return void req.socket.destroy();
    if (!handlers.has(served)) handlers.set(served, sirv(served, { single: true, dev: true }));
    handlers.get(served)!(req, res);
  });
  const port = await freePort();
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    origin: `http://127.0.0.1:${port}`,
    secondBase: runtimeUrl(work, 'WASM_BASE'),
    reset: () => {
      served = first;
      down = false;
    },
    deploy: () => (served = dist),
    unreachable: (value) => (down = value),
    close: async () => {
      await new Promise<void>((ok) => server.close(() => ok()));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

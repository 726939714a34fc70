import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED } from '../e2e/env';

/**
 * Production builds of other commits, for before/after benches (tests/bench/speed.bench.ts), and
 * a `vite preview` server for any build.
 *
 * `buildCommit(rev)` puts `git archive <rev>` in reports/bench-<name>/ (reports/ is git-ignored),
 * links node_modules to this checkout's packages entry by entry (as tests/e2e/runtime-update.spec.ts
 * does), then runs `node scripts/assets.mjs && npx vite build` there: the app exactly as that commit
 * built it (prerender and service worker included). The build is cached: a marker file written
 * at the end (naming the full commit) makes a later call return at once. The working tree's own
 * build (dist/, made by `npm run bench`) is never touched.
 */

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MARKER = '.bench-build-complete';

export interface Build {
  /** The project folder: `vite preview` runs there, so the build gets that commit's preview headers. */
  project: string;
  /** The production build inside it. */
  dist: string;
  /** The full commit it was built from (or 'working tree'). */
  commit: string;
}

function git(args: string[]): string {
  const r = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout.trim();
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): void {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${r.stdout.slice(-4000)}\n${r.stderr.slice(-4000)}`);
}

/**
 * The production build of `rev` (or its test build, `mode` 'test': give it a name of its own), built
 * once into reports/bench-<name>/ (name defaults to `baseline-<short rev>`); `log` hears what is being done.
 */
export function buildCommit(rev: string, name = `baseline-${rev}`, log: (line: string) => void = console.log, mode: 'production' | 'test' = 'production'): Build {
  const commit = git(['rev-parse', '--verify', `${rev}^{commit}`]);
  const project = join(ROOT, 'reports', `bench-${name}`);
  const dist = join(project, 'dist');
  const marker = join(project, MARKER);
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === commit && existsSync(join(dist, 'index.html'))) {
    return { project, dist, commit };
  }
  const t0 = Date.now();
  log(`  building ${rev} (${commit.slice(0, 12)}) into ${project} …`);
  rmSync(project, { recursive: true, force: true });
  mkdirSync(project, { recursive: true });
  // git archive | tar -x: the commit's tracked files, nothing of this working tree.
  const archive = spawnSync('sh', ['-c', `git -C "${ROOT}" archive --format=tar ${commit} | tar -x -C "${project}"`], { encoding: 'utf8' });
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr}`);
  // node_modules: one link per entry of this checkout's (the packages are the same or close enough
  // for a build; .bin links resolve through them too).
  mkdirSync(join(project, 'node_modules'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    symlinkSync(join(ROOT, 'node_modules', entry), join(project, 'node_modules', entry));
  }
  const model = join(SHARED, 'models/face_landmarker.task');
  const env = { ...process.env, ...(existsSync(model) && !process.env.PHOTOBOOTH_MODEL ? { PHOTOBOOTH_MODEL: model } : {}) };
  run('node', ['scripts/assets.mjs'], project, env);
  // A test build (`--mode test`) installs the test seam, for benches that read the renderer's counts.
  run('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn', ...(mode === 'test' ? ['--mode', 'test'] : [])], project, env);
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`the build of ${rev} left no ${dist}/index.html`);
  writeFileSync(marker, `${commit}\n`);
  log(`  built ${rev} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return { project, dist, commit };
}

/** Resolves once something accepts TCP connections on the port (or rejects after `timeoutMs`). */
export async function waitForPort(port: number, timeoutMs = 60_000, child?: ChildProcess): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}) before listening on ${port}`);
    const open = await new Promise<boolean>((ok) => {
      const socket = createConnection({ port, host: 'localhost' });
      socket.once('connect', () => (socket.destroy(), ok(true)));
      socket.once('error', () => (socket.destroy(), ok(false)));
    });
    if (open) return;
    if (Date.now() > end) throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface Server {
  url: string;
  stop(): Promise<void>;
}

/**
 * `npx vite preview` of a build on a port, run from its own project folder (its vite.config's
 * preview headers: CSP and the rest), started as a process group so stop() ends it and its children.
 */
export async function previewServer(build: Pick<Build, 'project' | 'dist'>, port: number): Promise<Server> {
  const child = spawn('npx', ['--no-install', 'vite', 'preview', '--port', String(port), '--strictPort', '--outDir', build.dist], {
    cwd: build.project,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  try {
    await waitForPort(port, 60_000, child);
  } catch (error) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
    throw new Error(`${(error as Error).message}\n${output.slice(-2000)}`, { cause: error });
  }
  return {
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok();
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            /* already gone */
          }
          ok();
        }, 5000);
        child.once('exit', () => (clearTimeout(timer), ok()));
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          clearTimeout(timer);
          ok();
        }
      }),
  };
}

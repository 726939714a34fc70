import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import sirv from 'sirv';
import type { Server } from './baseline';

/**
 * Helpers of tests/bench/firstSeconds.bench.ts: the peer's site (PicapicaBooth's prebuilt
 * Create-React-App build) served by a small static server, the off-origin block every site gets,
 * an init script that keeps the browser's own attribution of each long task (the longtask entry's
 * container, and the scripts of the long animation frame around it), and the figures' arithmetic.
 */

// ---------------------------------------------------------------------------------------------
// The peer.

export const PEER_HOWTO =
  'Peer (PicapicaBooth) not measured: PB_PEER_DIR is not set. To get it: ' +
  '`git --git-dir=<clone of github.com/yandong2023/picapica> archive HEAD frontend/build | tar -x -C <dir>` then `PB_PEER_DIR=<dir>/frontend/build`';

/** The peer's build folder from PB_PEER_DIR, or null (and the line saying how to get it). */
export function peerDir(log: (line: string) => void = console.log): string | null {
  const dir = process.env.PB_PEER_DIR;
  if (!dir) {
    log(PEER_HOWTO);
    return null;
  }
  const abs = resolve(dir);
  if (!existsSync(join(abs, 'index.html'))) throw new Error(`PB_PEER_DIR=${dir}: no index.html there`);
  return abs;
}

/** A static server for a single-page build: files as they are, any other path answered with index.html. */
export async function staticServer(dir: string, port: number): Promise<Server> {
  const serve = sirv(dir, { single: true, dev: false, etag: true });
  const server = createServer((req, res) =>
    serve(req, res, () => {
      res.statusCode = 404;
      res.end();
    }),
  );
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, 'localhost', () => ok());
  });
  return {
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// In the page: the browser's own attribution of long tasks (an init script, top frame only).

interface AttrTask {
  start: number;
  duration: number;
  /** The longtask entry's TaskAttributionTiming: name, container type and source. */
  container: string;
}
interface AttrScript {
  url: string;
  fn: string;
  invoker: string;
  type: string;
  start: number;
  duration: number;
}
interface AttrFrame {
  start: number;
  end: number;
  /** When the frame's rendering update and its style and layout began (0: none). */
  render: number;
  layout: number;
  scripts: AttrScript[];
}
declare global {
  interface Window {
    __fsAttr?: { tasks: AttrTask[]; frames: AttrFrame[] };
  }
}

export function attributionProbe() {
  if (window.top !== window) return;
  const A: { tasks: AttrTask[]; frames: AttrFrame[] } = { tasks: [], frames: [] };
  window.__fsAttr = A;
  type Container = { name?: string; containerType?: string; containerSrc?: string; containerName?: string; containerId?: string };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { attribution?: Container[] })[]) {
        const container = (e.attribution ?? []).map((a) => [a.name, a.containerType, a.containerSrc || a.containerName || a.containerId].filter(Boolean).join(' ')).join('; ');
        A.tasks.push({ start: e.startTime, duration: e.duration, container });
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no longtask timing */
  }
  type Frame = { renderStart?: number; styleAndLayoutStart?: number; scripts?: Script[] };
  type Script = { sourceURL?: string; sourceFunctionName?: string; invoker?: string; invokerType?: string; startTime: number; duration: number };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & Frame)[]) {
        const scripts = (e.scripts ?? []).map((s) => ({ url: s.sourceURL ?? '', fn: s.sourceFunctionName ?? '', invoker: s.invoker ?? '', type: s.invokerType ?? '', start: s.startTime, duration: s.duration }));
        A.frames.push({ start: e.startTime, end: e.startTime + e.duration, render: e.renderStart ?? 0, layout: e.styleAndLayoutStart ?? 0, scripts });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    /* no long animation frame timing (Chromium < 123) */
  }
}

/** A long task with what the browser says ran in it. */
export interface TaskDetail {
  start: number;
  duration: number;
  /** The container attribution and the scripts (LoAF) that ran within the task, longest first. */
  why: string;
  /** What took most of it: its longest script (file, function, invoker), else the rendering step, else nothing named. */
  top: string;
}

const shortUrl = (url: string) => {
  try {
    const u = new URL(url);
    return u.pathname.split('/').pop() || u.pathname;
  } catch {
    return url || '(no URL: init script or inline)';
  }
};

/** A long task in which the browser named no script (LoAF lists scripts of ≥ 5 ms) and no rendering step. */
export const NOTHING = '(nothing named)';

/** Each long task in [from, to] (its start), with the attribution the init script kept. */
export function attribute(attr: { tasks: AttrTask[]; frames: AttrFrame[] } | undefined, from: number, to: number): TaskDetail[] {
  if (!attr) return [];
  return attr.tasks
    .filter((t) => t.start >= from && t.start <= to)
    .map((t) => {
      const end = t.start + t.duration;
      const frames = attr.frames.filter((f) => f.start < end + 1 && f.end > t.start - 1);
      const scripts = frames
        .flatMap((f) => f.scripts)
        .filter((s) => s.start < end + 1 && s.start + s.duration > t.start - 1 && s.duration >= 1)
        .sort((a, b) => b.duration - a.duration)
        .slice(0, 3);
      const label = (s: AttrScript) => `${shortUrl(s.url)}${s.fn ? `:${s.fn}` : ''} ← ${s.type}${s.invoker && s.invoker !== s.type && s.invoker !== s.url ? ` ${s.invoker.slice(0, 60)}` : ''}`;
      // The frame's rendering step (rAF and video-frame callbacks, style, layout, paint): the frame says when it ran.
      const rendering = frames
        .filter((f) => f.render > 0 && f.render < end + 1 && f.end > t.start - 1 && f.end - f.render >= 5)
        .map((f) => `rendering step ${(f.end - f.render).toFixed(0)} ms (of which style+layout ${(f.end - (f.layout || f.render)).toFixed(0)} ms)`);
      const container = t.container && t.container !== 'unknown window' ? `[${t.container}]` : '';
      const named = scripts.map((s) => `${label(s)} ${s.duration.toFixed(0)} ms`).join('; ');
      const why = [container, named, rendering.join('; ')].filter(Boolean).join(' ') || NOTHING;
      const top = scripts[0] ? label(scripts[0]) : rendering.length ? 'rendering step (no script of ≥ 5 ms named)' : NOTHING;
      return { start: t.start, duration: t.duration, why, top };
    });
}

// ---------------------------------------------------------------------------------------------
// Figures.

export const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** "median [min–max]" with a unit, or n/a. */
export function spread(xs: number[], unit = '', digits = 0): string {
  const s = xs.filter(Number.isFinite);
  if (!s.length) return 'n/a';
  const f = (x: number) => x.toFixed(digits);
  const lo = Math.min(...s);
  const hi = Math.max(...s);
  return `${f(median(s))}${unit}${lo === hi ? '' : ` [${f(lo)}–${f(hi)}]`}`;
}

/** a/b of two medians as "0.85×", or — when either is missing or b is 0. */
export function ratio(a: number[], b: number[]): string {
  const [x, y] = [median(a), median(b)];
  if (!Number.isFinite(x) || !Number.isFinite(y) || y === 0) return '—';
  return `${(x / y).toFixed(2)}×`;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** Runs one measurement, logs how long it took or why it failed, never throws. */
export async function attempt<T>(label: string, run: () => Promise<T>): Promise<Outcome<T>> {
  const t0 = Date.now();
  try {
    const value = await run();
    console.log(`  ${label}: done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    return { ok: true, value };
  } catch (error) {
    const message = (error as Error).message.split('\n')[0]!.slice(0, 160);
    console.log(`  ${label}: FAILED after ${((Date.now() - t0) / 1000).toFixed(0)} s: ${message}`);
    return { ok: false, error: message };
  }
}

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { installNetworkGuard, leavesOrigin, RefusedRequest } from '../../src/workers/networkGuard';

const ORIGIN = 'https://booth.example';
const HERE = `${ORIGIN}/assets/landmarker.worker-abc.js`;

describe('leavesOrigin', () => {
  it('lets the own origin, relative paths, blob: and data: through', () => {
    for (const url of ['/models/face.task', 'mediapipe/x.wasm', `${ORIGIN}/a`, 'blob:https://booth.example/1-2', 'data:,x'])
      expect(leavesOrigin(url, HERE), url).toBe(false);
  });
  it('refuses another host, scheme or port, and protocol-relative URLs', () => {
    for (const url of [
      'https://odml.pa.googleapis.com/v1/log',
      'http://booth.example/a',
      'https://booth.example:8443/a',
      '//evil.example/x',
      'wss://evil.example/socket',
    ])
      expect(leavesOrigin(url, HERE), url).toBe(true);
  });
  it('allows a WebSocket to the own host only (the dev server hot reload)', () => {
    expect(leavesOrigin('wss://booth.example/hmr', HERE)).toBe(false);
  });
});

/** A stand-in global scope with recording network APIs. */
function fakeScope() {
  const calls: string[] = [];
  class FakeXHR {
    open(method: string, url: string) {
      calls.push(`xhr ${method} ${url}`);
    }
  }
  class FakeSocket {
    static OPEN = 1;
    constructor(readonly url: string) {
      calls.push(`ws ${url}`);
    }
  }
  const scope = {
    location: { href: HERE },
    fetch: vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      calls.push(`fetch ${String(input instanceof Request ? input.url : input)}`);
      return new Response('ok');
    }),
    XMLHttpRequest: FakeXHR as unknown as typeof XMLHttpRequest,
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    EventSource: FakeSocket as unknown as typeof EventSource,
    WebTransport: class {
      constructor(readonly url: string | URL) {
        calls.push(`transport ${url}`);
      }
    },
    Worker: class {
      constructor(readonly url: string) {
        calls.push(`worker ${url}`);
      }
    } as unknown as typeof Worker,
    SharedWorker: class {
      constructor(readonly url: string | URL) {
        calls.push(`shared ${url}`);
      }
    },
    importScripts: (...urls: (string | URL)[]) => void calls.push(`import ${urls.join(',')}`),
    navigator: { sendBeacon: (url: string | URL) => (calls.push(`beacon ${String(url)}`), true) },
  };
  return { scope, calls };
}

describe('installNetworkGuard', () => {
  it('refuses every cross-origin request kind, reports it, and passes own-origin ones through', async () => {
    const { scope, calls } = fakeScope();
    const reported: RefusedRequest[] = [];
    installNetworkGuard(scope, (e) => reported.push(e));
    const LOG = 'https://odml.pa.googleapis.com/v1/log';

    await expect(scope.fetch(LOG, { method: 'POST', body: 'stats' })).rejects.toBeInstanceOf(TypeError);
    await expect(scope.fetch(new Request(LOG))).rejects.toThrow(/network guard/);
    expect(() => new scope.XMLHttpRequest().open('POST', LOG)).toThrow(RefusedRequest);
    expect(() => new scope.WebSocket('wss://evil.example/')).toThrow(RefusedRequest);
    expect(() => new scope.EventSource('https://evil.example/stream')).toThrow(RefusedRequest);
    expect(() => scope.importScripts('/own.js', 'https://cdn.example/lib.js')).toThrow(RefusedRequest);
    expect(scope.navigator.sendBeacon(LOG)).toBe(false);
    expect(calls, 'nothing foreign reached the real APIs').toEqual([]);
    expect(reported.map((e) => e.url)).toHaveLength(7);
    // WebTransport, and nested workers: from another origin, or from a blob: or data: URL (code
    // that would run without the guard).
    expect(() => new scope.WebTransport('https://evil.example:4433/wt')).toThrow(RefusedRequest);
    expect(() => new scope.Worker('https://cdn.example/w.js')).toThrow(RefusedRequest);
    expect(() => new scope.Worker('blob:https://booth.example/1234')).toThrow(RefusedRequest);
    expect(() => new scope.SharedWorker('data:text/javascript,fetch("https://x.example")')).toThrow(RefusedRequest);
    expect(calls, 'nothing foreign reached the real APIs').toEqual([]);
    expect(reported).toHaveLength(11);
    new scope.Worker('/assets/own.worker.js');
    calls.length = 0;

    await scope.fetch('/models/face.task');
    new scope.XMLHttpRequest().open('GET', '/a');
    expect(new scope.WebSocket('wss://booth.example/hmr')).toBeInstanceOf(scope.WebSocket);
    scope.importScripts('/own.js');
    expect(scope.navigator.sendBeacon('/b')).toBe(true);
    expect(calls).toEqual(['fetch /models/face.task', 'xhr GET /a', 'ws wss://booth.example/hmr', 'import /own.js', 'beacon /b']);
    expect((scope.WebSocket as unknown as { OPEN: number }).OPEN, 'statics survive').toBe(1);
  });

  it('cannot be undone by a dependency assigning the originals back', () => {
    const { scope } = fakeScope();
    installNetworkGuard(scope, () => {});
    const guarded = scope.fetch;
    expect(() => {
      'use strict';
      (scope as { fetch: unknown }).fetch = async () => new Response('leak');
    }).toThrow(TypeError);
    expect(scope.fetch).toBe(guarded);
  });

  it('installs once', async () => {
    const { scope } = fakeScope();
    const reports: unknown[] = [];
    installNetworkGuard(scope, (e) => reports.push(e));
    installNetworkGuard(scope, (e) => reports.push(e));
    await expect(scope.fetch('https://evil.example/')).rejects.toThrow();
    expect(reports).toHaveLength(1);
  });
});

describe('every entry point installs the guard first', () => {
  const src = resolve(__dirname, '../../src');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
  const firstImport = (file: string) => /^import\s+(?:[^'"]*from\s+)?['"]([^'"]+)['"]/m.exec(readFileSync(file, 'utf8'))?.[1];
  const all = files(src).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));

  const workers = all.filter((f) => f.endsWith('.worker.ts'));
  // The document itself is covered by its CSP meta tag (which no worker inherits): see README, Hosting.
  const entries = [...workers, join(src, 'sw.ts')];

  it('finds the workers', () => expect(workers.length).toBeGreaterThanOrEqual(3));

  it.each(entries.map((f) => [relative(src, f), f]))('%s imports the guard before anything else', (_name, file) => {
    expect(firstImport(file)).toMatch(/\/workers\/installGuard$|^\.\/installGuard$/);
  });

  it('every Worker the app starts is one of those entry points', () => {
    const started = all.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/new Worker\(\s*new URL\(\s*'([^']+)'/g)].map((m) => resolve(join(f, '..'), m[1]!)),
    );
    expect(started.length).toBeGreaterThanOrEqual(3);
    for (const w of started) expect(workers, relative(src, w)).toContain(w);
  });
});

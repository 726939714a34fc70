/**
 * WebKitGTK's MiniBrowser driven by Debian's WebKitWebDriver (webkit2gtk-driver) over classic W3C
 * WebDriver, through a small client on fetch (Playwright's WebKit is its own build; this is the
 * engine a Linux guest actually has). Headful on the display from ./display.ts: MiniBrowser has no
 * headless mode. Each session starts its own driver on a free port and `close()` kills it.
 *
 * What this WebKitGTK (2.50 on Debian 12) lacks matters to the specs: no RTCPeerConnection, no
 * ImageDecoder, no WebGL in workers; its MediaRecorder makes empty files, and a VideoEncoder touched
 * before the page has opened a capture device crashes its web process (GStreamer not yet started).
 * With `camera: true` it has WebKit's own mock camera and microphone.
 * WebDriver has no init script: anything injected (an error listener, a download hook) is put in
 * after a page has loaded and lasts until the next full load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../e2e/env';
import { ensureDisplay } from './display';

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** An element reference, as the driver hands it out. */
export interface WebElement {
  [ELEMENT]: string;
}

export class WebDriverError extends Error {
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(`${error}: ${message}`);
  }
}

export interface PointerStep {
  type: 'pointerMove' | 'pointerDown' | 'pointerUp' | 'pause';
  x?: number;
  y?: number;
  duration?: number;
  button?: number;
  origin?: 'viewport' | 'pointer' | WebElement;
}

export interface WebKitSession {
  /** The engine's version, as the driver reports it. */
  version: string;
  navigate(url: string): Promise<void>;
  url(): Promise<string>;
  find(css: string): Promise<WebElement>;
  findAll(css: string): Promise<WebElement[]>;
  click(el: WebElement | string): Promise<void>;
  /** Types into a field (after clearing it); on an <input type=file>, `text` is a file's path. */
  type(el: WebElement | string, text: string, opts?: { clear?: boolean }): Promise<void>;
  text(el: WebElement | string): Promise<string>;
  attribute(el: WebElement | string, name: string): Promise<string | null>;
  /** Scrolls the element into view and gives its box in the viewport (where pointer steps go). */
  rect(el: WebElement | string): Promise<{ x: number; y: number; width: number; height: number }>;
  /** Runs `fn` in the page with `args` (elements may be passed and returned). */
  execute<T>(fn: string | ((...args: never[]) => unknown), ...args: unknown[]): Promise<T>;
  /** Runs an async function in the page and waits for its promise (up to the script timeout). */
  executeAsync<T>(fn: string | ((...args: never[]) => Promise<unknown>), ...args: unknown[]): Promise<T>;
  /** One mouse's steps (coordinates in CSS pixels of the viewport), then every button released. */
  pointer(steps: PointerStep[]): Promise<void>;
  /**
   * Presses and releases each key in turn, to whatever has focus (a key name from KEYS, such as
   * KEYS.PageDown, or one character): real key events, as a keyboard or a presenter clicker sends them.
   */
  keys(...keys: string[]): Promise<void>;
  /** The current window's handle. */
  windowHandle(): Promise<string>;
  /** Opens a new window (or tab, as the browser likes) and gives its handle; the current window stays the current one. */
  newWindow(): Promise<string>;
  /** Makes the window with this handle the one commands go to. */
  switchTo(handle: string): Promise<void>;
  /** Moves and sizes the current window (screen pixels, its frame included); gives where it ended up. */
  windowRect(rect?: { x?: number; y?: number; width?: number; height?: number }): Promise<{ x: number; y: number; width: number; height: number }>;
  /** The viewport as a PNG. */
  screenshot(): Promise<Buffer>;
  /** Polls `fn` until it returns something truthy; throws `what` with the last value on timeout. */
  waitFor<T>(fn: () => Promise<T | null | undefined | false | '' | 0>, what: string, timeoutMs?: number): Promise<T>;
  /** Window errors and unhandled rejections since the last `watchErrors()` (see below). */
  errors(): Promise<string[]>;
  /** Starts collecting the page's window errors (again after each full load). */
  watchErrors(): Promise<void>;
  close(): Promise<void>;
}

/** WebDriver's codes for the keys that have no character (the W3C spec's table). */
export const KEYS = { Enter: '\uE007', Escape: '\uE00C', PageUp: '\uE00E', PageDown: '\uE00F', Tab: '\uE004' } as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const asScript = (fn: string | ((...args: never[]) => unknown), async: boolean) =>
  typeof fn === 'string' ? fn : async ? `const done = arguments[arguments.length - 1]; Promise.resolve((${fn.toString()}).apply(null, Array.prototype.slice.call(arguments, 0, -1))).then((v) => done({ ok: v }), (e) => done({ err: String(e && e.stack || e) }));` : `return (${fn.toString()}).apply(null, arguments);`;

/**
 * `camera`: WebKit's own mock capture devices (the camera and microphone its layout tests use:
 * "Mock video device 1", 1280×720 at 30 fps, a moving test card — black, a white disc, a timer,
 * colour bars — and "Mock audio device 1", a tone), granted without a prompt under automation.
 */
export async function launchWebKit({ width = 1280, height = 800, camera = false }: { width?: number; height?: number; camera?: boolean } = {}): Promise<WebKitSession> {
  const display = await ensureDisplay();
  const port = await freePort();
  const driver: ChildProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env: { ...process.env, DISPLAY: display }, stdio: ['ignore', 'ignore', 'pipe'] });
  let driverLog = '';
  driver.stderr?.on('data', (d: Buffer) => (driverLog = (driverLog + d.toString()).slice(-4000)));
  const kill = () => {
    if (driver.exitCode === null) driver.kill('SIGKILL');
  };
  process.once('exit', kill);
  const base = `http://127.0.0.1:${port}`;

  // A crashed browser can leave a command unanswered: none waits longer than the script timeout.
  async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, timeoutMs = 40_000): Promise<T> {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = (await res.json().catch(() => ({ value: { error: `HTTP ${res.status}`, message: 'no JSON' } }))) as { value: T & { error?: string; message?: string } };
    if (!res.ok || (json.value && typeof json.value === 'object' && 'error' in json.value && json.value.error)) {
      throw new WebDriverError(String(json.value?.error), `${method} ${path}: ${json.value?.message ?? ''}${driverLog ? `\n${driverLog}` : ''}`);
    }
    return json.value;
  }

  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const ready = await call<{ ready: boolean }>('GET', '/status').catch(() => null);
      if (ready?.ready) break;
      if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode}): ${driverLog}`);
      if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not answer on ${port}`);
      await sleep(100);
    }
    const made = await call<{ sessionId: string; capabilities: { browserVersion: string } }>('POST', '/session', {
      capabilities: { alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', ...(camera ? ['--enable-mock-capture-devices=true', '--enable-media-stream=true'] : [])] } } },
    });
    const s = `/session/${made.sessionId}`;
    await call('POST', `${s}/window/rect`, { width, height }).catch(() => {});
    const el = async (x: WebElement | string) => (typeof x === 'string' ? session.find(x) : x);
    // The app scrolls smoothly (html { scroll-behavior: smooth }), and WebKitWebDriver checks an
    // element is in view before the smooth scroll it started has got there ("element not
    // interactable"): every interaction first brings its element to the middle of the viewport at once.
    const inView = async (x: WebElement | string) => {
      const e = await el(x);
      await session.execute((e: Element) => e.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }), e);
      return e;
    };
    const id = (x: WebElement) => x[ELEMENT];

    const session: WebKitSession = {
      version: made.capabilities.browserVersion,
      async navigate(url) {
        await call('POST', `${s}/url`, { url });
      },
      url: () => call<string>('GET', `${s}/url`),
      find: (css) => call<WebElement>('POST', `${s}/element`, { using: 'css selector', value: css }),
      findAll: (css) => call<WebElement[]>('POST', `${s}/elements`, { using: 'css selector', value: css }),
      async click(x) {
        await call('POST', `${s}/element/${id(await inView(x))}/click`);
      },
      async type(x, text, { clear = true } = {}) {
        const e = await inView(x);
        if (clear && (await session.attribute(e, 'type')) !== 'file') await call('POST', `${s}/element/${id(e)}/clear`);
        await call('POST', `${s}/element/${id(e)}/value`, { text });
      },
      text: async (x) => call<string>('GET', `${s}/element/${id(await el(x))}/text`),
      attribute: async (x, name) => call<string | null>('GET', `${s}/element/${id(await el(x))}/attribute/${encodeURIComponent(name)}`),
      rect: async (x) =>
        session.execute((e: Element) => {
          const r = e.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        }, await inView(x)),
      execute: (fn, ...args) => call('POST', `${s}/execute/sync`, { script: asScript(fn, false), args }),
      async executeAsync<T>(fn: string | ((...args: never[]) => Promise<unknown>), ...args: unknown[]) {
        const got = await call<{ ok?: T; err?: string }>('POST', `${s}/execute/async`, { script: asScript(fn, true), args });
        if (typeof fn === 'string') return got as T;
        if (got.err !== undefined) throw new Error(`in the page: ${got.err}`);
        return got.ok as T;
      },
      async pointer(steps) {
        const actions = steps.map((a) => (a.type === 'pause' ? { type: 'pause', duration: a.duration ?? 0 } : a.type === 'pointerMove' ? { origin: 'viewport', duration: 0, ...a, x: Math.round(a.x ?? 0), y: Math.round(a.y ?? 0) } : { button: 0, ...a }));
        try {
          await call('POST', `${s}/actions`, { actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }] });
        } finally {
          await call('DELETE', `${s}/actions`).catch(() => {});
        }
      },
      async keys(...keys) {
        const actions = keys.flatMap((value) => [
          { type: 'keyDown', value },
          { type: 'keyUp', value },
        ]);
        try {
          await call('POST', `${s}/actions`, { actions: [{ type: 'key', id: 'keyboard', actions }] });
        } finally {
          await call('DELETE', `${s}/actions`).catch(() => {});
        }
      },
      windowHandle: () => call<string>('GET', `${s}/window`),
      newWindow: async () => (await call<{ handle: string }>('POST', `${s}/window/new`, { type: 'window' })).handle,
      async switchTo(handle) {
        await call('POST', `${s}/window`, { handle });
      },
      windowRect: (rect) => (rect ? call('POST', `${s}/window/rect`, rect) : call('GET', `${s}/window/rect`)),
      screenshot: async () => Buffer.from(await call<string>('GET', `${s}/screenshot`), 'base64'),
      async waitFor(fn, what, timeoutMs = 15_000) {
        const deadline = Date.now() + timeoutMs;
        let last: unknown;
        for (;;) {
          last = await fn().catch((e: unknown) => e);
          if (last && !(last instanceof Error)) return last as never;
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${last instanceof Error ? last.message : JSON.stringify(last)}`);
          await sleep(100);
        }
      },
      async watchErrors() {
        await session.execute(() => {
          const w = window as unknown as { __wkErrors?: string[] };
          if (w.__wkErrors) return;
          const seen: string[] = (w.__wkErrors = []);
          window.addEventListener('error', (e) => seen.push(String(e.message || e.error)));
          window.addEventListener('unhandledrejection', (e) => seen.push(`unhandled rejection: ${String(e.reason?.stack ?? e.reason)}`));
        });
      },
      errors: () => session.execute(() => (window as unknown as { __wkErrors?: string[] }).__wkErrors ?? ['(errors were not watched on this page)']),
      async close() {
        await call('DELETE', s, undefined, 5_000).catch(() => {});
        kill();
      },
    };
    return session;
  } catch (error) {
    kill();
    throw error;
  }
}

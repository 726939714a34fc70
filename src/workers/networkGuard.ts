/**
 * The network guard: nothing this app runs can send a request to another origin, whatever headers
 * the host sends.
 *
 * Why it exists: a document's CSP (our <meta> tag) does not cover workers, whose policy comes only
 * from their own script's response headers, and many static hosts send none. Dependencies phone
 * home on their own: @mediapipe/tasks-vision carries a usage logger that POSTs task statistics to
 * a Google endpoint every 60 s and when a task closes, and offers no option to turn it off.
 *
 * Why a guard and not a patch of MediaPipe: the logger lives in minified code whose names and
 * shape change with every release, so a patch keyed to it breaks silently on an upgrade. The guard
 * keys on the platform's own network APIs instead (fetch, XMLHttpRequest, sendBeacon, WebSocket,
 * EventSource, WebTransport, importScripts, nested workers), which a library has to go through
 * whatever its version; the MediaPipe logger sees its fetch fail and stops its timer by itself.
 * `import()` is syntax no script can wrap: the service worker refuses every cross-origin request
 * of the pages and workers it controls (src/sw.ts), and the headers' CSP covers it where sent.
 *
 * Every worker entry imports this module first (every `*.worker.ts` and the service worker);
 * tests/unit/networkGuard.test.ts fails if one does not. The document needs no guard: its CSP meta
 * tag (connect-src 'self') holds on any host, and tests/e2e/trust.spec.ts shows it refusing. ES modules evaluate
 * their imports in order, so the guard is in place before any dependency's code runs.
 */

/** Schemes that never leave the device. */
const LOCAL_SCHEMES = new Set(['blob:', 'data:']);

/** True when `url`, resolved against `base` (the scope's own address), would leave the origin. */
export function leavesOrigin(url: string | URL, base: string): boolean {
  let target: URL;
  const own = new URL(base);
  try {
    target = new URL(String(url), own);
  } catch {
    return true; // unparseable: refuse rather than guess
  }
  if (LOCAL_SCHEMES.has(target.protocol)) return false;
  // The dev server's hot reload talks over a WebSocket to the page's own host.
  if (target.protocol === 'ws:' || target.protocol === 'wss:') return target.host !== own.host;
  return target.origin !== own.origin;
}

/** What the guard refuses with: the same error type the platform gives for a blocked request. */
export class RefusedRequest extends TypeError {
  constructor(readonly url: string, via: string) {
    super(`Photobooth's network guard refused a ${via} request to ${url}: nothing leaves this device.`);
    this.name = 'RefusedRequest';
  }
}

interface GuardableScope {
  location: { href: string };
  fetch?: typeof fetch;
  XMLHttpRequest?: typeof XMLHttpRequest;
  WebSocket?: typeof WebSocket;
  EventSource?: typeof EventSource;
  WebTransport?: new (url: string | URL, ...rest: unknown[]) => object;
  Worker?: typeof Worker;
  SharedWorker?: new (url: string | URL, ...rest: unknown[]) => object;
  importScripts?: (...urls: (string | URL)[]) => void;
  navigator?: { sendBeacon?: (url: string | URL, data?: BodyInit | null) => boolean };
}

const INSTALLED = Symbol.for('photobooth.networkGuard');

/** Replaces a property so that nothing later can put the original back. */
function lock<T extends object>(target: T, key: PropertyKey, value: unknown) {
  Object.defineProperty(target, key, { value, writable: false, configurable: false, enumerable: true });
}

/**
 * Installs the guard on `scope` (the page's window, a worker's or the service worker's global).
 * Idempotent. `report` hears every refused attempt (the console in development).
 */
export function installNetworkGuard(scope: GuardableScope, report: (err: RefusedRequest) => void): void {
  const flagged = scope as unknown as Record<symbol, boolean>;
  if (flagged[INSTALLED]) return;
  const foreign = (url: string | URL) => leavesOrigin(url, scope.location.href);
  const refuse = (url: string | URL, via: string) => {
    const err = new RefusedRequest(String(url), via);
    report(err);
    return err;
  };

  const originalFetch = scope.fetch;
  if (originalFetch) {
    const guarded: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : input;
      if (foreign(url)) return Promise.reject(refuse(url, 'fetch'));
      return originalFetch.call(scope, input, init);
    };
    lock(scope, 'fetch', guarded);
  }

  const xhr = scope.XMLHttpRequest?.prototype;
  if (xhr) {
    const open = xhr.open as (this: XMLHttpRequest, ...args: unknown[]) => void;
    lock(xhr, 'open', function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
      if (foreign(url)) throw refuse(url, 'XMLHttpRequest');
      return open.call(this, method, url, ...rest);
    });
  }

  const beacon = scope.navigator?.sendBeacon;
  if (scope.navigator && beacon) {
    const nav = scope.navigator;
    lock(nav, 'sendBeacon', (url: string | URL, data?: BodyInit | null) => {
      if (foreign(url)) {
        refuse(url, 'sendBeacon');
        return false;
      }
      return beacon.call(nav, url, data);
    });
  }

  // Constructors: a Proxy keeps their statics (WebSocket.OPEN) and instanceof checks intact.
  const guardConstructor = (name: 'WebSocket' | 'EventSource' | 'WebTransport' | 'Worker' | 'SharedWorker', refused: (url: string) => boolean, via: string) => {
    const Original = scope[name];
    if (!Original) return;
    lock(
      scope,
      name,
      new Proxy(Original, {
        construct(target, args: [string | URL, ...unknown[]], newTarget) {
          if (refused(String(args[0]))) throw refuse(args[0], via);
          return Reflect.construct(target, args, newTarget) as object;
        },
      }),
    );
  };
  for (const name of ['WebSocket', 'EventSource', 'WebTransport'] as const) guardConstructor(name, foreign, name);
  // A nested worker runs code of its own, without this guard unless it is one of ours (a
  // same-origin entry, which imports the guard first: tests/unit/networkGuard.test.ts): one from
  // another origin, or made from a blob: or data: URL, is refused.
  for (const name of ['Worker', 'SharedWorker'] as const) guardConstructor(name, (url) => foreign(url) || /^(blob|data):/i.test(url), `nested ${name}`);

  const load = scope.importScripts;
  if (load) {
    lock(scope, 'importScripts', (...urls: (string | URL)[]) => {
      const bad = urls.find(foreign);
      if (bad !== undefined) throw refuse(bad, 'importScripts');
      return load.apply(scope, urls);
    });
  }

  lock(flagged, INSTALLED, true);
}

/** How an entry point installs it: on its own global, reported to the console. */
export function guardThisScope(): void {
  installNetworkGuard(globalThis as unknown as GuardableScope, (err) => {
    // Loud while developing (a new dependency phoning home must be noticed); a quiet note for
    // visitors, whose browser refused the request anyway.
    if (import.meta.env.DEV) console.error(err.message);
    else console.warn(err.message);
  });
}

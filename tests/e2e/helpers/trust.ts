import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Trust helpers: what left the page (requests with their bodies), what the CSP refused, and ways
 * to make the camera and the tab misbehave the way real devices do.
 */

export interface SeenRequest {
  url: string;
  method: string;
  resourceType: string;
  /** Bytes in the request body (0 for none). */
  bodyBytes: number;
  /** Made by the service worker itself (its precache and fetches), not by a page or its workers. */
  serviceWorker: boolean;
}

/**
 * Records every request of the whole context (pages and their workers), with the body size, so a
 * test can prove no image ever leaves: context-level events include dedicated workers' fetches.
 */
export function recordRequests(context: BrowserContext): SeenRequest[] {
  const seen: SeenRequest[] = [];
  context.on('request', (r) => {
    const body = r.postDataBuffer();
    seen.push({
      url: r.url(),
      method: r.method(),
      resourceType: r.resourceType(),
      bodyBytes: body?.length ?? 0,
      serviceWorker: r.serviceWorker() !== null,
    });
  });
  return seen;
}

/** Every request went to `origin` (blob:/data: stay in the page), was a GET or HEAD and had no body. */
export function expectNothingLeaves(requests: SeenRequest[], origin: string) {
  expect(requests.length, 'some requests were seen').toBeGreaterThan(0);
  const foreign = requests.filter((r) => !/^(data|blob):/.test(r.url) && new URL(r.url).origin !== origin);
  expect(foreign.map((r) => r.url), 'requests to another origin').toEqual([]);
  const writes = requests.filter((r) => !['GET', 'HEAD'].includes(r.method) || r.bodyBytes > 0);
  expect(writes.map((r) => `${r.method} ${r.url} (${r.bodyBytes} bytes)`), 'requests that carry data').toEqual([]);
}

/** Collects securitypolicyviolation events (from the first script on, before the app loads). */
export async function listenForCspViolations(page: Page) {
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = found;
    document.addEventListener('securitypolicyviolation', (e) => {
      found.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
}

export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/** Keeps every stream getUserMedia hands out in window.__streams, so a test can end its tracks. */
export async function spyOnCameraStreams(page: Page) {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { __streams: MediaStream[] }).__streams = streams;
    // about:blank (history's first entry) has no camera API.
    if (!navigator.mediaDevices) return;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (c) => {
      const s = await original(c);
      streams.push(s);
      return s;
    };
  });
}

/**
 * The camera is unplugged: every live track stops and fires 'ended' (track.stop() from script
 * alone fires nothing, while a real unplug does).
 */
export function unplugCamera(page: Page): Promise<number> {
  return page.evaluate(() => {
    const tracks = (window as unknown as { __streams: MediaStream[] }).__streams
      .flatMap((s) => s.getVideoTracks())
      .filter((t) => t.readyState === 'live');
    for (const t of tracks) {
      t.stop();
      t.dispatchEvent(new Event('ended'));
    }
    return tracks.length;
  });
}

export function liveCameraTracks(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (window as unknown as { __streams: MediaStream[] }).__streams
        .flatMap((s) => s.getVideoTracks())
        .filter((t) => t.readyState === 'live').length,
  );
}

/** The tab goes to the background (or comes back): document.hidden changes and visibilitychange fires. */
export function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  return page.evaluate((h) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** How many photos IndexedDB holds right now (the debounced writer may lag the screen). */
export function storedPhotoCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    // Never create the database (open() would, empty): read it only if it exists.
    if (!(await indexedDB.databases()).some((d) => d.name === 'photobooth-session')) return 0;
    const db = await new Promise<IDBDatabase | null>((resolve) => {
      const open = indexedDB.open('photobooth-session');
      open.onerror = () => resolve(null);
      open.onsuccess = () => resolve(open.result);
    });
    if (!db) return -1;
    try {
      if (!db.objectStoreNames.contains('photos')) return 0;
      return await new Promise<number>((resolve) => {
        const req = db.transaction('photos', 'readonly').objectStore('photos').count();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => resolve(-1);
      });
    } finally {
      db.close();
    }
  });
}

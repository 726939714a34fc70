/// <reference lib="webworker" />
// The service worker: the app shell precached (the app works offline after one visit), MediaPipe's
// wasm and the face model cached on first use. Our own, so the network guard runs in it first.
// Updates as Squoosh does them (src/sw/versions.ts): a new version installs and waits; the tabs
// open keep running theirs (its files stay served); the app offers the reload, and the new version
// takes over at the next navigation of the last tab, which reloads anyway.
import './workers/installGuard';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { cacheNames, clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { DEFAULT_LANG, isLang, LANGUAGES } from './i18n/languages';
import { MODEL_URL, WASM_BASE } from './features/vision/runtime.gen';
import { SEGMENTATION_BASE } from './features/background/runtime.gen';
import {
  dropOtherPages, keepPage, langOfPath, languagesInUse, manifestPaths, openWindows, pagesCacheName, purgeRetired, retireOldFiles, versionOf,
} from './sw/versions';
import { handoverResponse } from './sw/handover';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const MANIFEST = self.__WB_MANIFEST;
const PATHS = manifestPaths(MANIFEST);
const PAGES = pagesCacheName(versionOf(MANIFEST));
const langOf = (pathname: string) => langOfPath(pathname, isLang, DEFAULT_LANG);

// MediaPipe's wasm (13 MB) and the face model: cached when first used, so the landing page never
// downloads them. Their URLs are named by version and content hash (scripts/assets.mjs), so an
// update never mixes versions; what an older version cached goes once no tab can still use it.
const RUNTIME_CACHE = 'face-model';
const RUNTIME_PREFIXES = ['/mediapipe/', '/models/', '/segmentation/'];
const isCurrentRuntime = (path: string) => path.startsWith(`${WASM_BASE}/`) || path === MODEL_URL || path.startsWith(`${SEGMENTATION_BASE}/`);
const purge = () => purgeRetired(isCurrentRuntime, RUNTIME_CACHE);

// The first version takes control of the page that registered it, so the app works offline from
// then on; a later one is taken on the visitor's word ("Reload") or at the last tab's navigation.
clientsClaim();
cleanupOutdatedCaches();

/**
 * Every prerendered page of `langs` kept for this version (each page of a language is listed in
 * pages.json by the prerender: ~19 pages of ~12 KB), only what is not kept yet. Offline, every
 * page kept is its own HTML, hydrated as it is.
 */
async function keepLanguages(langs: Iterable<string>): Promise<void> {
  const list = (await (await fetch('/pages.json', { cache: 'no-store' })).json()) as Record<string, string[]>;
  const cache = await caches.open(PAGES);
  for (const lang of langs) {
    for (const path of list[lang] ?? []) if (!(await cache.match(path))) await keepPage(cache, path, PATHS).catch(() => false);
  }
}

const keptLangs = new Set<string>();
/**
 * Keeps `lang`'s pages first, then every other language's (once per worker run; retried on a later
 * visit when offline): a page opened offline in a language never visited is its own HTML too
 * (issue 54), not its language's home page turned into it at hydration. All nine languages' pages
 * are 180 files (2.4 MB in the cache, 0.7 MB gzipped over the wire; the blog's are the largest),
 * fetched one at a time, the visitor's own language first.
 */
async function keepLanguage(lang: string): Promise<void> {
  if (keptLangs.has(lang)) return;
  const order = [lang, ...LANGUAGES.map((l) => l.code).filter((c) => c !== lang)];
  for (const code of order) keptLangs.add(code);
  await keepLanguages(order).catch(() => keptLangs.clear());
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // An update: the files of the version running now are kept aside for its open tabs, and the
      // pages of every language kept before are this version's own before it can take over.
      if (self.registration.active) await retireOldFiles(cacheNames.precache, PATHS);
      await keepLanguages(await languagesInUse(PAGES, langOf));
    })().catch(() => undefined),
  );
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await dropOtherPages(PAGES);
      if ((await openWindows()) <= 1) await purge();
    })(),
  );
});
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; lang?: string } | null;
  // The visitor took the update ("Reload"): this version takes over now.
  if (data?.type === 'skip-waiting') void self.skipWaiting();
  // Each page of the app, once this worker is active, asks it to keep its language's pages.
  if (data?.type === 'keep-language' && isLang(data.lang)) event.waitUntil(keepLanguage(data.lang));
});

/** Offline: the page kept for this version, else its language's precached home page. */
async function offlinePage(url: URL): Promise<Response> {
  const kept = await (await caches.open(PAGES)).match(url.pathname, { ignoreSearch: true });
  if (kept) return kept;
  const lang = langOf(url.pathname);
  const home = lang !== DEFAULT_LANG ? `/${lang}.html` : '/index.html';
  return (await matchPrecache(home)) ?? (await matchPrecache('/index.html')) ?? Response.error();
}

// Navigations, before the precache's own route (so the home pages too): a waiting version takes
// over at the last tab's navigation (answered with a page that hands over and reloads, which the
// new version then serves); otherwise the network's page (kept when it is this version's), and
// offline the page kept.
registerRoute(
  new NavigationRoute(async ({ request, event, url }) => {
    const windows = await openWindows();
    const waiting = self.registration.waiting;
    if (waiting && windows <= 1) {
      // Asked from here too, though the page asks again once this fetch is over (src/sw/handover.ts).
      waiting.postMessage({ type: 'skip-waiting' });
      return handoverResponse();
    }
    if (!waiting && windows <= 1) event.waitUntil(purge().catch(() => undefined));
    try {
      const res = await fetch(request);
      const copy = res.clone();
      if (res.ok) event.waitUntil(caches.open(PAGES).then((cache) => keepPage(cache, url.pathname, PATHS, copy)).catch(() => undefined));
      return res;
    } catch {
      return offlinePage(url);
    }
  }),
);
// The app's code, styles and images, and the home page of each language (index.html, ja.html…).
precacheAndRoute(MANIFEST);

// Same-origin files no longer (or not yet) in this version's precache, for a tab running another
// version: the files of the version before (kept aside at the update), or those a waiting version
// has precached; else the runtime cache (filled on first use) or the network.
const runtime = new CacheFirst({
  cacheName: RUNTIME_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 10 }), new CacheableResponsePlugin({ statuses: [200] })],
});
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && (url.pathname.startsWith('/assets/') || RUNTIME_PREFIXES.some((p) => url.pathname.startsWith(p))),
  async (options) => {
    const kept = await caches.match(options.request, { ignoreVary: true });
    if (kept) return kept;
    return RUNTIME_PREFIXES.some((p) => options.url.pathname.startsWith(p)) ? runtime.handle(options) : fetch(options.request);
  },
);
// Nothing leaves the device from any page or worker this service worker controls: a request to
// another origin (a module a worker `import()`s, which no script-level guard can wrap) is refused.
registerRoute(
  ({ sameOrigin }) => !sameOrigin,
  () => Promise.resolve(Response.error()),
);

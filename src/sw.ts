/// <reference lib="webworker" />
// The service worker: the app shell precached (the app works offline after one visit), MediaPipe's
// wasm and the face model cached on first use. Our own, so the network guard runs in it first.
import './workers/installGuard';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { DEFAULT_LANG, isLang } from './i18n/languages';
import { MODEL_URL, WASM_BASE } from './features/vision/runtime.gen';
import { SEGMENTATION_BASE } from './features/background/runtime.gen';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// Take control on the first visit, so the app works offline from then on.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// The app's code, styles and images, and the home page of each language (index.html, ja.html…):
// those navigations are answered from here.
precacheAndRoute(self.__WB_MANIFEST);
// Every other page is prerendered HTML of its own: from the network while online (and kept), and
// offline the copy kept. The first page visited in a language brings that language's other pages
// into the cache as well (listed in pages.json by the prerender, ~15 pages of ~12 KB), so offline
// every page of a language once visited is its own HTML, hydrated as it is. A language never
// visited falls back to its home page, where the app renders the page the URL asks for.
const PAGES = 'pages';
const pages = new NetworkFirst({
  cacheName: PAGES,
  plugins: [new ExpirationPlugin({ maxEntries: 400 }), new CacheableResponsePlugin({ statuses: [200] })],
});
const keptLangs = new Set<string>();

/** Keeps every prerendered page of `lang` (once per service worker; a page already kept is not fetched again). */
async function keepLanguage(lang: string): Promise<void> {
  if (keptLangs.has(lang)) return;
  keptLangs.add(lang);
  try {
    const list = (await (await fetch('/pages.json', { cache: 'no-store' })).json()) as Record<string, string[]>;
    const cache = await caches.open(PAGES);
    for (const path of list[lang] ?? []) {
      if (await cache.match(path)) continue;
      const res = await fetch(path);
      if (res.ok) await cache.put(path, res);
    }
  } catch {
    keptLangs.delete(lang); // offline or the list missing: try again on a later visit
  }
}

const langOf = (url: string) => {
  const first = new URL(url).pathname.split('/')[1];
  return isLang(first) && first !== DEFAULT_LANG ? first : DEFAULT_LANG;
};

// Each page of the app, once this worker is active, asks it to keep its language's pages.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; lang?: string } | null;
  if (data?.type === 'keep-language' && isLang(data.lang)) event.waitUntil(keepLanguage(data.lang));
});
registerRoute(
  new NavigationRoute(async (options) => {
    const lang = langOf(options.request.url);
    try {
      return await pages.handle(options);
    } catch {
      const home = lang !== DEFAULT_LANG ? `/${lang}.html` : '/index.html';
      return (await matchPrecache(home)) ?? (await matchPrecache('/index.html')) ?? Response.error();
    }
  }),
);
// MediaPipe's wasm (13 MB) and the face model: cached when first used, so the landing page never
// downloads them. Their URLs are named by version and content hash (scripts/assets.mjs), so an
// update never mixes versions; what an older version cached is dropped when this worker activates.
const RUNTIME_CACHE = 'face-model';
const isCurrentRuntime = (path: string) => path.startsWith(`${WASM_BASE}/`) || path === MODEL_URL || path.startsWith(`${SEGMENTATION_BASE}/`);
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.open(RUNTIME_CACHE).then(async (cache) => {
      for (const request of await cache.keys()) if (!isCurrentRuntime(new URL(request.url).pathname)) await cache.delete(request);
    }),
  );
});
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && ['/mediapipe/', '/models/', '/segmentation/'].some((p) => url.pathname.startsWith(p)),
  new CacheFirst({
    cacheName: RUNTIME_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 10 }), new CacheableResponsePlugin({ statuses: [200] })],
  }),
);
// Nothing leaves the device from any page or worker this service worker controls: a request to
// another origin (a module a worker `import()`s, which no script-level guard can wrap) is refused.
registerRoute(
  ({ sameOrigin }) => !sameOrigin,
  () => Promise.resolve(Response.error()),
);

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

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// Take control on the first visit, so the app works offline from then on.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// The app's code, styles and images, and the home page of each language (index.html, ja.html…):
// those navigations are answered from here.
precacheAndRoute(self.__WB_MANIFEST);
// Every other page is prerendered HTML of its own: from the network while online (and kept), and
// offline the last copy kept, else the home page of the URL's language, where the app renders the
// page the URL asks for (it renders afresh wherever the HTML was made for another path).
const pages = new NetworkFirst({
  cacheName: 'pages',
  plugins: [new ExpirationPlugin({ maxEntries: 50 }), new CacheableResponsePlugin({ statuses: [200] })],
});
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      const first = new URL(options.request.url).pathname.split('/')[1];
      const home = isLang(first) && first !== DEFAULT_LANG ? `/${first}.html` : '/index.html';
      return (await matchPrecache(home)) ?? (await matchPrecache('/index.html')) ?? Response.error();
    }
  }),
);
// MediaPipe's wasm (13 MB) and the face model: cached when first used, so the landing page never
// downloads them.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && (url.pathname.startsWith('/mediapipe/') || url.pathname.startsWith('/models/')),
  new CacheFirst({
    cacheName: 'face-model',
    plugins: [new ExpirationPlugin({ maxEntries: 10 }), new CacheableResponsePlugin({ statuses: [200] })],
  }),
);
// Nothing leaves the device from any page or worker this service worker controls: a request to
// another origin (a module a worker `import()`s, which no script-level guard can wrap) is refused.
registerRoute(
  ({ sameOrigin }) => !sameOrigin,
  () => Promise.resolve(Response.error()),
);

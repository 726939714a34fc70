/// <reference lib="webworker" />
// The service worker: the app shell precached (the app works offline after one visit), MediaPipe's
// wasm and the face model cached on first use. Our own, so the network guard runs in it first.
import './workers/installGuard';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// Take control on the first visit, so the app works offline from then on.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// Every route is the single-page app.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html')));
// MediaPipe's wasm (13 MB) and the face model: cached when first used, so the landing page never
// downloads them.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && (url.pathname.startsWith('/mediapipe/') || url.pathname.startsWith('/models/')),
  new CacheFirst({
    cacheName: 'face-model',
    plugins: [new ExpirationPlugin({ maxEntries: 10 }), new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { cspMeta, previewHeadersPlugin } from './scripts/security-headers';
import { i18nPlugin } from './scripts/vite-plugin-i18n';
import { blogPlugin } from './scripts/vite-plugin-blog';
import { prerenderPlugin } from './scripts/vite-plugin-prerender';
import { cameraFirstPlugin } from './scripts/vite-plugin-camera-first';
import { LANGUAGES } from './src/i18n/languages';

const ACCENT = '#be185d';
const cameraFirst = cameraFirstPlugin();

export default defineConfig({
  plugins: [
    blogPlugin(), // content/blog/*.md → HTML at build time
    react(),
    i18nPlugin(), // i18n/<lang>.json → one small chunk per string group
    cameraFirst, // the booth's pages ask for the camera before anything else (src/early.ts)
    previewHeadersPlugin(), // `vite preview` sends the build's _headers
    prerenderPlugin({ finishPage: (path, html) => cameraFirst.finishPage(path, html) }), // every page × language → its own HTML, sitemap.xml, robots.txt
    {
      // The built pages carry the CSP (the dev server's hot reload needs inline scripts); the
      // camera-first plugin gives each page the build's policy, with its inline script's hash.
      name: 'photobooth-csp-meta',
      apply: 'build',
      transformIndexHtml: () => [
        { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: cspMeta([]) }, injectTo: 'head-prepend' },
      ],
    },
    VitePWA({
      // Our own service worker (src/sw.ts), so the network guard is the first thing it runs.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
      injectRegister: false, // src/app/serviceWorker.ts registers /sw.js at load
      includeAssets: ['favicon.svg', 'icons/*.svg', 'icons/*.png'],
      manifest: {
        name: 'Photobooth',
        short_name: 'Photobooth',
        description: 'A free photo booth in your browser. Photos never leave your device.',
        theme_color: ACCENT,
        background_color: '#fff7fb',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The app's code and every screen chunk are precached so an installed app works offline,
        // with each language's home page; the other prerendered pages (2.4 MB in all) are kept by
        // src/sw.ts once a page has been shown, the visitor's language first, one at a time.
        // The live backgrounds' person models (250 KB each) and their SIMD runtime (2.6 MB) are
        // precached too, so backgrounds work offline from the first visit on; the non-SIMD runtime,
        // for the rare browser without WebAssembly SIMD, is cached when first used (src/sw.ts).
        globPatterns: [
          '**/*.{js,css,svg,png,webmanifest,woff2}',
          'index.html',
          `{${LANGUAGES.slice(1).map((l) => l.code).join(',')}}.html`,
          'segmentation/*/*.tflite',
          'segmentation/*/tflite-simd-1-0-0.wasm',
          // The QR reader (zxing, 0.9 MB) for the phone's answer, and the phone's receive page in
          // every language: a guest's phone that opened it once has it from the cache.
          'assets/*.wasm',
          'receive.html',
          `{${LANGUAGES.slice(1).map((l) => l.code).join(',')}}/receive.html`,
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // MediaPipe's wasm (13 MB) and the face model are cached at run time on first use instead
        // (src/sw.ts), so the landing page never downloads them.
        globIgnores: ['mediapipe/**', 'models/**', 'og/**'], // share images are for link previews only
      },
    }),
  ],
  resolve: {
    alias: [{ find: /^use-sync-external-store\/shim\/index\.js$/, replacement: fileURLToPath(new URL('./src/app/syncExternalStoreShim.ts', import.meta.url)) }],
  },
  worker: { format: 'es' },
  // Every browser that runs WebGL2 supports <link rel=modulepreload>: no polyfill needed.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every page runs before it can render (React, the router, the store, the strings'
        // loader) in one chunk: one request, and gzip sees it whole (1.7 KB smaller than in five).
        // Not what the entry itself needs (src/main.tsx: the URL, the service worker), which stays
        // in the entry: the landing page starts the app only on demand.
        codeSplitting: {
          groups: [
            { name: 'boot', priority: 2, test: /\/src\/(lib\/start\/|lib\/stored|i18n\/(paths|languages|storage)\.|app\/(serviceWorker|perfMonitor)\.)|preload-helper/ },
            // React itself, evaluated in a task of its own before the rest of the app (src/main.tsx).
            { name: 'react', priority: 2, test: /node_modules\/(react|react-dom|scheduler)\// },
            { name: 'app', priority: 1, test: /node_modules\/(wouter|regexparam|rosetta|dlv|templite)\/|jotai\/esm\/(react|vanilla)(\.mjs|\/internals)|\/src\/(i18n|app)\/|\/src\/state\/store|rolldown.runtime/ },
          ],
        },
      },
    },
  },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { EARLY_CAMERA_PAGE } from '../src/features/camera/meta';

const ENTRY = fileURLToPath(new URL('../src/early.ts', import.meta.url));

export interface CameraFirstPlugin extends Plugin {
  /**
   * A built page as served at `path` (null: the not-found page): on the booth's pages the early
   * script goes first in the head, right after the CSP, and starts the app, which the page only
   * preloads; its tag carries, in the page's language, what it says should the app not load.
   * Other pages are left as they are.
   */
  finishPage(path: string | null, html: string): string;
}

/**
 * THE CAMERA FIRST (src/early.ts): the booth's pages ask for the camera before anything else runs.
 * The build makes the early script a classic, self-contained script (one small file, no imports)
 * and the prerender puts it first in the booth pages' head, right after the CSP, as a plain
 * parser-blocking `<script src>`: it runs the moment it arrives, ahead of the stylesheets, the first
 * layout and the app's modules (an `async` module waited behind all three: ~120 ms more to
 * getUserMedia here). On those pages the app's entry is a `modulepreload` (fetched and compiled at
 * once) that the early script imports when the picture plays: evaluated beside the camera's start,
 * it held the picture back (median 330 → 303 ms over 30 loads here, and no more 450-600 ms loads). The
 * head ends with an empty module script (AFTER_STYLES), so that DOMContentLoaded still waits for the
 * stylesheets as it does on every other page. Other pages neither load these nor change. The dev
 * server loads the early script as a module and the app as usual.
 */
export function cameraFirstPlugin(): CameraFirstPlugin {
  let config: ResolvedConfig;
  let fileName: string | null = null;
  let afterStyles: string | null = null;
  let appEntry: string | null = null;
  return {
    name: 'photobooth-camera-first',
    configResolved(c) {
      config = c;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => (ctx.server ? [{ tag: 'script', attrs: { type: 'module', src: '/src/early.ts' }, injectTo: 'head-prepend' }] : []),
    },
    async generateBundle(_options, bundle) {
      if (config.command !== 'build' || config.build.ssr) return;
      const entries = Object.values(bundle).filter((c) => c.type === 'chunk' && c.isEntry);
      if (entries.length !== 1) throw new Error(`camera-first: expected one app entry, found ${entries.length}`);
      appEntry = `/${entries[0]!.fileName}`;
      const out = (await build({
        configFile: false,
        root: config.root,
        logLevel: 'silent',
        mode: config.mode,
        define: { __PB_APP_ENTRY__: JSON.stringify(appEntry) },
        build: {
          write: false,
          minify: true,
          target: config.build.target,
          lib: { entry: ENTRY, formats: ['iife'], name: 'photoboothEarly', fileName: 'early' },
        },
      })) as Rolldown.RolldownOutput[];
      const chunk = out.flatMap((o) => o.output).find((c) => c.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk') throw new Error('camera-first: src/early.ts was not built');
      fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'early.js', source: chunk.code }));
      afterStyles = this.getFileName(this.emitFile({ type: 'asset', name: 'after-styles.js', source: AFTER_STYLES }));
    },
    finishPage(path, html) {
      if (!path || !EARLY_CAMERA_PAGE.test(path)) return html;
      if (!fileName || !afterStyles || !appEntry) throw new Error('camera-first: the early script is not built yet');
      const csp = /<meta http-equiv="Content-Security-Policy"[^>]*>/;
      const app = `<script type="module" crossorigin src="${appEntry}"></script>`;
      if (!csp.test(html) || !html.includes(app) || !html.includes('</head>')) throw new Error(`camera-first: no CSP meta or no app entry in the page for ${path}`);
      // The words the early script shows when the app cannot be loaded: it runs before the app
      // and its strings, so the page carries them, in its language (errors.startFailed, errors.reload).
      const lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? 'en';
      const errors = startWords(config.root, lang);
      const words = `data-fail="${attr(errors.startFailed)}" data-reload="${attr(errors.reload)}"`;
      return html
        .replace(csp, (meta) => `${meta}<script src="/${fileName}" ${words}></script>`)
        .replace(app, `<link rel="modulepreload" crossorigin href="${appEntry}">`)
        .replace('</head>', `<script type="module" src="/${afterStyles}"></script></head>`);
    },
  };
}

/**
 * The booth pages' last script in the head: an empty module. A module script runs only once the
 * stylesheets before it have loaded, and DOMContentLoaded waits for it. Without it the booth's page
 * (whose only script is the early one, ahead of the stylesheets) was parsed before its styles came,
 * and Chromium laid the unstyled page out whole at DOMContentLoaded (its autofill reads the layout of
 * the page's form controls then): a layout thrown away when the styles came, and a long task. Now
 * the first layout is of the styled page, and the only one.
 */
const AFTER_STYLES = `// DOMContentLoaded after the stylesheets: see scripts/vite-plugin-camera-first.ts (AFTER_STYLES).
export {};
`;

/** A language's errors.startFailed and errors.reload, from i18n/<lang>.json. */
function startWords(root: string, lang: string): { startFailed: string; reload: string } {
  const dict = JSON.parse(readFileSync(resolve(root, 'i18n', `${lang}.json`), 'utf8')) as { errors?: Record<string, unknown> };
  const { startFailed, reload } = dict.errors ?? {};
  if (typeof startFailed !== 'string' || typeof reload !== 'string') throw new Error(`camera-first: no errors.startFailed or errors.reload in i18n/${lang}.json`);
  return { startFailed, reload };
}

const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

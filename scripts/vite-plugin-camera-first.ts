import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { EARLY_CAMERA_PAGE, EARLY_RAN } from '../src/features/camera/meta';
import { deferAfterCamera } from './after-camera';
import { cspMeta, HEADERS_FILE, headersFile, securityHeaders, type ScriptHash } from './security-headers';

const ENTRY = fileURLToPath(new URL('../src/early.ts', import.meta.url));

export interface CameraFirstPlugin extends Plugin {
  /**
   * A built page as served at `path` (null: the not-found page): on the booth's pages the early
   * script goes first in the head, inline, right after the CSP, and starts the app, which the page
   * only preloads; its tag carries, in the page's language, what it says should the app not load.
   * Every page's CSP meta tag gets the build's policy (the early script's hash in script-src).
   */
  finishPage(path: string | null, html: string): string;
}

/**
 * THE CAMERA FIRST (src/early.ts): the booth's pages ask for the camera before anything else runs.
 * The build makes the early script a classic, self-contained script (one small file, no imports)
 * and the prerender puts it first in the booth pages' head, right after the CSP, INLINE: it runs as
 * the parser reaches it, ahead of the stylesheets, the first layout and the app's modules (an
 * `async` module waited behind all three: ~120 ms more to getUserMedia here). As a `<script src>`
 * it cost a request before getUserMedia (issue 54's trace: the request went out ~100 ms after the
 * page's bytes came and took 20-100 ms on this machine's local server; a round trip on a real
 * network); inline, getUserMedia is asked for 55 ms sooner here (median over 7 loads, 122 → 67 ms
 * after navigation: sooner than the bare WebGL floor page's 101). The CSP allows it by its SHA-256
 * (the build's policy: ./security-headers.ts, also written to `_headers` for the host). A host that
 * sends an older policy refuses the inline script: the head's last script (afterStylesScript, a file)
 * then loads the very same script as a file, so the booth only starts a request later.
 * On those pages the app's entry is a `modulepreload` (fetched and compiled at once) that the early
 * script imports when the picture plays: evaluated beside the camera's start, it held the picture
 * back (median 330 → 303 ms over 30 loads here, and no more 450-600 ms loads). The head ends with
 * that module script (afterStylesScript), so that DOMContentLoaded still waits for the stylesheets as it
 * does on every other page. What waits for the camera's first frame (the booth's controls) goes
 * in a <template> (./after-camera.ts). Other pages neither load these nor change. The dev server
 * loads the early script as a module and the app as usual.
 */
export function cameraFirstPlugin(): CameraFirstPlugin {
  let config: ResolvedConfig;
  let fileName: string | null = null;
  let code: string | null = null;
  let hash: ScriptHash | null = null;
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
      // Inline, the script must not end its own element or open a comment in it.
      if (/<\/script|<!--/i.test(chunk.code)) throw new Error('camera-first: the early script cannot be inlined as it is built');
      code = chunk.code;
      hash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
      fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'early.js', source: code }));
      afterStyles = this.getFileName(this.emitFile({ type: 'asset', name: 'after-styles.js', source: afterStylesScript(`/${fileName}`) }));
      this.emitFile({ type: 'asset', fileName: HEADERS_FILE, source: headersFile(securityHeaders([hash])) });
    },
    finishPage(path, html) {
      if (!fileName || !code || !hash || !afterStyles || !appEntry) throw new Error('camera-first: the early script is not built yet');
      const csp = /<meta http-equiv="Content-Security-Policy"[^>]*>/;
      if (!csp.test(html)) throw new Error(`camera-first: no CSP meta in the page for ${path ?? 'not found'}`);
      const policy = `<meta http-equiv="Content-Security-Policy" content="${attr(cspMeta([hash])).replace(/'/g, '&#39;')}">`;
      html = html.replace(csp, () => policy);
      if (!path || !EARLY_CAMERA_PAGE.test(path)) return html;
      const app = `<script type="module" crossorigin src="${appEntry}"></script>`;
      if (!html.includes(app) || !html.includes('</head>')) throw new Error(`camera-first: no app entry in the page for ${path}`);
      // The words the early script shows when the app cannot be loaded: it runs before the app
      // and its strings, so the page carries them, in its language (errors.startFailed, errors.reload).
      const lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? 'en';
      const errors = startWords(config.root, lang);
      const words = `data-fail="${attr(errors.startFailed)}" data-reload="${attr(errors.reload)}"`;
      return deferAfterCamera(html)
        .replace(policy, () => `${policy}<script ${words}>${code}</script>`)
        .replace(app, `<link rel="modulepreload" crossorigin href="${appEntry}">`)
        .replace('</head>', `<script type="module" src="/${afterStyles}"></script></head>`);
    },
  };
}

/**
 * The booth pages' last script in the head: a module. A module script runs only once the
 * stylesheets before it have loaded, and DOMContentLoaded waits for it. Without it the booth's page
 * (whose only script is the early one, ahead of the stylesheets) was parsed before its styles came,
 * and Chromium laid the unstyled page out whole at DOMContentLoaded (its autofill reads the layout of
 * the page's form controls then): a layout thrown away when the styles came, and a long task. Now
 * the first layout is of the styled page, and the only one.
 * Should the inline early script not have run (a host's CSP without its hash), this loads it from
 * `early` (the same script as a file), with the words its inline tag carries.
 */
const afterStylesScript = (early: string) => `// See scripts/vite-plugin-camera-first.ts (afterStylesScript).
if (!globalThis[Symbol.for('${EARLY_RAN}')]) {
  const s = document.createElement('script');
  Object.assign(s.dataset, document.querySelector('script[data-fail]')?.dataset);
  s.src = ${JSON.stringify(early)};
  document.head.append(s);
}
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

import { fileURLToPath } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { EARLY_CAMERA_PAGE } from '../src/features/camera/meta';

const ENTRY = fileURLToPath(new URL('../src/early.ts', import.meta.url));

export interface CameraFirstPlugin extends Plugin {
  /** What goes first in a built page's head (right after the CSP): the early script on the booth's pages, else nothing. */
  headFor(path: string | null): string;
}

/**
 * THE CAMERA FIRST (src/early.ts): the booth's pages ask for the camera before anything else runs.
 * The build makes the early script a classic, self-contained script (one small file, no imports)
 * and the prerender puts it first in the booth pages' head, right after the CSP, as a plain
 * parser-blocking `<script src>`: it runs the moment it arrives, ahead of the stylesheets, the first
 * layout and the app's modules (an `async` module waited behind all three: ~120 ms more to
 * getUserMedia here). Other pages do not load it. The dev server loads it as a module instead.
 */
export function cameraFirstPlugin(): CameraFirstPlugin {
  let config: ResolvedConfig;
  let fileName: string | null = null;
  return {
    name: 'photobooth-camera-first',
    configResolved(c) {
      config = c;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => (ctx.server ? [{ tag: 'script', attrs: { type: 'module', src: '/src/early.ts' }, injectTo: 'head-prepend' }] : []),
    },
    async generateBundle() {
      if (config.command !== 'build' || config.build.ssr) return;
      const out = (await build({
        configFile: false,
        root: config.root,
        logLevel: 'silent',
        mode: config.mode,
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
    },
    headFor(path) {
      if (!path || !EARLY_CAMERA_PAGE.test(path)) return '';
      if (!fileName) throw new Error('camera-first: the early script is not built yet');
      return `<script src="/${fileName}"></script>`;
    },
  };
}

// The layer rule: which folder of src/ may import which. Every folder (and every feature folder
// under src/features/) is a layer; a layer may import itself and the layers listed for it, nothing
// else. The table is a DAG (tests/unit/layers.test.ts checks), so no folder cycle can come back and
// nothing imports upward: the rendering core (gl) knows no feature and no React, a feature knows
// only the features below it, and only the app shell and pages put features together.
import { dirname, relative, resolve, sep } from 'node:path';

const SHARED = ['lib', 'i18n', 'components', 'state'];

/** layer → the layers it may import. */
export const LAYERS = {
  entry: ['*'], // src/main.tsx, src/sw.ts
  sw: [], // the service worker's own parts (src/sw/), given what they need by src/sw.ts
  'test-seam': ['*'], // installed only by a test build
  app: ['pages', 'features/*', 'storage', 'content', 'workers', 'gl', ...SHARED],
  pages: ['features/*', 'storage', 'content', ...SHARED],
  storage: ['features/strip', 'lib', 'state', 'i18n', 'components'],
  'features/booth': ['features/frames', 'features/send', 'features/message', 'features/filters', 'features/styles', 'features/beauty', 'features/props', 'features/background', 'features/vision', 'features/camera', 'features/motion', 'features/strip', 'gl', 'workers', ...SHARED],
  // The host's event mode: a booth (its session and screen parts), the strip, video messages, printing and the gallery.
  'features/event': ['features/booth', 'features/send', 'features/strip', 'features/message', 'features/print', 'features/filters', 'features/styles', 'features/beauty', 'features/props', 'features/background', 'features/motion', 'storage', ...SHARED],
  // The strip designer: edits the strip's templates (features/strip/template) and keeps them.
  'features/designer': ['features/strip', 'workers', ...SHARED],
  'features/print': ['features/strip', ...SHARED],
  // Send to a phone: the QR codes (made and read in a worker), the compact offer/answer, the transfer.
  'features/send': ['workers', ...SHARED],
  'features/motion': ['features/frames', 'features/strip', 'workers', ...SHARED],
  // The live frames' seam: the frame tap motion and messages read, and the worker that makes their frames.
  'features/frames': ['workers', ...SHARED],
  // Video messages: the live look as motion records it, with sound; MP4 through the same mediabunny;
  // named as the strip's exports are.
  'features/message': ['features/frames', 'features/motion', 'features/strip', ...SHARED],
  'features/strip': ['features/send', 'workers', ...SHARED],
  'features/beauty': ['features/vision', 'gl', ...SHARED],
  'features/props': ['features/vision', 'gl', ...SHARED],
  'features/background': ['features/strip', 'gl', 'workers', ...SHARED],
  'features/filters': ['gl', ...SHARED],
  // Art styles: chains of passes on the multi-pass seam; the picker shares the filters' thumbnail size.
  'features/styles': ['features/filters', 'gl', ...SHARED],
  'features/camera': ['lib', 'i18n', 'state'],
  'features/vision': ['workers', 'lib'],
  components: ['i18n', 'state', 'lib'],
  content: ['lib', 'i18n'],
  seo: ['i18n', 'lib'], // the head tags the prerender writes
  state: ['lib'],
  i18n: ['lib'],
  gl: ['lib'],
  workers: [],
  lib: [],
};

/** Packages a layer must not import: the core knows no React and no store. */
const NO_PACKAGES = {
  gl: ['react', 'react-dom', 'jotai', 'wouter'],
  workers: ['react', 'react-dom', 'jotai', 'wouter'],
  lib: ['react', 'react-dom', 'jotai', 'wouter'],
  'features/vision': ['react', 'react-dom', 'wouter'],
};

/** The layer a file under src/ belongs to, or null outside src/. */
export function layerOf(file, srcDir) {
  const rel = relative(srcDir, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(sep);
  if (parts.length === 1) return 'entry';
  if (parts[0] === 'features') return `features/${parts[1]}`;
  return parts[0];
}

export function allows(from, to) {
  if (from === to) return true;
  const allowed = LAYERS[from];
  if (!allowed) return false;
  return allowed.some((a) => a === '*' || a === to || (a === 'features/*' && to.startsWith('features/')));
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Folders of src/ import only the layers below them (scripts/eslint-layers.js).' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const srcDir = resolve(dirname(new URL(import.meta.url).pathname), '../src');
    const from = layerOf(file, srcDir);
    if (!from) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      if (!spec.startsWith('.')) {
        const pkg = spec.split('/')[0];
        if (NO_PACKAGES[from]?.includes(pkg))
          context.report({ node, message: `${from} must not import '${pkg}' (see scripts/eslint-layers.js).` });
        return;
      }
      const target = resolve(dirname(file), spec.split('?')[0]);
      const to = layerOf(target, srcDir);
      if (!to || allows(from, to)) return;
      context.report({
        node,
        message: `${from} must not import ${to} ('${spec}'): an upward import or a folder cycle (see scripts/eslint-layers.js).`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { layers: rule } };

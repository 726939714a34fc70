#!/usr/bin/env node
// Reports the gzip size of the JavaScript the landing page loads: the entry, its static imports,
// the landing screen's chunk and the English strings it shows (all a first visit to "/" fetches).
import { readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', process.env.PB_DIST ?? 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET_KB = 80;
// The landing page is prerendered (scripts/vite-plugin-prerender.ts): when its HTML already holds the
// page, the first paint needs no JavaScript at all; the code then hydrates what is on screen.
const paintsByItself = /<div id="root" data-path="\/">\s*<header/.test(readFileSync(join(dist, 'index.html'), 'utf8'));

const files = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
}
for (const key of ['index.html', 'src/pages/LandingPage.tsx', 'virtual:i18n/en/shell', 'virtual:i18n/en/landing']) {
  if (!manifest[key]) throw new Error(`report-size: ${key} is not in the build manifest`);
  visit(key);
}
// The saved session's code loads with the booth and the preview only (src/app/App.tsx, MountOnce).

let total = 0;
let brotli = 0;
const rows = [...files].map((f) => {
  const bytes = readFileSync(join(dist, f));
  const gz = gzipSync(bytes, { level: 9 }).length;
  total += gz;
  brotli += brotliCompressSync(bytes).length;
  return [f, gz];
});
rows.sort((a, b) => b[1] - a[1]);
console.log('\nJavaScript loaded by the landing page (gzip):');
for (const [f, gz] of rows) console.log(`  ${(gz / 1024).toFixed(1).padStart(6)} KB  ${f}`);
const kb = total / 1024;
const beforePaint = paintsByItself ? 0 : total;
console.log(
  `  ${(beforePaint / 1024).toFixed(1).padStart(6)} KB  needed before the first paint${paintsByItself ? ' (the prerendered HTML paints by itself)' : ''}`,
);
console.log(`  ${kb.toFixed(1).padStart(6)} KB  total, all of it to hydrate (goal ${BUDGET_KB} KB: ${kb <= BUDGET_KB ? 'within' : 'over'})`);
// React and react-dom alone are ~69 KB of it; brotli, which most hosts serve, for comparison.
console.log(`  ${(brotli / 1024).toFixed(1).padStart(6)} KB  the same with brotli\n`);

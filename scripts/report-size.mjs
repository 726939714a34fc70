#!/usr/bin/env node
// Reports the gzip size of the JavaScript the landing page loads: at load, the entry and its static
// imports (the page is whole as prerendered, src/lib/start/onDemand.ts); once a visitor reaches for
// a control, the app (React), the landing screen's chunk and the English strings it shows.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', process.env.PB_DIST ?? 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET_KB = 80;

/** The files of `keys` and their static imports, less those in `skip`. */
function files(keys, skip = new Set()) {
  const out = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || out.has(chunk.file) || skip.has(chunk.file)) return;
    out.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`report-size: ${key} is not in the build manifest`);
    visit(key);
  }
  return out;
}
const atLoad = files(['index.html']);
const appKeys = (manifest['index.html'].dynamicImports ?? []).filter((k) => ['react', 'app'].includes(manifest[k]?.name));
const onDemand = files([...appKeys, 'src/pages/LandingPage.tsx', 'virtual:i18n/en/shell', 'virtual:i18n/en/landing'], atLoad);
// The saved session's code loads with the booth and the preview only (src/app/App.tsx, MountOnce).

function report(title, set) {
  let gz = 0;
  let brotli = 0;
  const rows = [...set].map((f) => {
    const bytes = readFileSync(join(dist, f));
    const size = gzipSync(bytes, { level: 9 }).length;
    gz += size;
    brotli += brotliCompressSync(bytes).length;
    return [f, size];
  });
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`\n${title} (gzip):`);
  for (const [f, size] of rows) console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${f}`);
  console.log(`  ${(gz / 1024).toFixed(1).padStart(6)} KB  in all (brotli ${(brotli / 1024).toFixed(1)} KB)`);
  return gz / 1024;
}
const load = report('JavaScript the landing page loads (the prerendered HTML paints by itself)', atLoad);
console.log(`  goal ${BUDGET_KB} KB: ${load <= BUDGET_KB ? 'within' : 'over'}`);
report('…and once a visitor reaches for one of its controls (React, the screen, its strings)', onDemand);
console.log('');

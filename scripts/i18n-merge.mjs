#!/usr/bin/env node
// Merges translation patches into i18n/<lang>.json, one language file each, safely when several
// people (or helpers) add strings at once: a lock directory serialises the read-modify-write.
// Usage: node scripts/i18n-merge.mjs patch.json [more.json …]
// A patch is { "<lang>": { "<namespace>": { …strings } }, … }; objects merge deeply, strings replace.
import { mkdirSync, readFileSync, rmdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LANGS = ['en', 'zh', 'id', 'vi', 'pt', 'ja', 'th', 'es', 'it'];
const lock = join(root, 'i18n/.lock');

function merge(into, patch) {
  for (const [k, v] of Object.entries(patch)) {
    if (v && typeof v === 'object' && !Array.isArray(v) && into[k] && typeof into[k] === 'object' && !Array.isArray(into[k])) {
      merge(into[k], v);
    } else {
      into[k] = v;
    }
  }
  return into;
}

async function withLock(fn) {
  for (let i = 0; ; i++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (i > 200) throw new Error('i18n/.lock is held for too long; remove it if no merge is running');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return fn();
  } finally {
    rmdirSync(lock);
  }
}

const patches = process.argv.slice(2).map((f) => JSON.parse(readFileSync(f, 'utf8')));
if (patches.length === 0) {
  console.error('usage: node scripts/i18n-merge.mjs patch.json [more.json …]');
  process.exit(2);
}
await withLock(() => {
  for (const lang of LANGS) {
    const file = join(root, `i18n/${lang}.json`);
    const dict = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    for (const p of patches) if (p[lang]) merge(dict, p[lang]);
    writeFileSync(file, JSON.stringify(dict, null, 2) + '\n');
  }
});
const unknown = patches.flatMap((p) => Object.keys(p)).filter((k) => !LANGS.includes(k));
if (unknown.length) console.warn('ignored unknown language keys:', [...new Set(unknown)].join(', '));
console.log('merged', patches.length, 'patch(es) into i18n/*.json');

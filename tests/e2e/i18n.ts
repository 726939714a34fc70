import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

const cache = new Map<string, Record<string, unknown>>();

/** Looks a key up in i18n/<lang>.json, the same text a visitor sees. */
export function tr(lang: string, key: string, params: Record<string, string | number> = {}): string {
  let dict = cache.get(lang);
  if (!dict) {
    dict = JSON.parse(readFileSync(resolve(here, `../../i18n/${lang}.json`), 'utf8')) as Record<string, unknown>;
    cache.set(lang, dict);
  }
  let node: unknown = dict;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No string ${lang}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
}

export const homeTitle = (lang: string) => `${tr(lang, 'app.name')} - ${tr(lang, 'app.tagline')}`;

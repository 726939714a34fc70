import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTranslate } from '../../src/i18n/translate';
import { LANGUAGES } from '../../src/i18n/languages';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../i18n');
const load = (code: string) => JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8')) as Record<string, unknown>;

function flatten(obj: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof obj === 'string') out.set(prefix, obj);
  else if (obj && typeof obj === 'object') {
    for (const [k, v] of Object.entries(obj)) {
      for (const [kk, vv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
    }
  }
  return out;
}

/**
 * Strings that are rightly the same as English in a language (a loanword the language really
 * uses). Each entry is "lang:key". Keep this list short and honest.
 */
const SAME_AS_ENGLISH_OK = new Set<string>(
  JSON.parse(readFileSync(join(dir, 'same-as-english.json'), 'utf8')) as string[],
);

/** Text with no letters (numbers, symbols, placeholders only) is the same in every language. */
const hasWords = (s: string) => /\p{L}{2,}/u.test(s.replace(/\{\{[^}]+\}\}/g, ''));

describe('translations', () => {
  const en = flatten(load('en'));

  it('has one file per supported language and nothing else', () => {
    const files = readdirSync(dir).filter((f) => /^[a-z]{2}\.json$/.test(f)).map((f) => f.slice(0, 2)).sort();
    expect(files).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  for (const { code } of LANGUAGES.filter((l) => l.code !== 'en')) {
    it(`${code}: every English key is translated, none left in English, no stray keys`, () => {
      const dict = flatten(load(code));
      const missing = [...en.keys()].filter((k) => !dict.get(k));
      const extra = [...dict.keys()].filter((k) => !en.has(k));
      const untranslated = [...en.entries()]
        .filter(([k, v]) => dict.get(k) === v && hasWords(v) && !SAME_AS_ENGLISH_OK.has(`${code}:${k}`))
        .map(([k]) => k);
      expect(missing, 'missing keys').toEqual([]);
      expect(extra, 'keys not in en.json').toEqual([]);
      expect(untranslated, 'still in English').toEqual([]);
    });

    it(`${code}: keeps every {{placeholder}} of the English text`, () => {
      const dict = flatten(load(code));
      const bad = [...en.entries()].filter(([k, v]) => {
        const want = (v.match(/\{\{\w+\}\}/g) ?? []).sort().join();
        const got = (dict.get(k)?.match(/\{\{\w+\}\}/g) ?? []).sort().join();
        return want !== got;
      });
      expect(bad.map(([k]) => k)).toEqual([]);
    });
  }

  it('falls back to English, then to the key', () => {
    const t = makeTranslate('ja', { en: { a: { b: 'English' }, c: 'Hi {{name}}' }, ja: { a: {} } });
    expect(t('a.b')).toBe('English');
    expect(t('c', { name: 'Aiko' })).toBe('Hi Aiko');
    expect(t('no.such.key')).toBe('no.such.key');
  });
});

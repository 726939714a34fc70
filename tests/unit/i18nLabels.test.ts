/**
 * Words that match the buttons: every help text names a control by exactly the label the control
 * shows, in the same language, in that language's quotes. The tables are in i18nLabels.tables.ts.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/languages';
import { LAYOUTS } from '../../src/features/strip/layouts';
import { CONTROL_KEYS, HELP_REFS, LAYOUT_LISTS, NOT_CONTROLS, QUOTES, QUOTE_MARKS } from './i18nLabels.tables';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../i18n');

/** Every string of a language file, by its dotted key (array items get their index). */
function strings(code: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'string') out.set(key, node);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) walk(v, key ? `${key}.${k}` : k);
    }
  };
  walk(JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8')), '');
  return out;
}

const isControlKey = (key: string) =>
  CONTROL_KEYS.some((c) => (c.endsWith('.*') ? key.startsWith(c.slice(0, -1)) : key === c));

/** A label with {{placeholders}} matches any text in their place ("Retake photo 2"). */
function matchesLabel(fragment: string, label: string): boolean {
  if (fragment === label) return true;
  if (!label.includes('{{')) return false;
  const pattern = label
    .split(/\{\{\w+\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(`^${pattern}$`, 'u').test(fragment);
}

/** The quoted fragments of a text in the language's style, and whatever quote marks are left over. */
function quotations(text: string, [open, close]: readonly [string, string]) {
  const fragments: string[] = [];
  let rest = '';
  let i = 0;
  while (i < text.length) {
    const start = text.indexOf(open, i);
    if (start < 0) {
      rest += text.slice(i);
      break;
    }
    const end = text.indexOf(close, start + open.length);
    if (end < 0) {
      rest += text.slice(i);
      break;
    }
    rest += text.slice(i, start) + ' ';
    fragments.push(text.slice(start + open.length, end));
    i = end + close.length;
  }
  return { fragments, stray: [...rest].filter((ch) => QUOTE_MARKS.test(ch)) };
}

const quoted = (label: string, [open, close]: readonly [string, string]) => `${open}${label}${close}`;

describe('help texts name controls by their labels', () => {
  const en = strings('en');

  it('the tables name real strings', () => {
    const missing = [
      ...Object.keys(HELP_REFS),
      ...Object.values(HELP_REFS).flat(),
      ...LAYOUT_LISTS,
      ...NOT_CONTROLS.map((n) => n.key),
    ].filter((k) => !en.has(k));
    expect(missing, 'keys not in en.json').toEqual([]);
    const notControls = Object.values(HELP_REFS)
      .flat()
      .filter((k) => !isControlKey(k));
    expect(notControls, 'named in HELP_REFS but not a control label').toEqual([]);
    expect(Object.keys(QUOTES).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  for (const { code } of LANGUAGES) {
    const dict = strings(code);
    const quote = QUOTES[code] as readonly [string, string];
    const labels = [...dict].filter(([k]) => isControlKey(k)).map(([, v]) => v);
    const allowed = (key: string) =>
      NOT_CONTROLS.filter((n) => n.key === key).flatMap((n) => [...(n.quotes['*'] ?? []), ...(n.quotes[code] ?? [])]);

    it(`${code}: every quote uses ${quote[0]}…${quote[1]} and holds the label of a control`, () => {
      const problems: string[] = [];
      for (const [key, text] of dict) {
        const { fragments, stray } = quotations(text, quote);
        if (stray.length) problems.push(`${key}: quote marks not in the ${quote[0]}…${quote[1]} style: ${stray.join(' ')}`);
        for (const f of fragments) {
          if (!labels.some((l) => matchesLabel(f, l)) && !allowed(key).includes(f)) {
            problems.push(`${key}: ${quoted(f, quote)} is no control's label`);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it(`${code}: each help text names its controls exactly as they are labelled`, () => {
      const problems: string[] = [];
      for (const [key, controls] of Object.entries(HELP_REFS)) {
        const text = dict.get(key) ?? '';
        for (const control of controls) {
          const label = dict.get(control) ?? '';
          if (!text.includes(quoted(label, quote))) problems.push(`${key} should name ${quoted(label, quote)} (${control})`);
        }
      }
      expect(problems).toEqual([]);
    });

    it(`${code}: the tutorial and the guide list all ${LAYOUTS.length} strip layouts, by their names`, () => {
      const problems: string[] = [];
      for (const key of LAYOUT_LISTS) {
        const text = dict.get(key) ?? '';
        for (const { id } of LAYOUTS) {
          const label = dict.get(`strip.layouts.${id}`);
          if (!label) problems.push(`strip.layouts.${id} is missing`);
          else if (!text.includes(quoted(label, quote))) problems.push(`${key} should name ${quoted(label, quote)} (${id})`);
        }
      }
      // The landing page's example strips are captioned with the names of their layouts.
      for (const id of ['classic', 'grid', 'polaroid', 'magazine']) {
        const caption = dict.get(`landing.gallery${id[0]?.toUpperCase()}${id.slice(1)}`);
        if (caption !== dict.get(`strip.layouts.${id}`)) problems.push(`landing's example "${caption}" is not the ${id} layout's name`);
      }
      expect(problems).toEqual([]);
    });
  }
});

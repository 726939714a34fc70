import rosetta from 'rosetta';
import { DEFAULT_LANG, type Lang } from './languages';

export type Dict = Record<string, unknown>;
export type Params = Record<string, string | number>;
export type Translate = (key: string, params?: Params) => string;

type Rosetta = ReturnType<typeof rosetta<Dict>>;

/** Lookup falls back to English text, then to the key itself. */
export function translator(r: Rosetta, lang: Lang): Translate {
  return (key, params) => {
    const own = r.t(key, params, lang);
    if (typeof own === 'string' && own !== '') return own;
    const en = r.t(key, params, DEFAULT_LANG);
    if (typeof en === 'string' && en !== '') return en;
    return key;
  };
}

export function makeTranslate(lang: Lang, dicts: Partial<Record<Lang, Dict>>): Translate {
  const r = rosetta<Dict>();
  for (const [code, dict] of Object.entries(dicts)) if (dict) r.set(code, dict);
  return translator(r, lang);
}

/** Structured lookup (lists of steps, FAQ entries…) by dotted key. */
export function rawLookup(dict: Dict | undefined, key: string): unknown {
  let node: unknown = dict;
  for (const part of key.split('.')) {
    if (node && typeof node === 'object' && part in (node as Dict)) node = (node as Dict)[part];
    else return undefined;
  }
  return node;
}

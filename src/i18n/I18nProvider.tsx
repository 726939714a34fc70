import rosetta from 'rosetta';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_LANG, type Lang } from './languages';

export type Dict = Record<string, unknown>;
export type Params = Record<string, string | number>;
export type Translate = (key: string, params?: Params) => string;

// One lazy chunk per language, so a visitor downloads only the languages they use.
const loaders = import.meta.glob<Dict>('../../i18n/*.json', { import: 'default' });

const cache = new Map<Lang, Dict>();
async function loadDict(lang: Lang): Promise<Dict> {
  const hit = cache.get(lang);
  if (hit) return hit;
  const load = loaders[`../../i18n/${lang}.json`];
  if (!load) throw new Error(`No translation file for ${lang}`);
  const dict = await load();
  cache.set(lang, dict);
  return dict;
}

/** Lookup falls back to English text, then to the key itself. */
export function makeTranslate(lang: Lang, dicts: Partial<Record<Lang, Dict>>): Translate {
  const r = rosetta<Dict>();
  for (const [code, dict] of Object.entries(dicts)) if (dict) r.set(code, dict);
  return (key, params) => {
    const own = r.t(key, params, lang);
    if (typeof own === 'string' && own !== '') return own;
    const en = r.t(key, params, DEFAULT_LANG);
    if (typeof en === 'string' && en !== '') return en;
    return key;
  };
}

interface I18nValue {
  lang: Lang;
  t: Translate;
  /** Raw lookup for structured content (lists of steps, FAQ entries…), with English fallback. */
  raw: <T = unknown>(key: string) => T | undefined;
}

const I18nContext = createContext<I18nValue | null>(null);

function rawLookup(dict: Dict | undefined, key: string): unknown {
  let node: unknown = dict;
  for (const part of key.split('.')) {
    if (node && typeof node === 'object' && part in (node as Dict)) node = (node as Dict)[part];
    else return undefined;
  }
  return node;
}

/** Provides t() for `lang`; renders `fallback` until that language's strings have arrived. */
export function I18nProvider({ lang, children, fallback }: { lang: Lang; children: ReactNode; fallback: ReactNode }) {
  const [dicts, setDicts] = useState<Partial<Record<Lang, Dict>>>(() => ({
    en: cache.get('en'),
    [lang]: cache.get(lang),
  }));
  const ready = Boolean(dicts.en && dicts[lang]);

  useEffect(() => {
    let alive = true;
    Promise.all([loadDict(DEFAULT_LANG), loadDict(lang)]).then(([en, own]) => {
      if (alive) setDicts({ en, [lang]: own });
    });
    return () => {
      alive = false;
    };
  }, [lang]);

  const value = useMemo<I18nValue>(
    () => ({
      lang,
      t: makeTranslate(lang, dicts),
      raw: <T,>(key: string) => (rawLookup(dicts[lang], key) ?? rawLookup(dicts.en, key)) as T | undefined,
    }),
    [lang, dicts],
  );

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  if (!ready) return <>{fallback}</>;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The language facility. Using it outside its provider is a programming error. */
export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}

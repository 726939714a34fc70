import rosetta from 'rosetta';
import { createContext, use, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import loaders from 'virtual:i18n-loaders';
import { loadWithRetry } from '../lib/loadWithRetry';
import type { StringGroup } from './groups';
import { DEFAULT_LANG, type Lang } from './languages';
import { rawLookup, translator, type Dict, type Translate } from './translate';

export type { Dict, Params, Translate } from './translate';
export { makeTranslate } from './translate';

// Strings arrive in small chunks: one per language and string group (src/i18n/groups.ts).
// Every loaded group is merged into one rosetta tree that t() reads at call time.
const strings = rosetta<Dict>();
const loaded = new Set<string>();
const inFlight = new Map<string, Promise<void>>();

function loadGroup(lang: Lang, group: StringGroup): Promise<void> {
  const key = `${lang}/${group}`;
  const running = inFlight.get(key);
  if (running) return running;
  const load = loaders[lang]?.[group];
  if (!load) return Promise.reject(new Error(`No strings for ${key}`));
  const promise = loadWithRetry(load).then(
    (m) => {
      strings.set(lang, m.default); // rosetta merges namespaces into the language's table
      loaded.add(key);
    },
    (e: unknown) => {
      inFlight.delete(key); // a later attempt may succeed
      throw e;
    },
  );
  inFlight.set(key, promise);
  return promise;
}

const pendingSets = new Map<string, Promise<void>>();

/**
 * Loads `groups` for `lang` and for English (the fallback). Returns null when they are already
 * here, else the same promise for the same request (so React's use() can wait on it).
 */
function ensureGroups(lang: Lang, groups: readonly StringGroup[]): Promise<void> | null {
  const langs = lang === DEFAULT_LANG ? [lang] : [lang, DEFAULT_LANG];
  const missing = langs.flatMap((l) => groups.map((g) => [l, g] as const)).filter(([l, g]) => !loaded.has(`${l}/${g}`));
  if (missing.length === 0) return null;
  const key = missing.map(([l, g]) => `${l}/${g}`).join(',');
  let promise = pendingSets.get(key);
  if (!promise) {
    promise = Promise.all(missing.map(([l, g]) => loadGroup(l, g))).then(() => undefined);
    pendingSets.set(key, promise);
    promise.then(
      () => pendingSets.delete(key),
      () => pendingSets.delete(key),
    );
  }
  return promise;
}

/** Loads `groups` for `lang` (and English) ahead of a render that must not wait: a prerender, a hydration. */
export function preloadStrings(lang: Lang, groups: readonly StringGroup[]): Promise<void> {
  return ensureGroups(lang, groups) ?? Promise.resolve();
}

/** t() and raw() for `lang` over the strings loaded so far (outside React: the prerender's head). */
export function stringsFor(lang: Lang): Omit<I18nValue, 'lang'> {
  return {
    t: translator(strings, lang),
    raw: <T,>(key: string) =>
      (rawLookup(strings.table(lang) || undefined, key) ?? rawLookup(strings.table(DEFAULT_LANG) || undefined, key)) as T | undefined,
  };
}

interface I18nValue {
  lang: Lang;
  t: Translate;
  /** Raw lookup for structured content (lists of steps, FAQ entries…), with English fallback. */
  raw: <T = unknown>(key: string) => T | undefined;
}

const I18nContext = createContext<I18nValue | null>(null);

/** Provides t() for `lang`; renders `fallback` until that language's shell strings have arrived. */
export function I18nProvider({ lang, children, fallback }: { lang: Lang; children: ReactNode; fallback: ReactNode }) {
  const [readyLang, setReadyLang] = useState<Lang | null>(() => (ensureGroups(lang, ['shell']) ? null : lang));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    const pending = ensureGroups(lang, ['shell']);
    if (!pending) setReadyLang(lang);
    else
      pending.then(
        () => alive && setReadyLang(lang),
        () => alive && setFailed(true),
      );
    return () => {
      alive = false;
    };
  }, [lang]);

  const value = useMemo<I18nValue>(() => ({ lang, ...stringsFor(lang) }), [lang]);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  if (failed) {
    // Not even the strings arrived (offline before the app was ever cached): no words to show.
    return (
      <div className="loading" role="alert">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()} aria-label="Reload">
          ↻
        </button>
      </div>
    );
  }
  if (readyLang !== lang) return <>{fallback}</>;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

// An already-settled thenable: React's use() reads it without suspending.
const READY = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

/**
 * Suspends (the nearest Suspense shows its spinner) until a screen's string groups are here.
 * use() is called on every render, settled or not: when the strings arrive before React replays
 * the suspended component, a replay that skipped use() would run the hooks after it with the
 * wrong dispatcher (React error #467, seen switching language).
 */
export function useStrings(groups: readonly StringGroup[]): void {
  const { lang } = useI18n();
  use(ensureGroups(lang, groups) ?? READY);
}

/** The language facility. Using it outside its provider is a programming error. */
export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}

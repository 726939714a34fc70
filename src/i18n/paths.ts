import { DEFAULT_LANG, isLang, type Lang } from './languages';

/** Splits "/ja/photobooth" into { lang: 'ja', rest: '/photobooth' }; no prefix means English. */
export function splitLangPath(pathname: string): { lang: Lang; rest: string; prefixed: boolean } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isLang(first) && first !== DEFAULT_LANG) {
    return { lang: first, rest: match?.[2] || '/', prefixed: true };
  }
  return { lang: DEFAULT_LANG, rest: pathname || '/', prefixed: false };
}

/** The path of `rest` in `lang`: English at the root, others under "/{code}". */
export function pathFor(lang: Lang, rest: string): string {
  const clean = rest.startsWith('/') ? rest : `/${rest}`;
  if (lang === DEFAULT_LANG) return clean;
  return clean === '/' ? `/${lang}` : `/${lang}${clean}`;
}

/** Switching language keeps the rest of the path: the old prefix goes, the new one comes. */
export function switchLangPath(pathname: string, to: Lang): string {
  return pathFor(to, splitLangPath(pathname).rest);
}

/**
 * The language to use on load: the first path segment if it is a supported code,
 * else the saved preference (only if it is one of the nine codes), else English.
 */
export function initialLang(pathname: string, saved: string | null): Lang {
  const { lang, prefixed } = splitLangPath(pathname);
  if (prefixed) return lang;
  return isLang(saved) ? saved : DEFAULT_LANG;
}

/**
 * A path as the app names it: lower case (every route, language code and blog slug is), so a
 * URL typed or linked in another case shows the same screen, title and saved session.
 */
export function canonicalPath(pathname: string): string {
  return pathname.toLowerCase();
}

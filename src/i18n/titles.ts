import type { Translate } from './I18nProvider';

/** Which title a screen gets ('own': the screen sets it, e.g. a blog article). */
export type TitleKind = 'home' | 'booth' | 'preview' | 'privacy' | 'contact' | 'event' | 'designer' | 'receive' | 'own';

/**
 * Document titles, as the spec sets them: home = app name with tagline; photobooth and preview =
 * translated titles (and event mode's); privacy and contact = "{label} | {app name}"; any other path = the home title.
 */
export function documentTitle(kind: Exclude<TitleKind, 'own'>, t: Translate): string {
  const app = t('app.name');
  switch (kind) {
    case 'booth':
      return t('titles.booth');
    case 'preview':
      return t('titles.preview');
    case 'event':
      return t('titles.event');
    case 'designer':
      return t('titles.designer');
    case 'receive':
      return t('titles.receive');
    case 'privacy':
      return `${t('nav.privacy')} | ${app}`;
    case 'contact':
      return `${t('nav.contact')} | ${app}`;
    default:
      return `${app} - ${t('app.tagline')}`;
  }
}

/** A blog article's title, "{article} | {app name}": set by its page, and written by the prerender. */
export function articleTitle(title: string, t: Translate): string {
  return `${title} | ${t('app.name')}`;
}

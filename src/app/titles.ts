import type { Translate } from '../i18n/I18nProvider';
import type { TitleKind } from './routes';

/**
 * Document titles, as the spec sets them: home = app name with tagline; photobooth and preview =
 * translated titles; privacy and contact = "{label} | {app name}"; any other path = the home title.
 */
export function documentTitle(kind: Exclude<TitleKind, 'own'>, t: Translate): string {
  const app = t('app.name');
  switch (kind) {
    case 'booth':
      return t('titles.booth');
    case 'preview':
      return t('titles.preview');
    case 'privacy':
      return `${t('nav.privacy')} | ${app}`;
    case 'contact':
      return `${t('nav.contact')} | ${app}`;
    default:
      return `${app} - ${t('app.tagline')}`;
  }
}

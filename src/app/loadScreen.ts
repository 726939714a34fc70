import { preloadStrings } from '../i18n/I18nProvider';
import type { Lang } from '../i18n/languages';
import { SCREENS, type RouteDef } from './routes';

/**
 * What a screen needs before it renders: its code and its strings. The page's first screen waits
 * for them (main.tsx); the screens visitors go on to load them ahead (routes' `next`, App's
 * useLoadNext). Not in routes.ts, which stays free of the strings' loaders (the tests read it).
 */
export function loadScreen(lang: Lang, route: RouteDef): Promise<void> {
  return Promise.all([preloadStrings(lang, route.strings), SCREENS[route.screen].preload()]).then(() => undefined);
}

import type { ComponentProps } from 'react';
import { Link, useLocation } from 'wouter';
import { useI18n } from '../i18n/I18nProvider';
import { pathFor } from '../i18n/paths';

/** "/contact#careers" → "/ja/contact#careers" in Japanese, unchanged in English. */
export function localizeHref(lang: Parameters<typeof pathFor>[0], href: string): string {
  const [path = '/', hash] = href.split('#');
  return pathFor(lang, path || '/') + (hash ? `#${hash}` : '');
}

/** A link to one of our routes, written without the language prefix; the current one is added. */
export function LangLink({ href, ...props }: ComponentProps<typeof Link> & { href: string }) {
  const { lang } = useI18n();
  return <Link {...props} href={localizeHref(lang, href)} />;
}

/** navigate('/preview') in the current language. */
export function useLangNavigate(): (href: string, options?: { replace?: boolean }) => void {
  const { lang } = useI18n();
  const [, navigate] = useLocation();
  return (href, options) => navigate(localizeHref(lang, href), options);
}

import { useSetAtom } from 'jotai';
import { LangLink } from '../components/LangLink';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { useI18n } from '../i18n/I18nProvider';
import { tutorialOpenAtom } from '../state/ui';

export function Header() {
  const { t } = useI18n();
  const openTutorial = useSetAtom(tutorialOpenAtom);
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <LangLink href="/" className="logo" aria-label={t('nav.homeLabel')}>
        {/* Inline: an <img> of an SVG costs the page a whole SVG document of its own at start (~30-70 ms on a slow device). */}
        <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false">
          <rect width="64" height="64" rx="14" fill="#be185d" />
          <rect x="10" y="20" width="44" height="30" rx="6" fill="#fff" />
          <rect x="22" y="14" width="20" height="8" rx="3" fill="#fff" />
          <circle cx="32" cy="35" r="10" fill="#be185d" />
          <circle cx="32" cy="35" r="5.5" fill="#fbcfe8" />
          <circle cx="47" cy="26" r="2.5" fill="#f472b6" />
        </svg>
        <span>{t('app.name')}</span>
      </LangLink>
      <nav aria-label={t('nav.main')} className="main-nav">
        <LangLink href="/#features">{t('nav.features')}</LangLink>
        <LangLink href="/#gallery">{t('nav.gallery')}</LangLink>
        <LangLink href="/privacy-policy">{t('nav.privacy')}</LangLink>
        <LangLink href="/contact">{t('nav.contact')}</LangLink>
      </nav>
      <div className="header-actions">
        <button type="button" className="btn btn-ghost" onClick={() => openTutorial(true)}>
          {t('nav.tutorial')}
        </button>
        <LanguageSwitcher />
      </div>
    </header>
  );
}

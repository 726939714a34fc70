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
        <img src="/icons/logo.svg" alt="" width="32" height="32" />
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

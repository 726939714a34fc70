import { useSetAtom } from 'jotai';
import { LangLink } from '../components/LangLink';
import { useI18n } from '../i18n/I18nProvider';
import { tutorialOpenAtom } from '../state/ui';

export function Footer() {
  const { t } = useI18n();
  const openTutorial = useSetAtom(tutorialOpenAtom);
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <div>
          <p className="footer-brand">{t('app.name')}</p>
          <p className="footer-promise">{t('footer.promise')}</p>
        </div>
        <nav aria-label={t('footer.sections')}>
          <h2>{t('footer.sections')}</h2>
          <ul>
            <li><LangLink href="/">{t('footer.home')}</LangLink></li>
            <li><LangLink href="/#features">{t('nav.features')}</LangLink></li>
            <li><LangLink href="/#gallery">{t('nav.gallery')}</LangLink></li>
            <li><LangLink href="/photobooth">{t('footer.photobooth')}</LangLink></li>
            <li><LangLink href="/preview">{t('footer.preview')}</LangLink></li>
            <li><LangLink href="/event">{t('footer.event')}</LangLink></li>
            <li>
              <button type="button" className="link-button" onClick={() => openTutorial(true)}>
                {t('nav.tutorial')}
              </button>
            </li>
            <li><LangLink href="/#ideas">{t('footer.ideas')}</LangLink></li>
            <li><LangLink href="/#faq">{t('footer.faq')}</LangLink></li>
          </ul>
        </nav>
        <nav aria-label={t('footer.company')}>
          <h2>{t('footer.company')}</h2>
          <ul>
            <li><LangLink href="/about">{t('footer.about')}</LangLink></li>
            <li><LangLink href="/contact">{t('nav.contact')}</LangLink></li>
            <li><LangLink href="/privacy-policy">{t('footer.privacy')}</LangLink></li>
            <li><LangLink href="/terms">{t('footer.terms')}</LangLink></li>
            <li><LangLink href="/blog">{t('footer.blog')}</LangLink></li>
            <li><LangLink href="/contact#careers">{t('footer.careers')}</LangLink></li>
          </ul>
        </nav>
      </div>
      <p className="footer-legal">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}

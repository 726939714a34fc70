import { useSetAtom } from 'jotai';
import { LangLink } from '../components/LangLink';
import { useI18n } from '../i18n/I18nProvider';
import { tutorialOpenAtom } from '../state/ui';

export default function LandingPage() {
  const { t } = useI18n();
  const openTutorial = useSetAtom(tutorialOpenAtom);
  return (
    <section className="page hero">
      <h1>{t('landing.heroTitle')}</h1>
      <p>{t('landing.heroBody')}</p>
      <p className="hero-actions">
        <LangLink href="/photobooth" className="btn btn-primary btn-large">
          {t('landing.start')}
        </LangLink>{' '}
        <button type="button" className="btn btn-secondary btn-large" onClick={() => openTutorial(true)}>
          {t('landing.howItWorks')}
        </button>
      </p>
      <section id="features"><h2>{t('nav.features')}</h2></section>
      <section id="gallery"><h2>{t('nav.gallery')}</h2></section>
      <section id="reviews"><h2>{t('footer.reviews')}</h2></section>
      <section id="faq"><h2>{t('footer.faq')}</h2></section>
    </section>
  );
}

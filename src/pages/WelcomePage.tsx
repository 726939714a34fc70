import '../components/content/content.css';
import { LangLink } from '../components/LangLink';
import { useI18n } from '../i18n/I18nProvider';

const STEPS = ['step1', 'step2', 'step3'] as const;

export default function WelcomePage() {
  const { t } = useI18n();
  return (
    <section className="page narrow prose doc welcome">
      <header className="doc-header">
        <h1>{t('welcome.title')}</h1>
        <p className="lead">{t('welcome.intro')}</p>
      </header>
      <img src="/showcase/classic-strip.svg" alt={t('landing.galleryClassicAlt')} width="180" height="540" className="welcome-strip" />
      <p>{t('welcome.body')}</p>
      <ol className="doc-steps">
        {STEPS.map((id) => (
          <li key={id}>
            <p>{t(`welcome.${id}`)}</p>
          </li>
        ))}
      </ol>
      <div className="doc-cta">
        <LangLink href="/photobooth" className="btn btn-primary btn-large">
          {t('welcome.start')}
        </LangLink>
        <LangLink href="/photo-tutorial" className="btn btn-secondary">
          {t('welcome.guide')}
        </LangLink>
      </div>
      <p>
        <LangLink href="/privacy-policy">{t('welcome.privacyNote')}</LangLink>
      </p>
    </section>
  );
}

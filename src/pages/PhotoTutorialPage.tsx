import { Bullets } from '../components/content/Paragraphs';
import '../components/content/content.css';
import { ShortcutTable } from '../features/booth/ShortcutTable';
import { LangLink } from '../components/LangLink';
import { useI18n } from '../i18n/I18nProvider';

const STEPS = ['step1', 'step2', 'step3', 'step4', 'step5', 'step6', 'step7'] as const;

export default function PhotoTutorialPage() {
  const { t } = useI18n();
  return (
    <article className="page narrow prose doc">
      <header className="doc-header">
        <h1>{t('photoTutorial.title')}</h1>
        <p className="lead">{t('photoTutorial.intro')}</p>
      </header>
      <section aria-labelledby="tutorial-steps">
        <h2 id="tutorial-steps">{t('photoTutorial.stepsTitle')}</h2>
        <ol className="doc-steps">
          {STEPS.map((id) => (
            <li key={id}>
              <h3>{t(`photoTutorial.${id}Title`)}</h3>
              <p>{t(`photoTutorial.${id}Body`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="tutorial-tips">
        <h2 id="tutorial-tips">{t('photoTutorial.tipsTitle')}</h2>
        <Bullets k="photoTutorial.tips" />
      </section>
      <section aria-labelledby="tutorial-shortcuts">
        <h2 id="tutorial-shortcuts">{t('userGuide.shortcutsTitle')}</h2>
        <p>{t('userGuide.shortcutsIntro')}</p>
        <ShortcutTable />
      </section>
      <p>
        <LangLink href="/user-guide">{t('photoTutorial.more')}</LangLink>
      </p>
      <div className="doc-cta">
        <LangLink href="/photobooth" className="btn btn-primary btn-large">
          {t('landing.start')}
        </LangLink>
      </div>
    </article>
  );
}

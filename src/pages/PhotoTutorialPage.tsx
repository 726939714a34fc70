import { useI18n } from '../i18n/I18nProvider';

export default function PhotoTutorialPage() {
  const { t } = useI18n();
  return (
    <section className="page narrow prose">
      <h1>{t('photoTutorial.title')}</h1>
      <p>{t('photoTutorial.intro')}</p>
    </section>
  );
}

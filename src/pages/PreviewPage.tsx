import { useI18n } from '../i18n/I18nProvider';

export default function PreviewPage() {
  const { t } = useI18n();
  return (
    <section className="page narrow prose">
      <h1>{t('preview.title')}</h1>
      <p>{t('preview.intro')}</p>
    </section>
  );
}

import { useI18n } from '../i18n/I18nProvider';

export default function BoothPage() {
  const { t } = useI18n();
  return (
    <section className="page narrow prose">
      <h1>{t('booth.title')}</h1>
      <p>{t('booth.intro')}</p>
    </section>
  );
}

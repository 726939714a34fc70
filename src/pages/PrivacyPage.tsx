import { useI18n } from '../i18n/I18nProvider';

export default function PrivacyPage() {
  const { t } = useI18n();
  return (
    <section className="page narrow prose">
      <h1>{t('privacy.title')}</h1>
      <p>{t('privacy.intro')}</p>
    </section>
  );
}

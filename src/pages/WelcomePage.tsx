import { useI18n } from '../i18n/I18nProvider';

export default function WelcomePage() {
  const { t } = useI18n();
  return (
    <section className="page narrow prose">
      <h1>{t('welcome.title')}</h1>
      <p>{t('welcome.intro')}</p>
    </section>
  );
}

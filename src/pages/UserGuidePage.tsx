import { useI18n } from '../i18n/I18nProvider';

export default function UserGuidePage() {
  const { t } = useI18n();
  return (
    <section className="page narrow prose">
      <h1>{t('userGuide.title')}</h1>
      <p>{t('userGuide.intro')}</p>
    </section>
  );
}

import { useI18n } from '../i18n/I18nProvider';

export default function TermsPage() {
  const { t } = useI18n();
  return (
    <section className="page narrow prose">
      <h1>{t('terms.title')}</h1>
      <p>{t('terms.intro')}</p>
    </section>
  );
}

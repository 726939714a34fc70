import { useI18n } from '../i18n/I18nProvider';

export default function ContactPage() {
  const { t } = useI18n();
  return (
    <section className="page narrow prose">
      <h1>{t('contact.title')}</h1>
      <p>{t('contact.intro')}</p>
    </section>
  );
}

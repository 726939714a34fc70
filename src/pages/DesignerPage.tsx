import { useI18n } from '../i18n/I18nProvider';

/** The strip designer (/designer). */
export default function DesignerPage() {
  const { t } = useI18n();
  return (
    <section className="page designer-page">
      <h1>{t('designer.heading')}</h1>
    </section>
  );
}

import { Designer } from '../features/designer/ui/Designer';
import { useI18n } from '../i18n/I18nProvider';

/** The strip designer (/designer): lay out your own strip and keep it for the booth. */
export default function DesignerPage() {
  const { t } = useI18n();
  return (
    <section className="page designer-page">
      <h1>{t('designer.heading')}</h1>
      <p className="lead">{t('designer.intro')}</p>
      <Designer />
    </section>
  );
}

import { useI18n } from '../i18n/I18nProvider';

export default function BlogListPage() {
  const { t } = useI18n();
  return (
    <section className="page narrow prose">
      <h1>{t('blog.title')}</h1>
      <p>{t('blog.intro')}</p>
    </section>
  );
}

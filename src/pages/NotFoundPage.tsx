import { LangLink } from '../components/LangLink';
import { useI18n } from '../i18n/I18nProvider';

export default function NotFoundPage() {
  const { t } = useI18n();
  return (
    <section className="page narrow not-found" data-testid="not-found">
      <p className="not-found-code" aria-hidden="true">404</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <LangLink href="/" className="btn btn-primary">
        {t('notFound.home')}
      </LangLink>
    </section>
  );
}

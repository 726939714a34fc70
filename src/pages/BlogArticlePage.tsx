import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { Spinner } from '../components/Spinner';
import '../components/content/content.css';
import { LangLink } from '../components/LangLink';
import { documentTitle } from '../i18n/titles';
import { formatArticleDate, loadArticle, type Article } from '../content/blog';
import { useI18n } from '../i18n/I18nProvider';
import NotFoundPage from './NotFoundPage';

type State = { slug: string; article: Article | null } | null;

export default function BlogArticlePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const { t, lang } = useI18n();
  const [state, setState] = useState<State>(null);

  useEffect(() => {
    let alive = true;
    const pending = loadArticle(slug);
    if (!pending) {
      setState({ slug, article: null });
      return;
    }
    pending.then((article) => alive && setState({ slug, article }));
    return () => {
      alive = false;
    };
  }, [slug]);

  const current = state?.slug === slug ? state : null;
  const article = current?.article;

  useEffect(() => {
    if (!current) return;
    document.title = article ? `${article.title} | ${t('app.name')}` : documentTitle('home', t);
  }, [current, article, t]);

  if (!current) return <Spinner label={t('blog.loading')} />;
  if (!article) return <NotFoundPage />;
  return (
    <article className="page narrow doc" lang="en">
      <LangLink href="/blog" className="back-link" lang={lang}>
        ← {t('blog.back')}
      </LangLink>
      <header className="doc-header">
        <h1>{article.title}</h1>
        <p className="lead">{article.summary}</p>
        <p className="doc-meta" lang={lang}>
          {t('blog.published')} <time dateTime={article.date}>{formatArticleDate(article.date, lang)}</time> ·{' '}
          {t('blog.readingTime', { minutes: article.readingMinutes })}
        </p>
      </header>
      {/* Our own Markdown, rendered to HTML at build time by scripts/vite-plugin-blog.ts. */}
      <div className="article-body prose" dangerouslySetInnerHTML={{ __html: article.html }} />
      <aside className="card doc-cta" lang={lang}>
        <div>
          <h2>{t('blog.ctaTitle')}</h2>
          <p>{t('blog.ctaBody')}</p>
        </div>
        <LangLink href="/photobooth" className="btn btn-primary">
          {t('landing.start')}
        </LangLink>
      </aside>
    </article>
  );
}

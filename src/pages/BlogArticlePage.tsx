import { use, useEffect } from 'react';
import { useParams } from 'wouter';
import '../components/content/content.css';
import { LangLink } from '../components/LangLink';
import { articleTitle, documentTitle } from '../i18n/titles';
import { formatArticleDate, loadArticle, type Article } from '../content/blog';
import { useI18n } from '../i18n/I18nProvider';
import NotFoundPage from './NotFoundPage';

/** One promise per slug (null: no such article), so a render that suspends on it finds it again. */
const articles = new Map<string, Promise<Article | null>>();
function articleFor(slug: string): Promise<Article | null> {
  let pending = articles.get(slug);
  if (!pending) {
    pending = loadArticle(slug) ?? Promise.resolve(null);
    articles.set(slug, pending);
  }
  return pending;
}

/**
 * A blog article: suspends (the screen's spinner) until its Markdown chunk is here, so the
 * prerender writes the whole article into the page and a reader without JavaScript gets it.
 */
export default function BlogArticlePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const { t, lang } = useI18n();
  const article = use(articleFor(slug));

  useEffect(() => {
    document.title = article ? articleTitle(article.title, t) : documentTitle('home', t);
  }, [article, t]);

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

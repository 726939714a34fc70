import { articles } from 'virtual:blog-index';
import '../components/content/content.css';
import { LangLink } from '../components/LangLink';
import { formatArticleDate } from '../content/blog';
import { useI18n } from '../i18n/I18nProvider';

export default function BlogListPage() {
  const { t, lang } = useI18n();
  return (
    <section className="page narrow doc">
      <header className="doc-header">
        <h1>{t('blog.title')}</h1>
        <p className="lead">{t('blog.intro')}</p>
        {lang !== 'en' && <p className="doc-meta">{t('blog.englishOnly')}</p>}
      </header>
      <ul className="blog-list">
        {articles.map((a) => (
          <li key={a.slug} className="blog-card">
            {/* The articles are English: say so to assistive tech under any language prefix. */}
            <article lang="en" aria-labelledby={`post-${a.slug}`}>
              <h2 id={`post-${a.slug}`}>
                <LangLink href={`/blog/${a.slug}`}>{a.title}</LangLink>
              </h2>
              <p className="doc-meta" lang={lang}>
                <time dateTime={a.date}>{formatArticleDate(a.date, lang)}</time> ·{' '}
                {t('blog.readingTime', { minutes: a.readingMinutes })}
              </p>
              <p>{a.summary}</p>
              <p lang={lang}>
                <LangLink href={`/blog/${a.slug}`} aria-describedby={`post-${a.slug}`}>
                  {t('blog.readMore')} →
                </LangLink>
              </p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

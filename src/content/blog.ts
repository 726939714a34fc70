/** The blog: English Markdown in content/blog, rendered to HTML at build time (scripts/vite-plugin-blog.ts). */
export interface ArticleMeta {
  slug: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  summary: string;
  readingMinutes: number;
}
export interface Article extends ArticleMeta {
  html: string;
}

// One lazy chunk per article: the list page never downloads article bodies.
const bodies = import.meta.glob<Article>('../../content/blog/*.md', { import: 'default' });

export function loadArticle(slug: string): Promise<Article> | null {
  if (!/^[a-z0-9-]+$/.test(slug)) return null;
  const load = bodies[`../../content/blog/${slug}.md`];
  return load ? load() : null;
}

/** "12 March 2026" in the visitor's language; the date is a calendar day, so read it as UTC. */
export function formatArticleDate(date: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

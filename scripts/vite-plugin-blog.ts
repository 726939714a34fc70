import { readFileSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { marked } from 'marked';
import type { Plugin } from 'vite';
import type { Article } from '../src/content/blog';

/**
 * Blog articles are Markdown files in content/blog with a small front matter block
 * (title, date, summary). They become HTML at build time, so the client never ships a Markdown
 * parser:
 *   - `import article from '…/slug.md'` → `{ slug, title, date, summary, readingMinutes, html }`
 *   - `import { articles } from 'virtual:blog-index'` → the same minus `html`, newest first.
 */

const INDEX_ID = 'virtual:blog-index';
const RESOLVED_INDEX_ID = '\0' + INDEX_ID;
/** A comfortable adult reading pace for non-fiction on screen. */
const WORDS_PER_MINUTE = 220;

export function parseArticle(source: string, slug: string): Article {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`content/blog/${slug}.md: missing the --- front matter block`);
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const kv = /^(\w+):\s*(.*)$/.exec(line.trim());
    if (kv?.[1]) fields[kv[1]] = (kv[2] ?? '').replace(/^["']|["']$/g, '');
  }
  const body = match[2] ?? '';
  for (const key of ['title', 'date', 'summary']) {
    if (!fields[key]) throw new Error(`content/blog/${slug}.md: front matter needs "${key}"`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.date ?? '')) throw new Error(`content/blog/${slug}.md: date must be YYYY-MM-DD`);
  const words = body.split(/\s+/).filter((w) => /\w/.test(w)).length;
  return {
    slug,
    title: fields.title ?? '',
    date: fields.date ?? '',
    summary: fields.summary ?? '',
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    // Articles are our own files, so their HTML is trusted. The page's one <h1> is the title,
    // so a stray top-level "# heading" in the body becomes an <h2>.
    html: marked.parse(body.replace(/^# /gm, '## '), { async: false, gfm: true }),
  };
}

export function blogPlugin(dir = 'content/blog'): Plugin {
  let root = process.cwd();
  const folder = () => resolve(root, dir);
  const readAll = () =>
    readdirSync(folder())
      .filter((f) => f.endsWith('.md'))
      .map((f) => parseArticle(readFileSync(join(folder(), f), 'utf8'), basename(f, '.md')));

  return {
    name: 'photobooth-blog',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === INDEX_ID ? RESOLVED_INDEX_ID : null;
    },
    load(id) {
      if (id === RESOLVED_INDEX_ID) {
        for (const f of readdirSync(folder())) this.addWatchFile(join(folder(), f));
        const list = readAll()
          .map(({ html: _html, ...meta }) => meta)
          .sort((a, b) => b.date.localeCompare(a.date));
        return `export const articles = ${JSON.stringify(list)};`;
      }
      if (id.endsWith('.md') && resolve(id).startsWith(folder())) {
        const article = parseArticle(readFileSync(id, 'utf8'), basename(id, '.md'));
        return `export default ${JSON.stringify(article)};`;
      }
      return null;
    },
  };
}

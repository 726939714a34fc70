import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArticle } from '../../scripts/vite-plugin-blog';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../content/blog');

describe('blog Markdown → HTML at build time', () => {
  it('reads the front matter, renders Markdown and estimates the reading time', () => {
    const words = Array.from({ length: 440 }, (_, i) => `word${i}`).join(' ');
    const a = parseArticle(`---\ntitle: "Hello, strips"\ndate: 2026-01-02\nsummary: A test.\n---\n# Big\n\n## Section\n\n${words} **bold**`, 'hello');
    expect(a).toMatchObject({ slug: 'hello', title: 'Hello, strips', date: '2026-01-02', summary: 'A test.', readingMinutes: 2 });
    // The page's only <h1> is the title: a top-level heading in the body becomes an <h2>.
    expect(a.html).not.toContain('<h1');
    expect(a.html).toContain('<h2>Big</h2>');
    expect(a.html).toContain('<h2>Section</h2>');
    expect(a.html).toContain('<strong>bold</strong>');
  });

  it('refuses an article without its title, date or summary, or with a malformed date', () => {
    expect(() => parseArticle('no front matter', 'x')).toThrow(/front matter/);
    expect(() => parseArticle('---\ntitle: T\ndate: 2026-01-01\n---\nbody', 'x')).toThrow(/summary/);
    expect(() => parseArticle('---\ntitle: T\ndate: 1 May\nsummary: S\n---\nbody', 'x')).toThrow(/YYYY-MM-DD/);
  });

  it('parses every article in content/blog: at least four real ones of 400–800 words', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.md'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files) {
      const source = readFileSync(join(dir, f), 'utf8');
      const a = parseArticle(source, f.replace(/\.md$/, ''));
      const words = source.split('---')[2]?.split(/\s+/).filter(Boolean).length ?? 0;
      expect(words, f).toBeGreaterThanOrEqual(400);
      expect(words, f).toBeLessThanOrEqual(800);
      expect(a.slug, f).toMatch(/^[a-z0-9-]+$/);
      expect(a.readingMinutes, f).toBeGreaterThanOrEqual(2);
      expect(a.html, f).toContain('<h2');
    }
  });
});

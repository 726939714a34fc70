import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { pathFor } from '../src/i18n/paths';
import { startsOnDemand } from '../src/lib/start/onDemand';

import { sharePng } from './share-image';

/**
 * Prerenders every page of the site in every language into its own HTML file, once the client
 * build is written (and before the service worker's precache list is made from dist/):
 *   /             → index.html            /ja             → ja.html
 *   /user-guide   → user-guide.html       /ja/user-guide  → ja/user-guide.html
 * Static hosts serve `x.html` for `/x`; the not-found page is 404.html. Each file is the built
 * index.html with the page's body in #root (data-path says which path it is: the app hydrates it
 * only there) and its head: title, description, canonical, hreflang, Open Graph, JSON-LD.
 * Also writes sitemap.xml (every indexable page × language: not /about, not a bare screen),
 * robots.txt and each language's share image, og/<lang>.png (scripts/share-image.ts).
 *
 * The site's public origin is one build-time setting: SITE_ORIGIN (README, "Hosting").
 */

type Entry = typeof import('../src/entry-server');

export const DEFAULT_ORIGIN = 'https://photobooth.example';

export function fileFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

export interface PrerenderOptions {
  /** The last word on a page's HTML (path null: the not-found page), e.g. what its head starts with. */
  finishPage?: (path: string | null, html: string) => string;
}

export function prerenderPlugin({ finishPage = (_path, html) => html }: PrerenderOptions = {}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'photobooth-prerender',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    async writeBundle() {
      if (config.build.ssr) return; // the server entry's own build
      const origin = (process.env.SITE_ORIGIN ?? DEFAULT_ORIGIN).replace(/\/$/, '');
      const outDir = resolve(config.root, config.build.outDir);
      const ssrDir = resolve(config.root, 'node_modules/.prerender', config.mode);
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, manifest: false },
      });
      const entry = (await import(`${pathToFileURL(join(ssrDir, 'entry-server.js')).href}?t=${Date.now()}`)) as Entry;
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const pages = entry.pagePaths();
      const urls: string[] = [];
      // Every prerendered page by language: the service worker keeps a language's pages for
      // offline use once one of them is visited (src/sw.ts).
      const byLang: Record<string, string[]> = {};
      for (const lang of entry.LANGS) {
        for (const rest of pages) {
          const path = pathFor(lang, rest);
          const r = await entry.render(path, origin);
          write(outDir, fileFor(path), finishPage(path, page(template, path, r, screenLinks(manifest, r.screenFile, startsOnDemand(rest)))));
          (byLang[lang] ??= []).push(path);
          if (entry.inSitemap(rest)) urls.push(`${origin}${path}`);
        }
      }
      write(outDir, 'pages.json', JSON.stringify(byLang));
      for (const lang of entry.LANGS) writeBinary(outDir, `og/${lang}.png`, sharePng(lang, await entry.shareText(lang), config.root));
      write(outDir, '404.html', finishPage(null, page(template, null, await entry.render('/404', origin), appPreload(manifest))));
      write(outDir, 'sitemap.xml', sitemap(urls));
      write(outDir, 'robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
      rmSync(ssrDir, { recursive: true, force: true });
      config.logger.info(`prerendered ${pages.length} pages × ${entry.LANGS.length} languages for ${origin}; sitemap: ${urls.length} URLs`);
    },
  };
}

function write(outDir: string, file: string, text: string) {
  writeBinary(outDir, file, Buffer.from(text));
}

function writeBinary(outDir: string, file: string, bytes: Buffer) {
  const to = join(outDir, file);
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, bytes);
}

type Manifest = Record<string, { file: string; name?: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }>;

/**
 * A modulepreload of the app's code (the `app` chunk: src/app/start.tsx), which the entry imports.
 * Not of React's chunk (200 KB): imported without a preload, it is compiled off the main thread
 * as it arrives, where a preloaded one was compiled and run in one task of 90-130 ms when the
 * entry imported it (the booth's first seconds on a slow device: `npm run bench`, first seconds).
 */
function appPreload(manifest: Manifest): string {
  const imports = (manifest['index.html']?.dynamicImports ?? []).map((key) => manifest[key]);
  const file = imports.find((chunk) => chunk?.name === 'app')?.file;
  if (!file) throw new Error('prerender: the entry does not import the app chunk');
  return `<link rel="modulepreload" crossorigin href="/${file}">`;
}

/**
 * The stylesheets of a screen's chunk and of what it imports (the page must not change when they
 * arrive with its code: they come with the HTML), and modulepreloads of the app's code and the
 * screen's, except on a page the app takes over only on demand (src/lib/start/onDemand.ts).
 */
function screenLinks(manifest: Manifest, screenFile: string | null, onDemand: boolean): string {
  if (!screenFile) return '';
  const entryCss = new Set(manifest['index.html']?.css ?? []);
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const c of chunk.css ?? []) if (!entryCss.has(c)) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(screenFile);
  const file = manifest[screenFile]?.file;
  if (!file) throw new Error(`prerender: ${screenFile} is not in the build manifest`);
  const code = onDemand ? [] : [appPreload(manifest), `<link rel="modulepreload" crossorigin href="/${file}">`];
  return [...[...css].map((c) => `<link rel="stylesheet" crossorigin href="/${c}">`), ...code].join('\n    ');
}

/** The built index.html with a page's language, head (and its screen's links) and body. */
function page(template: string, path: string | null, r: Awaited<ReturnType<Entry['render']>>, links: string): string {
  const root = `<div id="root"${path ? ` data-path="${path}"` : ''}>${r.body}</div>`;
  const out = template
    .replace(/<html lang="[^"]*">/, `<html lang="${r.lang}">`)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `  ${links}\n    ${r.head}\n    ${r.hoisted}\n  </head>`)
    .replace(/<div id="root">[\s\S]*?<\/div>\s*<\/div>/, root);
  if (!out.includes(root)) throw new Error(`prerender: no #root to fill in index.html for ${path}`);
  return out;
}

function sitemap(urls: string[]): string {
  const body = urls.map((u) => `  <url><loc>${u}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

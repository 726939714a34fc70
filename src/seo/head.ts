import type { Lang } from '../i18n/languages';

/** What a page's <head> says about it to search engines and link previews. */
export interface PageHead {
  /** The site's public origin (a build-time setting: SITE_ORIGIN). */
  origin: string;
  lang: Lang;
  title: string;
  description: string;
  /** The canonical path of this page in this language (null: the not-found page, never indexed). */
  path: string | null;
  /** The same page in each language. */
  alternates: { lang: Lang; path: string }[];
  /** The page in the default language (hreflang x-default). */
  defaultPath: string;
  kind: 'website' | 'article';
  /** JSON-LD objects. */
  structured: object[];
  /** A page for those already using the app (event mode's guest booth), not for search results. */
  noindex?: boolean;
}

/** Each language's share image (made at build time by scripts/share-image.ts). */
export const SHARE_IMAGE = { width: 1200, height: 630, path: (lang: Lang) => `/og/${lang}.png` };

/** Open Graph locales of the nine languages. */
export const OG_LOCALE: Record<Lang, string> = {
  en: 'en_US',
  zh: 'zh_CN',
  id: 'id_ID',
  vi: 'vi_VN',
  pt: 'pt_BR',
  ja: 'ja_JP',
  th: 'th_TH',
  es: 'es_ES',
  it: 'it_IT',
};

/** Text for HTML and SVG: element content and double-quoted attributes. */
export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A JSON-LD block: `<` escaped so text can never close the script element. */
const jsonLd = (data: object) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** The head tags of a page (title and description included), as HTML. */
export function headTags(page: PageHead): string {
  const abs = (path: string) => `${page.origin}${path}`;
  const tags = [`<title>${escapeHtml(page.title)}</title>`, `<meta name="description" content="${escapeHtml(page.description)}">`];
  if (page.path) {
    tags.push(`<link rel="canonical" href="${escapeHtml(abs(page.path))}">`);
    for (const a of page.alternates) tags.push(`<link rel="alternate" hreflang="${a.lang}" href="${escapeHtml(abs(a.path))}">`);
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(abs(page.defaultPath))}">`);
    if (page.noindex) tags.push('<meta name="robots" content="noindex">');
  } else {
    tags.push('<meta name="robots" content="noindex">');
  }
  const image = abs(SHARE_IMAGE.path(page.lang));
  tags.push(
    `<meta property="og:type" content="${page.kind}">`,
    '<meta property="og:site_name" content="Photobooth">',
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
    `<meta property="og:description" content="${escapeHtml(page.description)}">`,
    `<meta property="og:locale" content="${OG_LOCALE[page.lang]}">`,
    ...page.alternates.filter((a) => a.lang !== page.lang).map((a) => `<meta property="og:locale:alternate" content="${OG_LOCALE[a.lang]}">`),
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:image:width" content="${SHARE_IMAGE.width}">`,
    `<meta property="og:image:height" content="${SHARE_IMAGE.height}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${escapeHtml(page.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(page.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
  );
  if (page.path) tags.push(`<meta property="og:url" content="${escapeHtml(abs(page.path))}">`);
  for (const data of page.structured) tags.push(jsonLd(data));
  return tags.join('\n    ');
}

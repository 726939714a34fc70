/**
 * The prerender's entry (scripts/vite-plugin-prerender.ts builds it for Node): each page of the
 * site, in each language, rendered to HTML with React's static renderer (it waits for the lazy
 * screen and its strings), and the head that page needs to be found: title, description,
 * canonical URL, hreflang alternates, Open Graph and Twitter tags, structured data.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { articles } from 'virtual:blog-index';
import { App } from './app/App';
import { FAQ_IDS } from './content/faq';
import { ROUTES, routeFor, type ScreenId } from './app/routes';
import { preloadStrings, stringsFor } from './i18n/I18nProvider';
import { DEFAULT_LANG, LANGUAGES, type Lang } from './i18n/languages';
import { pathFor, splitLangPath } from './i18n/paths';
import { articleTitle, documentTitle } from './i18n/titles';
import { headTags, type PageHead } from './seo/head';

/** Every page to prerender, without its language prefix: the routes, each article, and no pattern. */
export function pagePaths(): string[] {
  return ROUTES.flatMap((r) => (r.path.includes(':') ? articles.map((a) => r.path.replace(':slug', a.slug)) : [r.path]));
}

/** Pages another one stands for (same content): left out of the sitemap, canonical to the other. */
export const CANONICAL_OF: Record<string, string> = { '/about': '/privacy-policy' };

/** Whether a page goes in the sitemap: not one canonical to another, nor a bare screen (noindex). */
export function inSitemap(rest: string): boolean {
  return !(rest in CANONICAL_OF) && routeFor(rest)?.bare !== true;
}

export const LANGS: Lang[] = LANGUAGES.map((l) => l.code);

/** Each screen's module, as the build manifest names it: its CSS and code are linked in the page's head. */
const SCREEN_FILES: Record<ScreenId, string> = {
  landing: 'src/pages/LandingPage.tsx',
  welcome: 'src/pages/WelcomePage.tsx',
  booth: 'src/pages/BoothPage.tsx',
  preview: 'src/pages/PreviewPage.tsx',
  privacy: 'src/pages/PrivacyPage.tsx',
  contact: 'src/pages/ContactPage.tsx',
  tutorial: 'src/pages/PhotoTutorialPage.tsx',
  guide: 'src/pages/UserGuidePage.tsx',
  terms: 'src/pages/TermsPage.tsx',
  blog: 'src/pages/BlogListPage.tsx',
  article: 'src/pages/BlogArticlePage.tsx',
  event: 'src/pages/EventPage.tsx',
  eventBooth: 'src/pages/EventBoothPage.tsx',
  eventShow: 'src/pages/EventShowPage.tsx',
  receive: 'src/pages/ReceivePage.tsx',
  designer: 'src/pages/DesignerPage.tsx',
};

export interface Rendered {
  /** What goes inside <div id="root">. */
  body: string;
  /** Hoisted tags React put before the body (image preloads): they belong in <head>. */
  hoisted: string;
  /** The <head> tags of this page (see src/seo/head.ts). */
  head: string;
  lang: Lang;
  /** The screen's module (null: the not-found page, part of the app's entry). */
  screenFile: string | null;
}

/** Renders `url` (a path with its language prefix, or a path nobody has: the not-found page). */
export async function render(url: string, origin: string): Promise<Rendered> {
  const { lang, rest } = splitLangPath(url);
  const route = routeFor(rest);
  await preloadStrings(lang, ['shell', 'meta', ...(route?.strings ?? [])]);
  const { t } = stringsFor(lang);
  const { prelude } = await prerenderToNodeStream(
    <Router ssrPath={url}>
      <App />
    </Router>,
    // Everything inline: no boundary sent apart with a script to put it in place (the CSP allows
    // no inline script, and the page must read whole without JavaScript).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  const hoisted = /^(?:<link [^>]*>)*/.exec(html)?.[0] ?? '';

  const article = rest.startsWith('/blog/') ? articles.find((a) => `/blog/${a.slug}` === rest) : undefined;
  const screen = route ? route.screen : 'notFound';
  const title = article ? articleTitle(article.title, t) : documentTitle(route && route.title !== 'own' ? route.title : 'home', t);
  const canonicalRest = CANONICAL_OF[rest] ?? rest;
  const page: PageHead = {
    origin,
    lang,
    title,
    description: article ? article.summary : t(`meta.${screen === 'article' ? 'blog' : screen}`),
    path: route ? pathFor(lang, canonicalRest) : null,
    alternates: route ? LANGS.map((l) => ({ lang: l, path: pathFor(l, canonicalRest) })) : [],
    defaultPath: pathFor(DEFAULT_LANG, canonicalRest),
    kind: article ? 'article' : 'website',
    structured: screen === 'landing' ? landingData(origin, lang, t) : [],
    noindex: route?.bare === true,
  };
  return { body: html.slice(hoisted.length), hoisted, head: headTags(page), lang, screenFile: route ? SCREEN_FILES[route.screen] : null };
}

/** The words of a language's share image: the app's name, the landing page's heading and lead. */
export async function shareText(lang: Lang): Promise<{ name: string; title: string; body: string }> {
  await preloadStrings(lang, ['shell', 'landing']);
  const { t } = stringsFor(lang);
  return { name: t('app.name'), title: t('landing.heroTitle'), body: t('landing.heroBody') };
}

type T = ReturnType<typeof stringsFor>['t'];

/** The landing page's structured data: the app itself, and its FAQ. */
function landingData(origin: string, lang: Lang, t: T): object[] {
  const faq = FAQ_IDS.map((id) => ({ q: t(`faq.${id}Q`), a: t(`faq.${id}A`) }));
  const app = {
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name: t('app.name'),
    url: `${origin}${pathFor(lang, '/')}`,
    description: t('meta.landing'),
    applicationCategory: 'MultimediaApplication',
    operatingSystem: 'Any (a modern web browser)',
    browserRequirements: 'Requires a camera and a browser with WebGL2',
    inLanguage: lang,
    isAccessibleForFree: true,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
  };
  return [
    app,
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      inLanguage: lang,
      mainEntity: faq.map((f) => ({ '@type': 'Question', name: f.q, acceptedAnswer: { '@type': 'Answer', text: f.a } })),
    },
  ];
}

import type { StringGroup } from '../i18n/groups';
import type { TitleKind } from '../i18n/titles';
import { lazyScreen } from './lazyScreen';

/**
 * Every screen, by its path without the language prefix. Each screen is its own lazy chunk.
 * `title` picks the document title (see titles.ts); screens that set their own (blog articles) say 'own'.
 */
export const SCREENS = {
  landing: lazyScreen(() => import('../pages/LandingPage')),
  welcome: lazyScreen(() => import('../pages/WelcomePage')),
  booth: lazyScreen(() => import('../pages/BoothPage')),
  preview: lazyScreen(() => import('../pages/PreviewPage')),
  privacy: lazyScreen(() => import('../pages/PrivacyPage')),
  contact: lazyScreen(() => import('../pages/ContactPage')),
  tutorial: lazyScreen(() => import('../pages/PhotoTutorialPage')),
  guide: lazyScreen(() => import('../pages/UserGuidePage')),
  terms: lazyScreen(() => import('../pages/TermsPage')),
  blog: lazyScreen(() => import('../pages/BlogListPage')),
  article: lazyScreen(() => import('../pages/BlogArticlePage')),
  event: lazyScreen(() => import('../pages/EventPage')),
  eventBooth: lazyScreen(() => import('../pages/EventBoothPage')),
  eventShow: lazyScreen(() => import('../pages/EventShowPage')),
  receive: lazyScreen(() => import('../pages/ReceivePage')),
  designer: lazyScreen(() => import('../pages/DesignerPage')),
};

export type ScreenId = keyof typeof SCREENS;
export type { TitleKind };

export interface RouteDef {
  path: string;
  screen: ScreenId;
  title: TitleKind;
  /** String groups (src/i18n/groups.ts) the screen needs besides the shell's. */
  strings: StringGroup[];
  /**
   * The screen's first render depends on the device (the camera, the photos saved on it): its
   * prerendered HTML shows before the code runs and is then rendered afresh, not hydrated. The
   * saved session's code (IndexedDB) loads when the first such screen opens (App's MountOnce),
   * unless the screen is the host's or a guest's (`saved: false`: event mode, whose strips are the
   * event gallery's, never the visitor's photos).
   */
  live?: true;
  saved?: false;
  /**
   * A full-screen screen with no site header, footer or navigation (event mode's guest booth):
   * nothing to leave by. Not a page to be found either: noindex, and left out of the sitemap.
   */
  bare?: true;
  /**
   * Where visitors go on from this screen (paths): their code and strings load once this screen
   * is up and the page is idle, so going there waits for nothing but the render. (From the booth's
   * "Continue", fetching the strip page's code on the click, and React's ~300 ms throttle on
   * revealing a screen that had suspended, were most of the wait for the strip: 320-350 ms.)
   */
  next?: string[];
}

const GUIDES: StringGroup[] = ['guides', 'landing'];
const EVENT: StringGroup[] = ['booth', 'preview', 'event', 'send'];

/** The route a path (without its language prefix) shows, or undefined for the not-found page. */
export function routeFor(rest: string): RouteDef | undefined {
  const parts = rest.split('/').filter(Boolean);
  return ROUTES.find((r) => {
    const want = r.path.split('/').filter(Boolean);
    return want.length === parts.length && want.every((w, i) => w.startsWith(':') || w === parts[i]);
  });
}

export const ROUTES: RouteDef[] = [
  { path: '/', screen: 'landing', title: 'home', strings: ['landing'] },
  { path: '/welcome', screen: 'welcome', title: 'home', strings: GUIDES },
  // The strip's layout and frame are chosen in the booth too (their names are the strip's strings).
  { path: '/photobooth', screen: 'booth', title: 'booth', strings: ['booth', 'preview', 'send'], live: true, next: ['/preview'] },
  { path: '/preview', screen: 'preview', title: 'preview', strings: ['preview', 'send'], live: true, next: ['/photobooth'] },
  { path: '/privacy-policy', screen: 'privacy', title: 'privacy', strings: GUIDES },
  // The spec: /about shows the same page as the privacy policy (and so the same title).
  { path: '/about', screen: 'privacy', title: 'privacy', strings: GUIDES },
  { path: '/contact', screen: 'contact', title: 'contact', strings: GUIDES },
  { path: '/photo-tutorial', screen: 'tutorial', title: 'home', strings: [...GUIDES, 'booth'] },
  // The shortcut table (here and on the photo tutorial) names the filters and props (the booth's strings).
  { path: '/user-guide', screen: 'guide', title: 'home', strings: [...GUIDES, 'booth'] },
  { path: '/terms', screen: 'terms', title: 'home', strings: GUIDES },
  { path: '/blog', screen: 'blog', title: 'home', strings: GUIDES },
  { path: '/blog/:slug', screen: 'article', title: 'own', strings: GUIDES },
  // Event mode: the host's set-up and gallery (its settings and strips are on the device), and the
  // guest booth it opens. The booth's and the strip's strings name the layouts, frames and controls.
  // The strip designer shows the visitor's photos in its slots (the saved session).
  { path: '/designer', screen: 'designer', title: 'designer', strings: ['designer', 'preview'], live: true },
  { path: '/event', screen: 'event', title: 'event', strings: EVENT, live: true, saved: false, next: ['/event/booth'] },
  { path: '/event/booth', screen: 'eventBooth', title: 'event', strings: EVENT, live: true, saved: false, bare: true },
  // The second screen (a TV or projector): the event gallery's strips only, never the visitor's session.
  // A guest's phone, from the booth's QR code: the offer is in the #fragment, which no server sees.
  { path: '/receive', screen: 'receive', title: 'receive', strings: ['send'], bare: true },
  { path: '/event/show', screen: 'eventShow', title: 'event', strings: ['event'], bare: true },
];

import { Provider, useAtomValue, useSetAtom } from 'jotai';
import { lazy, memo, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Spinner } from '../components/Spinner';
import { ScreenError } from './ScreenError';
import type { StringGroup } from '../i18n/groups';
import { I18nProvider, useI18n, useStrings } from '../i18n/I18nProvider';
import { whenIdle } from '../lib/idle';
import { LANGUAGES } from '../i18n/languages';
import { splitLangPath } from '../i18n/paths';
import { store } from '../state/store';
import { tutorialOpenAtom } from '../state/ui';
import NotFoundPage from '../pages/NotFoundPage';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { GlobalErrorBanner } from './GlobalErrorBanner';
import { UpdatePrompt } from './UpdatePrompt';
import { Footer } from './Footer';
import { Header } from './Header';
import { loadScreen } from './loadScreen';
import { routeFor, ROUTES, SCREENS, type TitleKind } from './routes';
import { documentTitle } from '../i18n/titles';
import { markAppRendered } from '../lib/start/ready';

// The overlay's code loads the first time it is opened, keeping the landing page's JavaScript small.
const TutorialOverlay = lazy(() => import('../components/TutorialOverlay').then((m) => ({ default: m.TutorialOverlay })));

// The saved session (IndexedDB): read and kept once a screen that takes or shows photos (a `live`
// route: the booth, the preview) is first opened; the landing page and the guides never load it.
const SessionPersistence = lazy(() => import('../storage/SessionPersistence').then((m) => ({ default: m.SessionPersistence })));

/** Mounts `children` (lazy code) the first time `when` holds, and keeps them mounted from then on. */
function MountOnce({ when, children }: { when: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(when);
  if (when && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

function TutorialSlot() {
  const open = useAtomValue(tutorialOpenAtom);
  const setOpen = useSetAtom(tutorialOpenAtom);
  const [location] = useLocation();
  // Asked for on one page, it never opens over another: leaving the page (a link clicked while its
  // code was still loading, Back) closes it. (It opened over the privacy page once its code came.)
  useEffect(() => () => setOpen(false), [location, setOpen]);
  return (
    <MountOnce when={open}>
      <TutorialOverlay />
    </MountOnce>
  );
}

function Loading() {
  const { t } = useI18n();
  return <Spinner label={t('common.loading')} />;
}

/** How long the next screen may take before the page says it is loading (most changes take less). */
const PENDING_SHOWS_MS = 250;

/** The spinner over the current screen while the next one loads (App), once it takes a moment. */
function RoutePending() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PENDING_SHOWS_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? (
    <div className="route-pending">
      <Loading />
    </div>
  ) : null;
}

/** The screens visitors go on to are loaded by then, idle or not. */
const LOAD_NEXT_WITHIN_MS = 3000;

/** Loads the code and strings of the screens at `paths` once the page is idle (routes.ts `next`). */
function useLoadNext(paths: string[] | undefined) {
  const { lang } = useI18n();
  const key = paths?.join(' ');
  useEffect(() => {
    if (!key) return;
    return whenIdle(() => {
      for (const path of key.split(' ')) {
        const route = routeFor(path);
        // A failure is met again, and retried, on the way there.
        if (route) void loadScreen(lang, route).catch(() => undefined);
      }
    }, LOAD_NEXT_WITHIN_MS, 1000);
  }, [key, lang]);
}

/**
 * Sets the document title for a screen, brings a #section or the top into view, and loads the
 * screens visitors go on to from it.
 */
function Screen({ location, title, strings, next, children }: { location: string; title: TitleKind; strings: StringGroup[]; next?: string[]; children: ReactNode }) {
  useStrings(strings);
  useLoadNext(next);
  const { t, lang } = useI18n();
  useEffect(() => {
    if (title !== 'own') document.title = documentTitle(title, t);
  }, [title, t]);
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (!id) {
      window.scrollTo(0, 0);
      return;
    }
    // The section may belong to a screen still loading: look for it for a moment.
    let tries = 0;
    const timer = setInterval(() => {
      const el = document.getElementById(id);
      if (el || ++tries > 40) {
        clearInterval(timer);
        el?.scrollIntoView();
      }
    }, 50);
    return () => clearInterval(timer);
  }, [location, lang]);
  return <>{children}</>;
}

/**
 * Header, the routed screen (matched on the path without its language prefix) and footer; a bare
 * screen (event mode's guest booth) is shown alone, with no way off it but its own. Rendered again
 * only when the location it shows changes (App).
 */
const Shell = memo(function Shell({ location, rest }: { location: string; rest: string }) {
  const bare = routeFor(rest)?.bare === true;
  return (
    <>
      {!bare && <Header />}
      <main id="main" tabIndex={-1}>
        <ErrorBoundary resetKey={location} fallback={(error) => <ScreenError error={error} bare={bare} />}>
          <Suspense fallback={<Loading />}>
            <Switch location={rest}>
              {ROUTES.map(({ path, screen, title, strings, next }) => {
                const Page = SCREENS[screen];
                return (
                  <Route key={path} path={path}>
                    <Screen location={location} title={title} strings={strings} next={next}>
                      <Page />
                    </Screen>
                  </Route>
                );
              })}
              <Route>
                <Screen location={location} title="home" strings={[]}>
                  <NotFoundPage />
                </Screen>
              </Route>
            </Switch>
          </Suspense>
        </ErrorBoundary>
      </main>
      {!bare && <Footer />}
      <TutorialSlot />
      {/* Event mode (the host's page, the guest booth) never loads the visitor's saved photos, nor offers them. */}
      <MountOnce when={routeFor(rest)?.live === true && routeFor(rest)?.saved !== false}>
        <SessionPersistence />
      </MountOnce>
      {!bare && <GlobalErrorBanner />}
      {/* Never in the guest booth of an event: the host takes updates from the set-up. */}
      {!bare && <UpdatePrompt />}
    </>
  );
});

/** The language comes from the URL; screens are routed on the rest of the path. */
export function App() {
  const [now] = useLocation();
  // The page follows a new location in a transition: React renders the next screen in slices
  // between frames and keeps the current one on screen meanwhile (also while the next one's code
  // or strings load, with a spinner over it if that takes a moment), where a synchronous render of
  // a whole screen, the old one's teardown and the new one's effects made one long task (55-80 ms
  // here from the booth's Continue to the strip).
  const location = useDeferredValue(now);
  // While the next screen is on its way (its code or strings still loading), a spinner says so.
  const pending = location !== now;
  // The page's controls answer from here on (before, a prerendered button shows a busy cursor).
  useEffect(markAppRendered, []);
  const { lang, rest } = splitLangPath(location);
  const loadingText = LANGUAGES.find((l) => l.code === lang)?.loading ?? 'Loading…';
  return (
    // One store for React and for the renderer (src/state/store.ts).
    <Provider store={store}>
      <I18nProvider lang={lang} fallback={<Spinner label={loadingText} />}>
        {/* Last line of defence: even a crash in the header or footer leaves a way out, never a white page. */}
        <ErrorBoundary fallback={(error) => <ScreenError error={error} bare={routeFor(rest)?.bare === true} />}>
          <Shell location={location} rest={rest} />
          {pending && <RoutePending />}
        </ErrorBoundary>
      </I18nProvider>
    </Provider>
  );
}

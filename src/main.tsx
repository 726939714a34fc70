import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { startPerformanceMonitor } from './app/perfMonitor';
import { registerServiceWorker } from './app/serviceWorker';
import { DEFAULT_LANG } from './i18n/languages';
import { canonicalPath, initialLang, pathFor, splitLangPath } from './i18n/paths';
import { preloadStrings } from './i18n/I18nProvider';
import { loadScreen } from './app/loadScreen';
import { routeFor } from './app/routes';
import { readSavedLang } from './i18n/storage';
import './styles.css';

// Routes are canonical: a path in any case (/PhotoBooth, /JA/Preview) is its lower-case form, so
// the screen, its title, the saved session and the service worker all agree on it.
const { search, hash } = window.location;
const pathname = canonicalPath(window.location.pathname);
if (pathname !== window.location.pathname) history.replaceState(history.state, '', pathname + search + hash);
// A visitor who chose a language before and arrives on an unprefixed path gets their language:
// the URL is rewritten once, so from here on the URL alone says which language is showing.
const lang = initialLang(pathname, readSavedLang());
if (lang !== DEFAULT_LANG && !splitLangPath(pathname).prefixed) {
  history.replaceState(history.state, '', pathFor(lang, pathname) + search + hash);
}

startPerformanceMonitor();
// The test seam exists only in a test build (`vite build --mode test`); a production build drops it.
if (import.meta.env.MODE === 'test') void import('./test-seam/install');
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const options = {
  // A render that threw and then succeeded when React retried it: say what threw (React's own
  // message is only a code), so the cause can be found.
  onRecoverableError: (error: unknown) => console.error('Recovered from a render error:', (error as { cause?: unknown }).cause ?? error),
};
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The page was prerendered for this very path (scripts/vite-plugin-prerender.ts): its strings are
// loaded first, so the first render is the HTML already on screen and React takes it over as it is.
// Anywhere else (a path the host answered with another page, a language rewritten above) and on a
// live screen (the booth, the preview: what they show depends on the device) React renders afresh.
// Either way the screen's code and strings come first: the first render is the screen itself,
// never a spinner that the screen then pushes the footer away from.
// (A promise chain rather than top-level await: an awaiting entry module is split into more chunks.)
const route = routeFor(splitLangPath(window.location.pathname).rest);
void Promise.all([preloadStrings(lang, ['shell']), route && loadScreen(lang, route)])
  .catch(() => undefined)
  .then(() => {
    // In a transition: React renders (and hydrates) the page in slices between frames, where one
    // synchronous render of a whole screen was a long task (50-110 ms on a slow device).
    startTransition(() => {
      if (root.dataset.path === window.location.pathname && !route?.live) hydrateRoot(root, app, options);
      else createRoot(root, options).render(app);
    });
  });

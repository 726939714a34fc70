import { startOnDemand, startsOnDemand } from './lib/start/onDemand';
import { APP_START_FAILED, markControlsReady } from './lib/start/ready';
import { startPerformanceMonitor } from './app/perfMonitor';
import { registerServiceWorker, updateReady } from './app/serviceWorker';
import { DEFAULT_LANG } from './i18n/languages';
import { canonicalPath, initialLang, pathFor, splitLangPath } from './i18n/paths';
import { readSavedLang } from './i18n/storage';
import './styles.css';

// The entry: small, with no React in it. It settles the URL, registers the service worker and
// starts the app (./app/start.tsx), at once or, on the landing page, on demand.

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
// (A promise chain rather than top-level await: an awaiting entry module is split into more chunks.)
// React's code, the app's and the app's start each run in a task of their own: evaluated together
// they were one long task (60-130 ms) on a slow device.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const start = () =>
  import('react-dom/client')
    .then(nextTask)
    .then(() => import('./app/start'))
    .then((m) => nextTask().then(() => m.startApp(root, lang)));
// The landing page, prerendered for this very path, is whole as it is: links, text, pictures and
// the FAQ work without the app, which loads when a visitor reaches for a control (./lib/start/onDemand.ts),
// or when a new version waits (the app offers the reload).
const onDemand = startsOnDemand(splitLangPath(window.location.pathname).rest) && root.dataset.path === window.location.pathname;
if (onDemand) {
  const app = startOnDemand(root, start);
  markControlsReady(); // a click from here on is caught, and made again once the app is there
  const wakeForUpdate = () => updateReady.get() && void app.wake().catch(() => undefined);
  updateReady.subscribe(wakeForUpdate);
  wakeForUpdate();
} else {
  // The booth pages' early script (src/early.ts) says so on the page (a file missing after an
  // update, or the connection gone).
  start().catch((error: unknown) => {
    console.warn('The app could not be loaded:', error);
    window.dispatchEvent(new Event(APP_START_FAILED));
  });
}

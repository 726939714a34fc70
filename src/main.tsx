import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startPerformanceMonitor } from './app/perfMonitor';
import { registerServiceWorker } from './app/serviceWorker';
import { DEFAULT_LANG } from './i18n/languages';
import { initialLang, pathFor, splitLangPath } from './i18n/paths';
import { readSavedLang } from './i18n/storage';
import './styles.css';

// A visitor who chose a language before and arrives on an unprefixed path gets their language:
// the URL is rewritten once, so from here on the URL alone says which language is showing.
const { pathname, search, hash } = window.location;
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
createRoot(root, {
  // A render that threw and then succeeded when React retried it: say what threw (React's own
  // message is only a code), so the cause can be found.
  onRecoverableError: (error) => console.error('Recovered from a render error:', (error as { cause?: unknown }).cause ?? error),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

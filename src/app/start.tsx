import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { appRendered } from '../lib/start/ready';
import type { Lang } from '../i18n/languages';
import { preloadStrings } from '../i18n/I18nProvider';
import { App } from './App';
import { loadScreen } from './loadScreen';
import { routeFor } from './routes';
import { splitLangPath } from '../i18n/paths';

/**
 * Starts React on #root (from main.tsx, at load or on demand); resolves once the app has rendered.
 *
 * The page was prerendered for this very path (scripts/vite-plugin-prerender.ts): its strings are
 * loaded first, so the first render is the HTML already on screen and React takes it over as it is.
 * Anywhere else (a path the host answered with another page, a language rewritten by main.tsx) and
 * on a live screen (the booth, the preview: what they show depends on the device) React renders
 * afresh. Either way the screen's code and strings come first: the first render is the screen
 * itself, never a spinner that the screen then pushes the footer away from.
 */
export function startApp(root: HTMLElement, lang: Lang): Promise<void> {
  const route = routeFor(splitLangPath(window.location.pathname).rest);
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
  return appRendered;
}

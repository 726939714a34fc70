import { splitLangPath } from '../i18n/paths';

/**
 * Registers /sw.js at load. Success or failure is only logged, as the spec says. Once a service
 * worker is active, it is asked to keep this page's language's prerendered pages for offline use
 * (src/sw.ts `keepLanguage`: once per language, only what it lacks).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(
      (reg: ServiceWorkerRegistration | undefined) => console.info('Service worker registered', reg?.scope ?? ''),
      (err: unknown) => console.warn('Service worker registration failed:', err),
    );
    void navigator.serviceWorker.ready.then((reg) =>
      reg.active?.postMessage({ type: 'keep-language', lang: splitLangPath(window.location.pathname).lang }),
    );
  });
}

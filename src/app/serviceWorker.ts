import { splitLangPath } from '../i18n/paths';

/**
 * Registers /sw.js at load. Success or failure is only logged, as the spec says. Once a service
 * worker is active, it is asked to keep this page's language's prerendered pages for offline use
 * (src/sw.ts `keepLanguage`: once per language, only what it lacks).
 *
 * Updates (src/sw.ts): a new version installs and waits while this tab keeps running its own;
 * `updateReady` then says so (UpdatePrompt offers the reload). A page left open for hours (an
 * event's booth) looks for a new version every hour and whenever it is shown again.
 */
const CHECK_EVERY_MS = 60 * 60 * 1000;

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const setWaiting = (worker: ServiceWorker | null) => {
  waiting = worker;
  for (const l of listeners) l();
};

/** The update waiting to be taken, for useSyncExternalStore. */
export const updateReady = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => waiting !== null,
};

/** Takes the waiting version: it takes over, and this page reloads into it. */
export function takeUpdate(): void {
  if (!waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'skip-waiting' });
}

/** Follows `reg` for a version that has installed and waits behind the one controlling this page. */
function watchUpdates(reg: ServiceWorkerRegistration): void {
  const check = (worker: ServiceWorker | null) => {
    if (worker?.state === 'installed' && navigator.serviceWorker.controller) setWaiting(worker);
  };
  check(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing;
    worker?.addEventListener('statechange', () => check(worker));
  });
  const update = () => void reg.update().catch(() => undefined);
  setInterval(update, CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && update());
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(
      (reg: ServiceWorkerRegistration | undefined) => {
        console.info('Service worker registered', reg?.scope ?? '');
        if (reg) watchUpdates(reg);
      },
      (err: unknown) => console.warn('Service worker registration failed:', err),
    );
    void navigator.serviceWorker.ready.then((reg) =>
      reg.active?.postMessage({ type: 'keep-language', lang: splitLangPath(window.location.pathname).lang }),
    );
  });
}

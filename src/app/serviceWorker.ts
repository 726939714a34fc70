/** Registers /sw.js at load. Success or failure is only logged, as the spec says. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(
      (reg: ServiceWorkerRegistration | undefined) => console.info('Service worker registered', reg?.scope ?? ''),
      (err: unknown) => console.warn('Service worker registration failed:', err),
    );
  });
}

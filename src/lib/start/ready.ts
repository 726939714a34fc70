/**
 * Two moments of a page's start, for the entry (src/main.tsx) and the app (src/app/App.tsx):
 *  - its controls answer (html.app-ready; styles.css shows a busy cursor on them before): set by
 *    the app once it has rendered, or earlier on a page the app takes over on demand (./onDemand.ts),
 *    whose controls answer from the moment their first use is caught;
 *  - the app has rendered the page (hydrated it, or rendered it afresh).
 */
let rendered: () => void = () => undefined;
export const appRendered = new Promise<void>((resolve) => (rendered = resolve));

export function markControlsReady(): void {
  document.documentElement.classList.add('app-ready');
}

export function markAppRendered(): void {
  markControlsReady();
  rendered();
}

/** Sent on window when the app's code could not be loaded (the entry ran, React or the app did not come). */
export const APP_START_FAILED = 'photobooth:app-start-failed';

/**
 * A page whose prerendered HTML is the whole page until a visitor reaches for one of its controls
 * (the landing page: text, pictures, links and <details>): React and the app's code (~80 KB gzip)
 * load on the first sign of intent and take the page over then, not at every load.
 *
 * - Intent (a pointer over a button, a touch, a focused button) starts the load early, so a click
 *   usually finds the app there.
 * - A click on a button, or a key the app handles on one, made before the app is there is held
 *   and made again once the app has rendered the page: it is never lost.
 * - Links, the skip link and the FAQ's <details> work natively meanwhile (a link is an ordinary
 *   page load; every page is prerendered).
 * - `wake` also takes a reason of its own (a new version waiting: the app offers the reload).
 * - Back or Forward to another page in this same document starts the app, which shows that page.
 *   The browser makes such a step without loading anything when the entry was pushed by the page
 *   that was here before: that page took the app to the booth and back home, another page was
 *   loaded, and Back loaded this one afresh for the home entry; the booth's entry is this
 *   document's now (HTML's shared document state), so a second Back only changes the URL. Nothing
 *   here but the app follows the URL: the landing page stayed on screen under /photobooth (the
 *   random walk, seed 421349675).
 */
/** Whether the page at `rest` (a path without its language prefix), prerendered, starts the app on demand. */
export function startsOnDemand(rest: string): boolean {
  return rest === '/';
}

export interface OnDemand {
  /** Starts the app now (idempotent). */
  wake(): Promise<void>;
}

/** Keys the app's controls act on by themselves (a button's Enter and Space come as a click). */
const APP_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End', 'Escape']);

export function startOnDemand(root: HTMLElement, start: () => Promise<void>): OnDemand {
  let started: Promise<void> | null = null;
  const controlOf = (target: EventTarget | null): HTMLElement | null => {
    const el = target instanceof Element ? target.closest('button, [role="button"], [aria-haspopup]') : null;
    return el instanceof HTMLElement && root.contains(el) ? el : null;
  };
  const intent = (e: Event) => {
    if (e.type === 'touchstart' || controlOf(e.target)) wake().catch(() => undefined);
  };
  const held = (e: Event) => {
    const control = controlOf(e.target);
    if (!control) return;
    if (e instanceof KeyboardEvent && !APP_KEYS.has(e.key)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    const replay =
      e instanceof KeyboardEvent
        ? () => control.dispatchEvent(new KeyboardEvent('keydown', { key: e.key, code: e.code, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, altKey: e.altKey, metaKey: e.metaKey, bubbles: true, cancelable: true }))
        : () => control.click();
    wake().then(() => control.isConnected && replay(), () => undefined);
  };
  const events: [string, (e: Event) => void][] = [
    ['pointerover', intent],
    ['focusin', intent],
    ['touchstart', intent],
    ['click', held],
    ['keydown', held],
  ];
  for (const [type, f] of events) document.addEventListener(type, f, { capture: true, passive: type === 'touchstart' });
  const wake = (): Promise<void> => {
    if (!started) {
      // A failed load (the network gone) is tried again at the next use; links still work.
      const attempt = start().catch((error: unknown) => {
        started = null;
        throw error;
      });
      started = attempt;
      // From here the app's own handlers take the page's events (React replays what reaches a part
      // it has not hydrated yet); what came before is held above until it has rendered.
      attempt.then(
        () => {
          for (const [type, f] of events) document.removeEventListener(type, f, { capture: true });
          window.removeEventListener('popstate', onHistory);
        },
        (error: unknown) => console.warn('The app could not be loaded:', error),
      );
    }
    return started;
  };
  // The path this page was prerendered for; a step in history to another one needs the app (or,
  // should its code not load, the page that path names, loaded by the browser).
  const home = root.dataset.path ?? window.location.pathname;
  const onHistory = () => {
    if (window.location.pathname !== home) wake().catch(() => window.location.reload());
  };
  window.addEventListener('popstate', onHistory);
  return { wake };
}

/**
 * What turns a browser tab into a booth at a party: the screen stays on, the page fills the
 * screen, and the browser's Back does not take a guest out. Each asks the browser and accepts a
 * no: where a feature is missing (Wake Lock in an older Safari, full screen on an iPhone) the booth
 * works the same, only less kiosk-like.
 */
import { canFullscreen } from './support';

/**
 * Keeps the screen on (Wake Lock) until the returned function is called. The browser drops the
 * lock whenever the page is hidden, so it is asked for again each time the page shows.
 */
export function keepScreenOn(): () => void {
  const wakeLock = typeof navigator !== 'undefined' ? navigator.wakeLock : undefined;
  if (!wakeLock) return () => {};
  let sentinel: WakeLockSentinel | null = null;
  let stopped = false;
  const ask = () => {
    if (stopped || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
    wakeLock.request('screen').then(
      (s) => {
        if (stopped) void s.release().catch(() => undefined);
        else sentinel = s;
      },
      () => {
        /* refused (battery saver, a frame without permission): the screen may dim, nothing else changes */
      },
    );
  };
  document.addEventListener('visibilitychange', ask);
  ask();
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', ask);
    void sentinel?.release().catch(() => undefined);
    sentinel = null;
  };
}

/** The Keyboard Lock API (Chromium): not in TypeScript's DOM types yet. */
type KeyboardLock = { lock?: (keys: string[]) => Promise<void>; unlock?: () => void };
const keyboardLock = (): KeyboardLock | undefined => (navigator as Navigator & { keyboard?: KeyboardLock }).keyboard;

/**
 * Full screen, asked for from the host's click (a browser grants it only during a user action).
 * Where the browser can, Escape is then kept for the page: a guest's Escape opens the host's
 * confirmation instead of leaving full screen (holding Escape still leaves, as the browser says).
 */
export async function enterFullscreen(): Promise<void> {
  try {
    const root = document.documentElement;
    if (!document.fullscreenElement && canFullscreen()) await root.requestFullscreen({ navigationUI: 'hide' });
    await keyboardLock()?.lock?.(['Escape']);
  } catch {
    /* refused or unsupported: the booth runs in the window */
  }
}

export function leaveFullscreen(): void {
  try {
    keyboardLock()?.unlock?.();
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  } catch {
    /* nothing to undo */
  }
}

const MARK = 'photobooth.eventBooth';

/**
 * The browser's Back stays in the booth: one more history entry for this same page is pushed, and
 * a Back that leaves it pushes it again (the page shown does not change, so the router, which
 * follows the address, does nothing). The host leaves through the confirmation, which replaces it.
 */
export function holdHistory(): () => void {
  const marked = () => (history.state as Record<string, unknown> | null)?.[MARK] === true;
  const hold = () => {
    if (!marked()) history.pushState({ ...(history.state as object | null), [MARK]: true }, '', location.href);
  };
  hold();
  window.addEventListener('popstate', hold);
  return () => window.removeEventListener('popstate', hold);
}

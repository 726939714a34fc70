/**
 * The booth's camera first: a tiny script of its own, built as a classic self-contained script
 * that the booth's pages run first in their head (scripts/vite-plugin-camera-first.ts), so the
 * camera is asked for before the page's styles, layout and app code. It hands what it started to
 * the app through camera/early.ts's shared state.
 *
 * On those pages it also starts the app: the build gives it the app's entry (`__PB_APP_ENTRY__`;
 * the page itself only preloads it), imported once the early picture plays (or cannot), so the
 * app's code neither delays the picture nor waits for it to be fetched.
 */
import { earlyPictureSettled, startEarlyCamera } from './features/camera/early';
import { EARLY_CAMERA_PAGE } from './features/camera/meta';

declare const __PB_APP_ENTRY__: string | undefined;

if (EARLY_CAMERA_PAGE.test(window.location.pathname)) startEarlyCamera();
// Not in the dev server, where the page loads the app itself (and this script as a module).
// Never before the page is parsed: the app's entry expects the whole page, as a module script does.
if (typeof __PB_APP_ENTRY__ === 'string') {
  const entry = __PB_APP_ENTRY__;
  const parsed = new Promise<void>((resolve) => {
    if (document.readyState !== 'loading') resolve();
    else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  });
  void Promise.all([parsed, earlyPictureSettled()]).then(() => import(/* @vite-ignore */ entry));
}

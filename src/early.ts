/**
 * The booth's camera first: a tiny script of its own, built as a classic self-contained script
 * that the booth's pages run first in their head, inline (scripts/vite-plugin-camera-first.ts), so the
 * camera is asked for before the page's styles, layout and app code. It hands what it started to
 * the app through camera/early.ts's shared state.
 *
 * On those pages it also starts the app: the build gives it the app's entry (`__PB_APP_ENTRY__`;
 * the page itself only preloads it), imported once the early picture's first frame is on screen
 * (or cannot be), so the app's code neither delays the picture nor waits for it to be fetched.
 * Just before, it puts in place the parts of the page that wait for the camera (the booth's
 * controls: lib/start/afterCamera.ts). Should the import fail, the page says so and offers a
 * reload (the words come on this script's tag, from the prerender).
 */
import { earlyPictureSettled, startEarlyCamera } from './features/camera/early';
import { EARLY_CAMERA_PAGE, EARLY_RAN } from './features/camera/meta';
import { revealAfterCamera } from './lib/start/afterCamera';
import { APP_START_FAILED } from './lib/start/ready';

declare const __PB_APP_ENTRY__: string | undefined;

// Ran: the page's last script loads this one as a file only when its inline copy did not run.
(globalThis as Record<symbol, unknown>)[Symbol.for(EARLY_RAN)] = true;

if (EARLY_CAMERA_PAGE.test(window.location.pathname)) startEarlyCamera();
// Not in the dev server, where the page loads the app itself (and this script as a module).
// Never before the page is parsed: the app's entry expects the whole page, as a module script does.
if (typeof __PB_APP_ENTRY__ === 'string') {
  const entry = __PB_APP_ENTRY__;
  const parsed = new Promise<void>((resolve) => {
    if (document.readyState !== 'loading') resolve();
    else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  });
  // This script's own tag, which carries the words to show should the app not load (read now:
  // document.currentScript is only set while the script first runs).
  const words = document.currentScript?.dataset ?? {};
  const failed = () => startFailed(words);
  // The entry imports the app's own code in turn, and says when that fails.
  window.addEventListener(APP_START_FAILED, failed, { once: true });
  void Promise.all([parsed, earlyPictureSettled()])
    .then(() => {
      revealAfterCamera();
      return import(/* @vite-ignore */ entry);
    })
    .catch(failed);
}

/**
 * The app's code did not come (the network is gone, or a file of this version is no longer on
 * the server after an update): the page would sit there, prerendered but dead. It says so, in the
 * page's language, with a Reload button, styled here (the app's stylesheet may be missing too).
 */
function startFailed(words: DOMStringMap) {
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'start-failed';
  box.style.cssText =
    'position:fixed;z-index:2147483647;top:12px;left:50%;transform:translateX(-50%);width:min(560px,calc(100% - 24px));box-sizing:border-box;' +
    'padding:16px;border:2px solid #b42318;border-radius:12px;background:#fff;color:#1f1720;box-shadow:0 8px 24px rgb(0 0 0/.2);' +
    'font:16px/1.4 system-ui,sans-serif;text-align:center';
  const text = document.createElement('p');
  text.style.margin = '0 0 12px';
  text.textContent = words.fail || 'Photobooth could not load. Check your internet connection, then reload the page.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.style.cssText = 'font:inherit;font-weight:700;padding:10px 20px;border:0;border-radius:999px;background:#1f1720;color:#fff;cursor:pointer';
  reload.textContent = words.reload || 'Reload';
  reload.onclick = () => window.location.reload();
  box.append(text, reload);
  document.body.append(box);
  reload.focus();
}

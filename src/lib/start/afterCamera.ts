/**
 * Parts of the booth's prerendered page that wait for the camera's first frame on screen (issue
 * 54's trace): the booth's controls column (some 270 elements: selects, sliders, 37 thumbnails)
 * was parsed, styled and laid out while getUserMedia's replies and the first frame waited for the
 * main thread, and held the picture back by about as much as all the rest of the page together.
 *
 * The prerender (scripts/vite-plugin-camera-first.ts, deferAfterCamera) puts such an element's
 * contents, on the booth's pages only, in a <template> of its own: the parser reads it as inert
 * content, with no style or layout. The early script (src/early.ts) puts it in place once the
 * first camera frame is on screen (or the camera cannot come), before the app's code starts; the
 * app renders the booth afresh anyway (a live screen: src/app/start.tsx).
 */

/** The attribute that marks an element whose contents wait for the camera. */
export const AFTER_CAMERA_ATTR = 'data-after-camera';

/** Puts every waiting element's contents in place (nothing to do on a page that has none, or twice). */
export function revealAfterCamera(doc: Document = document): void {
  for (const host of doc.querySelectorAll(`[${AFTER_CAMERA_ATTR}]`)) {
    const held = host.firstElementChild;
    if (host.childElementCount === 1 && held instanceof HTMLTemplateElement) held.replaceWith(held.content);
  }
}

/**
 * What event mode asks the browser for, asked in one place (never by user agent).
 *
 * Full screen: an iPhone's Safari has no element full screen (`requestFullscreen` is missing and
 * `document.fullscreenEnabled` is not true), and a page in a frame may be refused it. There a
 * "Full screen" button would do nothing, so it is not offered; the booth runs in the window.
 */
export function canFullscreen(): boolean {
  if (typeof document === 'undefined') return false;
  return document.fullscreenEnabled === true && typeof document.documentElement.requestFullscreen === 'function';
}

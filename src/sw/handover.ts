/**
 * The page that hands a tab over to a waiting version (src/sw.ts, at the last tab's navigation).
 *
 * The browser activates a waiting version only once the active one has no event in flight. Asked
 * from inside the navigation's own fetch event, the activation must wait for that event and for
 * the worker to report itself idle, and the page's timed refresh is one more fetch event for the
 * old version: on a loaded machine the two could keep missing each other (the handover stalled
 * past 30 s in CI). So the page asks itself, as the "Reload" button does: once loaded (the fetch
 * event long finished) it tells the waiting version to take over and reloads the moment it is
 * controlled by it (the new version claims its clients on activation). A timed refresh stays as
 * the fallback, slow enough not to keep the old version busy.
 *
 * The page's one inline script is allowed by its own policy, by the script's hash.
 */

/** The fallback refresh, for a browser that runs no script (s). */
export const FALLBACK_REFRESH_S = 3;

/** Runs in the handover page. */
export const HANDOVER_SCRIPT =
  "(function(){var sw=navigator.serviceWorker;if(!sw){return;}" +
  "sw.addEventListener('controllerchange',function(){location.reload();});" +
  "sw.getRegistration().then(function(r){if(r&&r.waiting){r.waiting.postMessage({type:'skip-waiting'});}else{location.reload();}});})();";

/** The CSP source for `script`: its SHA-256, base64. */
export async function scriptHash(script: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script)));
  let bin = '';
  for (const b of digest) bin += String.fromCharCode(b);
  return `'sha256-${btoa(bin)}'`;
}

/** The handover page: its script, the fallback refresh, and the site's icon named (so no /favicon.ico is asked for meanwhile). */
export async function handoverResponse(): Promise<Response> {
  const html =
    `<!doctype html><meta http-equiv="refresh" content="${FALLBACK_REFRESH_S}">` +
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml"><script>${HANDOVER_SCRIPT}</script>`;
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': `default-src 'none'; script-src ${await scriptHash(HANDOVER_SCRIPT)}; img-src 'self'; base-uri 'none'; form-action 'none'`,
    },
  });
}

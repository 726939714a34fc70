/**
 * Event mode in WebKitGTK, driven over WebDriver (./webkit.ts): the host's set-up and PIN, the
 * guest booth's ways in and out, as ./ffEvent.ts does them for Firefox.
 */
import { KEYS, type WebKitSession } from './webkit';

/** An element there, laid out and not hidden (a CSS selector). */
export const isShown = (wk: WebKitSession, css: string) =>
  wk.execute<boolean>((css: string) => {
    const el = document.querySelector<HTMLElement>(css);
    return !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  }, css);

export const waitShown = (wk: WebKitSession, css: string, timeoutMs = 30_000) => wk.waitFor(() => isShown(wk, css), css, timeoutMs);

export const pathIs = async (wk: WebKitSession, re: RegExp) => re.test(new URL(await wk.url()).pathname);

/** Waits until the app has started on the page now loaded, then watches its window errors. */
export async function appReady(wk: WebKitSession, what: string): Promise<void> {
  await wk.waitFor(() => wk.execute(() => document.documentElement.classList.contains('app-ready')), `the app on ${what}`, 30_000);
  await wk.watchErrors();
}

/** Picks an option of a <select> as a person does (a click on it: WebDriver selects it). */
const choose = (wk: WebKitSession, testId: string, value: string) => wk.click(`[data-testid="${testId}"] option[value="${value}"]`);

/** A checkbox of the set-up ticked or not. */
async function setChecked(wk: WebKitSession, testId: string, on: boolean) {
  const css = `[data-testid="${testId}"]`;
  if ((await wk.execute<boolean>((css: string) => document.querySelector<HTMLInputElement>(css)!.checked, css)) !== on) await wk.click(css);
}

/** The set-up (one shot, the shortest countdown, filters the only choice), the PIN twice, "Start the event": resolves on the attract screen, camera live. */
export async function wkStartEvent(wk: WebKitSession, baseURL: string, pin: string): Promise<void> {
  await wk.navigate(`${baseURL}/event`);
  await appReady(wk, '/event');
  await choose(wk, 'event-shots', '1');
  await choose(wk, 'event-countdown', '3');
  await choose(wk, 'event-idle', '60');
  await setChecked(wk, 'event-allow-filters', true);
  await setChecked(wk, 'event-allow-props', false);
  await setChecked(wk, 'event-allow-beauty', false);
  await wk.type('[data-testid="event-pin"]', pin);
  await wk.type('[data-testid="event-pin-again"]', pin);
  await wk.click('[data-testid="event-begin"]');
  await wk.waitFor(() => pathIs(wk, /\/event\/booth$/), 'the guest booth', 30_000);
  await waitShown(wk, '[data-testid="event-attract"]');
  await waitShown(wk, '[data-testid="booth-stage"][data-camera-status="live"]');
}

/** Escape until the PIN dialog is up (a first Escape may only take the browser out of full screen). */
export async function wkAskToLeave(wk: WebKitSession): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await wk.keys(KEYS.Escape);
    const open = await wk.waitFor(() => isShown(wk, '[data-testid="event-leave-dialog"]'), 'the PIN dialog', 1_000).catch(() => false);
    if (open) break;
    if (Date.now() > deadline) throw new Error('Escape did not open the PIN dialog');
  }
  await wk.waitFor(() => wk.execute(() => document.activeElement?.getAttribute('data-testid') === 'event-pin-try'), 'the PIN field focused');
}

/** Types a PIN into the open PIN form and submits it. */
export async function wkTryPin(wk: WebKitSession, pin: string): Promise<void> {
  await wk.type('[data-testid="event-pin-try"]', pin);
  await wk.click('[data-testid="event-pin-submit"]');
}

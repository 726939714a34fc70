/**
 * Event mode in Firefox (issue 51), driven by puppeteer-core over BiDi: the host's set-up and PIN,
 * the guest booth's ways in and out, as tests/e2e/drivers/event.ts does them for Chromium.
 */
import type { Page } from 'puppeteer-core';
import { shown } from './ffSend';

/** A checkbox of the set-up ticked or not. */
async function setChecked(page: Page, testId: string, on: boolean) {
  const sel = `[data-testid="${testId}"]`;
  if ((await page.$eval(sel, (el) => (el as HTMLInputElement).checked)) !== on) await page.locator(sel).click();
}

/** The set-up (one shot, the shortest countdown, filters the only choice), the PIN twice, "Start the event": resolves on the attract screen, camera live. */
export async function ffStartEvent(page: Page, baseURL: string, pin: string): Promise<void> {
  await page.goto(`${baseURL}/event`);
  await page.waitForSelector('html.app-ready');
  await page.select('[data-testid="event-shots"]', '1');
  await page.select('[data-testid="event-countdown"]', '3');
  await page.select('[data-testid="event-idle"]', '60');
  await setChecked(page, 'event-allow-filters', true);
  await setChecked(page, 'event-allow-props', false);
  await setChecked(page, 'event-allow-beauty', false);
  await page.locator('[data-testid="event-pin"]').fill(pin);
  await page.locator('[data-testid="event-pin-again"]').fill(pin);
  await page.locator('[data-testid="event-begin"]').click();
  await page.waitForFunction(() => location.pathname.endsWith('/event/booth'), { timeout: 30_000 });
  await shown(page, '[data-testid="event-attract"]');
  await shown(page, '[data-testid="booth-stage"][data-camera-status="live"]');
}

/** Escape until the PIN dialog is up (a first Escape may only take the browser out of full screen). */
export async function ffAskToLeave(page: Page): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await page.keyboard.press('Escape');
    const open = await page.waitForSelector('[data-testid="event-leave-dialog"]', { visible: true, timeout: 1_000 }).catch(() => null);
    if (open) break;
    if (Date.now() > deadline) throw new Error('Escape did not open the PIN dialog');
  }
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'event-pin-try');
}

/** Types a PIN into the open PIN form and submits it. */
export async function ffTryPin(page: Page, pin: string): Promise<void> {
  await page.locator('[data-testid="event-pin-try"]').fill(pin);
  await page.locator('[data-testid="event-pin-submit"]').click();
}

import { expect, type Page } from '@playwright/test';

/**
 * THE EVENT DRIVER: event mode's screens as a host and a guest use them (the set-up and its PIN,
 * the guest booth's attract, pose and strip screens, the ways out), for every event spec.
 */

export const HOST_PIN = '2468';

export interface EventSetupOptions {
  shots?: 1 | 2 | 3 | 4;
  countdown?: 3 | 5 | 10;
  layout?: string;
  caption?: string;
  /** Seconds before the strip (or pose) screen goes back to attract by itself. */
  idle?: number;
  allow?: Partial<Record<'filters' | 'styles' | 'props' | 'beauty', boolean>>;
  slideshow?: boolean;
  /** Guests may record a video message (of at most `seconds`), with these prompt cards (one per line). */
  messages?: { seconds?: number; prompts?: string };
  pin?: string;
}

/** The host's page, once the app answers (its controls are live). */
export async function openEventPage(page: Page, path = '/event') {
  await page.goto(path);
  await expect(page.locator('html')).toHaveClass(/app-ready/);
}

/** Fills the set-up (only what is asked; the rest stays as stored). */
export async function fillSetup(page: Page, o: EventSetupOptions) {
  if (o.shots) await page.getByTestId('event-shots').selectOption(String(o.shots));
  if (o.countdown) await page.getByTestId('event-countdown').selectOption(String(o.countdown));
  if (o.layout) await page.getByTestId('event-layout').selectOption(o.layout);
  if (o.caption !== undefined) await page.getByTestId('event-caption').fill(o.caption);
  if (o.idle) await page.getByTestId('event-idle').selectOption(String(o.idle));
  for (const [control, on] of Object.entries(o.allow ?? {})) await page.getByTestId(`event-allow-${control}`).setChecked(on);
  if (o.slideshow !== undefined) await page.getByTestId('event-slideshow-on').setChecked(o.slideshow);
  if (o.messages) {
    await page.getByTestId('event-messages-on').check();
    if (o.messages.seconds) await page.getByTestId('event-message-seconds').selectOption(String(o.messages.seconds));
    if (o.messages.prompts !== undefined) await page.getByTestId('event-prompts').fill(o.messages.prompts);
  }
}

/** The PIN, twice, and "Start the event": resolves on the guest booth's attract screen with the camera live. */
export async function startEvent(page: Page, o: EventSetupOptions = {}) {
  await openEventPage(page);
  await fillSetup(page, { shots: 1, countdown: 3, allow: { filters: false, props: false, beauty: false }, ...o });
  const pin = o.pin ?? HOST_PIN;
  await page.getByTestId('event-pin').fill(pin);
  await page.getByTestId('event-pin-again').fill(pin);
  await page.getByTestId('event-begin').click();
  await waitForAttract(page);
}

/** The guest booth's attract screen, its camera live (the booth takes a guest's turn now). */
export async function waitForAttract(page: Page) {
  await expect(page).toHaveURL(/\/event\/booth$/);
  await expect(page.getByTestId('event-attract')).toBeVisible();
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
}

/**
 * One guest's turn with nothing to choose: a tap on the attract screen starts the countdown; resolves
 * once their strip is on screen and kept. `hide`: they press "Don't show mine" at once.
 */
export async function guestTurn(page: Page, { hide = false, done = true }: { hide?: boolean; done?: boolean } = {}) {
  await page.getByTestId('event-start').click();
  const strip = page.getByTestId('event-strip');
  await expect(strip).toBeVisible({ timeout: 60_000 });
  if (hide) {
    await page.getByTestId('event-hide-mine').click();
    await expect(page.getByTestId('event-hide-mine')).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(strip).toHaveAttribute('data-kept', /kept|failed/);
  const kept = await strip.getAttribute('data-kept');
  if (done) {
    await page.getByTestId('event-done').click();
    await expect(page.getByTestId('event-attract')).toBeVisible();
  }
  return kept;
}

export type WayOut = 'escape' | 'corner-keyboard' | 'corner-hold';

/** Asks to leave the guest booth the way a host (or a guest trying) would; resolves with the PIN dialog open. */
export async function askToLeave(page: Page, how: WayOut) {
  const dialog = page.getByTestId('event-leave-dialog');
  if (how === 'escape') {
    // A first Escape may only take the browser out of full screen.
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
  } else if (how === 'corner-keyboard') {
    await page.getByTestId('event-host').focus();
    await page.keyboard.press('Enter');
  } else {
    const box = (await page.getByTestId('event-host').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect(dialog).toBeVisible({ timeout: 5_000 });
    await page.mouse.up();
  }
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('event-pin-try')).toBeFocused();
}

/** Types a PIN into the open PIN form and submits it. */
export async function tryPin(page: Page, pin: string) {
  await page.getByTestId('event-pin-try').fill(pin);
  await page.getByTestId('event-pin-submit').click();
}

import type { Page } from '@playwright/test';
import { launchWithCamera } from './env';
import { expect, expectAccessible, test } from './fixtures';
import { HOST_PIN, openEventPage, startEvent } from './drivers/event';
import { tr } from './i18n';

// Event mode run hands-free (issue 36): a presenter clicker's Page Down and a gamepad button start
// a guest's turn and take the shot; the set-up's button test names what it heard; the second
// screen shows each kept strip within seconds, never one whose guest chose "Don't show mine".
//
// The gamepad is a stand-in: a headless browser has no pad to plug in, so an init script gives
// navigator.getGamepads() one pad whose buttons the test presses (the app reads it as it reads a
// real one: polling the Gamepad API). The keys are real key presses.

test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });

const en = (key: string, params?: Record<string, string | number>) => tr('en', key, params);

async function standInGamepad(page: Page) {
  await page.addInitScript(() => {
    const buttons = Array.from({ length: 8 }, () => ({ pressed: false, touched: false, value: 0 }));
    const pad = { index: 0, id: 'Stand-in pad', connected: true, buttons, axes: [0, 0], mapping: 'standard', timestamp: 0 };
    Object.defineProperty(navigator, 'getGamepads', { value: () => [pad, null, null, null], configurable: true });
    (window as unknown as { pressPad: (i: number) => Promise<void> }).pressPad = async (i: number) => {
      buttons[i]!.pressed = true;
      buttons[i]!.value = 1;
      await new Promise((r) => setTimeout(r, 250)); // held for a quarter of a second, as a thumb does
      buttons[i]!.pressed = false;
      buttons[i]!.value = 0;
      // And let go for a moment before any next press: the app polls the pad (every 50 ms), and a
      // release followed at once by the next press would read as one long press.
      await new Promise((r) => setTimeout(r, 250));
    };
  });
}
const pressPad = (page: Page, button: number) => page.evaluate((b) => (window as unknown as { pressPad: (i: number) => Promise<void> }).pressPad(b), button);

test("the set-up's button test names the key or gamepad button it heard, and whether it starts the booth", async ({ page }) => {
  await standInGamepad(page);
  await openEventPage(page);
  const heard = page.getByTestId('event-trigger-heard');
  await page.getByTestId('event-trigger-listen').click();
  await expect(heard).toHaveText(en('event.triggerPress'));
  await page.keyboard.press('PageDown');
  await expect(heard).toHaveText(en('event.triggerKeyWorks', { key: 'Page Down' }));
  await page.keyboard.press('x');
  await expect(heard).toHaveText(en('event.triggerKeyNot', { key: 'X' }));
  await pressPad(page, 2);
  await expect(heard).toHaveText(en('event.triggerPad', { pad: 1, button: 3 }));
  await expectAccessible(page, 'the set-up with the button test');
});

test('Page Down and a gamepad button run a guest turn; the second screen shows the kept strip within 5 s, never a hidden one', async ({ page, context }) => {
  test.setTimeout(240_000);
  await standInGamepad(page);
  // The second screen, open first, records every strip it ever shows.
  const show = await context.newPage();
  await show.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { seen: Set<string> }).seen = seen;
    new MutationObserver(() => {
      document.querySelectorAll<HTMLElement>('[data-testid="event-show-strip"]').forEach((el) => el.dataset.id && seen.add(el.dataset.id));
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-id'] });
  });
  await openEventPage(show, '/event/show');
  const seen = () => show.evaluate(() => [...(window as unknown as { seen: Set<string> }).seen]);

  await startEvent(page, { shots: 1, countdown: 3, idle: 30, allow: { filters: true, props: false, beauty: false } });
  const booth = page.getByTestId('event-booth');
  const strip = page.getByTestId('event-strip');

  // ---- Guest 1, with a presenter clicker: Page Down starts, Page Down takes the shot. ----
  await page.keyboard.press('PageDown');
  await expect(booth).toHaveAttribute('data-phase', 'pose');
  await page.keyboard.press('PageDown');
  await expect(booth).toHaveAttribute('data-phase', /shooting|composing|strip/);
  await expect(strip).toHaveAttribute('data-kept', 'kept', { timeout: 60_000 });
  const keptAt = Date.now();
  await expect(show.getByTestId('event-show-strip')).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - keptAt, 'on the second screen within 5 s of being kept').toBeLessThan(5_000);
  const first = await show.getByTestId('event-show-strip').getAttribute('data-id');
  await page.getByTestId('event-done').click();

  // ---- Guest 2, with a gamepad: a button starts, a button shoots; they choose "Don't show mine". ----
  await expect(page.getByTestId('event-attract')).toBeVisible();
  await pressPad(page, 0);
  await expect(booth).toHaveAttribute('data-phase', 'pose');
  await pressPad(page, 0);
  await expect(strip).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('event-hide-mine').click();
  await expect(page.getByTestId('event-hide-mine')).toHaveAttribute('aria-pressed', 'true');
  await expect(strip).toHaveAttribute('data-kept', 'kept');
  await page.getByTestId('event-done').click();

  // ---- Guest 3, Page Down again: theirs shows; by then the hidden one would have too. ----
  await expect(page.getByTestId('event-attract')).toBeVisible();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await expect(strip).toHaveAttribute('data-kept', 'kept', { timeout: 60_000 });
  await expect.poll(async () => (await seen()).length, { timeout: 10_000 }).toBe(2);
  await expect(show.getByTestId('event-show')).toHaveAttribute('data-count', '2');
  const ids = await seen();
  expect(ids).toContain(first);

  // The gallery has all three: the hidden strip is kept for the host, only off the screens.
  await page.getByTestId('event-done').click();
  const host = await context.newPage();
  await openEventPage(host);
  await host.getByTestId('event-pin-try').fill(HOST_PIN);
  await host.getByTestId('event-pin-submit').click();
  await expect(host.getByTestId('event-gallery')).toHaveAttribute('data-count', '3');
  expect((await seen()).length, 'the hidden strip never showed').toBe(2);
});

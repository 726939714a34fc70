import { launchWithCamera } from './env';
import { expect, expectAccessible, test } from './fixtures';
import { askToLeave, guestTurn, HOST_PIN, openEventPage, startEvent, tryPin, waitForAttract, type WayOut } from './drivers/event';
import { tr } from './i18n';

// Event mode's kiosk (issue 36): a guest can neither leave the booth nor see the gallery without
// the host PIN, whichever way they try; the host's right PIN leaves.

test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });

const en = (key: string, params?: Record<string, string | number>) => tr('en', key, params);

test('every way out of the guest booth asks for the PIN: none, a wrong one and too many tries keep the booth; the right one leaves', async ({ page, context }) => {
  test.setTimeout(180_000);
  await startEvent(page, { shots: 1, countdown: 3, idle: 30 });
  // One guest's strip in the gallery: what a guest who got out could see or erase.
  expect(await guestTurn(page)).toBe('kept');

  const dialog = page.getByTestId('event-leave-dialog');
  const stillInBooth = async (why: string) => {
    await expect(page, why).toHaveURL(/\/event\/booth$/);
    await expect(page.getByTestId('event-booth'), why).toBeVisible();
    await expect(page.getByTestId('event-gallery'), why).toHaveCount(0);
    await expect(page.getByTestId('event-export'), why).toHaveCount(0);
  };

  // Each way, with no PIN or a wrong one: the booth stays. (Three wrong tries: the next must wait.)
  const tries: [WayOut, string][] = [
    ['escape', ''],
    ['corner-keyboard', '0000'],
    ['corner-hold', '13579'],
  ];
  for (const [way, pin] of tries) {
    await askToLeave(page, way);
    await tryPin(page, pin);
    await expect(page.getByTestId('event-pin-wrong')).toContainText(/\S/);
    await expect(dialog).toBeVisible();
    await stillInBooth(`${way} with ${pin ? 'a wrong PIN' : 'no PIN'}`);
    await page.getByTestId('event-stay').click();
    await expect(dialog).toBeHidden();
    await stillInBooth(`${way}, then Stay`);
  }

  // The browser's Back stays too.
  await page.goBack();
  await stillInBooth('Back');
  await expect(page.getByTestId('event-attract')).toBeVisible();

  // After three wrong tries the next one waits, and says how long: even the right PIN is not taken yet.
  await askToLeave(page, 'escape');
  await expect(page.getByTestId('event-pin-wrong')).toHaveText(/\d+/);
  await expect(page.getByTestId('event-pin-submit')).toBeDisabled();
  await expectAccessible(page, 'the PIN dialog, waiting');

  // Meanwhile, in a second tab: the host's page shows nothing of the gallery until the PIN.
  const second = await context.newPage();
  await openEventPage(second);
  await expect(second.getByTestId('event-locked')).toBeVisible();
  await expect(second.getByTestId('event-gallery')).toHaveCount(0);
  await expect(second.getByTestId('event-thumb')).toHaveCount(0);
  await expect(second.getByTestId('event-export')).toHaveCount(0);
  await expect(second.getByTestId('event-clear')).toHaveCount(0);
  await expect(second.locator('main img')).toHaveCount(0); // (the site's logo is in the header)
  await expectAccessible(second, 'the locked set-up');
  // A booth tab closed and opened again is the booth again, still behind the PIN.
  const reopened = await context.newPage();
  await reopened.goto('/event/booth');
  await waitForAttract(reopened);
  await reopened.close();

  // The wait over, the right PIN leaves, ending the event: the set-up and gallery are back.
  await expect(page.getByTestId('event-pin-submit')).toBeEnabled({ timeout: 15_000 });
  await tryPin(page, HOST_PIN);
  await expect(page).toHaveURL(/\/event$/);
  await expect(page.getByTestId('event-gallery')).toHaveAttribute('data-count', '1');
  // The second tab hears the event end: its set-up and gallery show without a PIN now.
  await expect(second.getByTestId('event-gallery')).toHaveAttribute('data-count', '1');
});

test('the guest booth keeps apart from the host: their tab choices untouched, their saved session never loaded; the host page in another tab unlocks with the PIN', async ({ page, context, requests }) => {
  test.setTimeout(120_000);
  // The host's own booth choices in this tab (a blur and a crown), as their booth leaves them.
  const hostChoices = {
    'photobooth.background': JSON.stringify({ kind: 'blur', backdrop: 'pastel', blur: 80, green: false, tolerance: 40, spill: 50 }),
    'photobooth.prop': JSON.stringify('crown'),
    'photobooth.motion': 'true',
  };
  await openEventPage(page);
  await page.evaluate((c) => Object.entries(c).forEach(([k, v]) => sessionStorage.setItem(k, v)), hostChoices);
  await startEvent(page, { shots: 1, allow: { filters: false, props: true, beauty: false } });
  // The guest's look is the event's: no prop (the P key picks one for this guest only), no background.
  await page.getByTestId('event-start').click();
  await expect(page.getByTestId('event-booth')).toHaveAttribute('data-phase', 'pose');
  await page.keyboard.press('p');
  const readChoices = () => page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, sessionStorage.getItem(k)])), Object.keys(hostChoices));
  expect(await readChoices(), "the guest booth left the host's choices as they were").toEqual(hostChoices);
  // The segmenter (a background's model) never loaded: the guest booth has no background.
  expect(requests.map((r) => r.url).filter((u) => /segment|selfie/i.test(u))).toEqual([]);
  // Nor the visitor's saved session.
  expect(requests.map((r) => r.url).filter((u) => /\/(SessionPersistence|sessionStore)-/.test(u))).toEqual([]);

  const host = await context.newPage();
  await openEventPage(host);
  await expect(host.getByTestId('event-locked')).toBeVisible();
  await host.getByTestId('event-pin-try').fill('9999');
  await host.getByTestId('event-pin-submit').click();
  await expect(host.getByTestId('event-pin-wrong')).toHaveText(en('event.pinWrong'));
  await expect(host.getByTestId('event-gallery')).toHaveCount(0);
  await host.getByTestId('event-pin-try').fill(HOST_PIN);
  await host.getByTestId('event-pin-submit').click();
  await expect(host.getByTestId('event-gallery')).toBeVisible();
  await expect(host.getByTestId('event-running')).toBeVisible();
  // The booth is still running (the guest still on the pose screen), still behind its PIN.
  await expect(page.getByTestId('event-booth')).toHaveAttribute('data-phase', 'pose');
  await askToLeave(page, 'corner-keyboard');
  await expect(page.getByTestId('event-pin-try')).toBeFocused();
});

test.describe('the guest booth’s crash screen', () => {
  // The browser's own line for the missing file (and its preload) is expected here.
  test.use({ allowConsoleErrors: [/404|Failed to load|dynamically imported module/] });

  test('a guest booth that cannot load its screen offers only the reload (no way to the photos or the site), and reloads by itself: the booth comes back with nobody there', async ({ page, context }) => {
    test.setTimeout(120_000);
    await startEvent(page);
    // A REAL FAULT, as after a deploy that removed the file: the guest booth's code answers 404.
    const gone = /\/assets\/EventBoothPage-[^/]+\.js$/;
    await context.route(gone, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.reload();
    const error = page.locator('.screen-error');
    await expect(error).toBeVisible({ timeout: 30_000 });
    await expect(error.getByRole('heading')).toHaveText(en('errors.chunkTitle'));
    // Only the reload: nothing that shows or clears photos, and no header, footer or links out.
    await expect(error.getByRole('button')).toHaveText([en('errors.reload')]);
    await expect(page.locator('header, footer, nav')).toHaveCount(0);
    await expect(page.getByRole('link')).toHaveCount(0);
    // "The booth starts again by itself in N s.", N counting down.
    const [before, after] = en('errors.restartsIn', { n: '#' }).split('#').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    await expect(page.getByTestId('restarts-in')).toHaveText(new RegExp(`^${before}\\d+${after}$`));
    await expectAccessible(page);
    // The file is back: the page reloads by itself (BARE_RELOAD_S) and finds the event as it was.
    await context.unroute(gone);
    await expect(page.getByTestId('event-attract')).toBeVisible({ timeout: 30_000 });
    await waitForAttract(page);
  });
});

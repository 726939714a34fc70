import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { decodeJpeg, expectOverlayStrip, keepOverlayDesign, THREE_WINDOWS } from './helpers/designs';
import { guestTurn, openEventPage, startEvent } from './drivers/event';

// Event mode with the host's own design (issue 39): chosen in the set-up (which takes its three
// shots), every guest's strip is that design, the host's overlay around the guest's photos.
test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });

test("a guest's strip at an event is the host's design: the overlay around their three photos", async ({ page }) => {
  test.setTimeout(120_000);
  await openEventPage(page);
  const id = await keepOverlayDesign(page, 'Our wedding');
  await page.reload();
  await expect(page.getByTestId('event-layout').locator(`option[value="${id}"]`)).toHaveText('Our wedding');
  // Chosen, the design sets the shots to its three slots and has no frame to pick.
  await page.getByTestId('event-layout').selectOption(id);
  await expect(page.getByTestId('event-shots')).toHaveValue('3');
  await expect(page.getByTestId('event-frame')).toHaveCount(0);
  await startEvent(page, { layout: id, shots: 3 });
  await guestTurn(page, { done: false });
  const src = await page.getByTestId('event-strip-image').getAttribute('src');
  const b64 = await page.evaluate(async (url) => {
    const bytes = new Uint8Array(await (await fetch(url!)).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  }, src);
  const strip = decodeJpeg(Buffer.from(b64, 'base64'));
  expect(strip.width / strip.height).toBeCloseTo(1 / 3, 2);
  expectOverlayStrip(strip, THREE_WINDOWS);
});

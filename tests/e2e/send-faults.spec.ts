import { launchWithCamera } from './env';
import { decodeDescription, encodeDescription } from '../../src/features/send/codec';
import { ANSWER_PREFIX } from '../../src/features/send/peer';
import { expect, test } from './fixtures';
import { toStrip } from './drivers/strip';
import { captureSequence } from './helpers/capture';
import { LiveCamera } from './helpers/liveCamera';
import { launchPhone, readQr } from './drivers/phone';
import { qrPicture } from './helpers/qrImage';
import { tr } from './i18n';

// Send to a phone when it cannot work (issue 37): both sides say so in plain words within the
// times the issue sets, and the booth goes on.

const camera = new LiveCamera('face-1280x720.mjpeg');
test.use({ launchOptions: launchWithCamera({ clip: camera.path }) });
// Removed when the worker ends: with fullyParallel a worker may run this file's tests in several groups.
process.on('exit', () => camera.remove());

const en = (key: string) => tr('en', key);

async function boothWithCode(page: import('@playwright/test').Page, times?: { expireMs: number }) {
  await page.goto('/photobooth');
  // (The preview page is reached in the page: what the seam sets holds.)
  if (times) await page.evaluate((t) => window.__pbTest!.send.setTimes(t), times);
  await captureSequence(page, { shots: 1, countdown: 0 });
  await toStrip(page, 1);
  await page.getByTestId('send-open').click();
  await expect(page.getByTestId('send-code')).toBeVisible({ timeout: 20_000 });
}

test('two devices with no path between them: the booth says so within 15 s of reading the code, the phone says what to do, and the booth goes on', async ({ page }) => {
  test.setTimeout(180_000);
  // Simulated, and said so: this machine cannot put the two browsers on different networks, so the
  // test gives each side the other's description with its addresses moved to a reserved, unrouted
  // one (192.0.2.0/24, TEST-NET-1): each side's connection checks then go nowhere, as between a
  // phone on mobile data and a booth on a Wi-Fi with no way in. Everything else is real.
  await boothWithCode(page);
  const url = await readQr(page.getByTestId('send-code'));
  const [origin, offer] = url.split('#') as [string, string];
  const phone = await launchPhone();
  try {
    await phone.page.goto(`${origin}#${unroutable(offer)}`);
    await expect(phone.page.getByTestId('receive-code')).toBeVisible({ timeout: 20_000 });
    const answer = await readQr(phone.page.getByTestId('receive-code'));
    expect(answer.startsWith(ANSWER_PREFIX)).toBe(true);
    camera.show(qrPicture(ANSWER_PREFIX + unroutable(answer.slice(ANSWER_PREFIX.length))));
    const panel = page.getByTestId('send-panel');
    await expect(panel).toHaveAttribute('data-phase', 'connecting', { timeout: 30_000 });
    camera.restore();
    const readAt = Date.now();
    await expect(page.getByTestId('send-failed')).toHaveText(en('send.failedUnreachable'), { timeout: 25_000 });
    expect(Date.now() - readAt, 'said within about 15 s').toBeLessThan(20_000);
    await expect(panel).toHaveAttribute('data-failure', 'unreachable');
    await expect(phone.page.getByTestId('receive-slow')).toHaveText(en('send.receiveSlow'), { timeout: 20_000 });
    // The booth goes on: a new code at once, and the strip page works as before.
    await page.getByTestId('send-again').click();
    await expect(page.getByTestId('send-code')).toBeVisible({ timeout: 20_000 });
    expect(await readQr(page.getByTestId('send-code'))).not.toBe(url);
    await page.getByTestId('send-close').click();
    await expect(page.getByTestId('send-open')).toBeVisible();
  } finally {
    camera.restore();
    await phone.browser.close();
  }
});

/** A description's code with every candidate's address moved to 192.0.2.1 (reserved, unrouted). */
function unroutable(code: string): string {
  const d = decodeDescription(code);
  const sdp = d.sdp.replace(/^(a=candidate:\S+ \d+ udp \d+ )(\S+)/gm, '$1192.0.2.1');
  return encodeDescription({ type: d.type, sdp }, d.id);
}

test('no phone answers: the code expires and says so; an unrelated QR code is ignored with a short notice', async ({ page }) => {
  test.setTimeout(120_000);
  // The offer's lifetime (minutes in the app) shortened through the test seam: waiting it out is the only other way.
  await boothWithCode(page, { expireMs: 15_000 });
  // Someone holds up a QR code that is not a phone's answer (a URL): ignored, with a notice.
  camera.show(qrPicture('https://example.com/not-an-answer'));
  await expect(page.getByTestId('send-bad-code')).toHaveText(en('send.badCode'), { timeout: 20_000 });
  await expect(page.getByTestId('send-panel')).toHaveAttribute('data-phase', 'waiting');
  camera.restore();
  await expect(page.getByTestId('send-failed')).toHaveText(en('send.failedExpired'), { timeout: 30_000 });
  await expect(page.getByTestId('send-viewfinder')).toHaveCount(0);
});

test.describe('Send to a phone’s code missing', () => {
  // The failed requests, and React's report of the error its boundary caught, are expected here.
  test.use({ allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|dynamically imported module/] });

  test('the booth goes on when the code of Send to a phone cannot load: the photos are kept, Continue works, and no error screen', async ({ page }) => {
    // A real failed request: the chunk's fetch is aborted (as when the connection is gone and the
    // file is not cached).
    await page.route(/\/assets\/BoothSend-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/photobooth');
    // React reports the error once the tray has tried to show the button.
    const tried = page.waitForEvent('console', { predicate: (m) => /dynamically imported module/.test(m.text()), timeout: 30_000 });
    await captureSequence(page, { shots: 1, countdown: 0 });
    await tried;
    await expect(page.getByTestId('captured-thumb')).toHaveCount(1);
    await expect(page.locator('.screen-error')).toHaveCount(0);
    await expect(page.getByTestId('send-open')).toHaveCount(0);
    await toStrip(page, 1);
  });
});

import { encodeDescription } from '../../src/features/send/codec';
import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { holdUpToCamera, launchPhone, readQr } from './drivers/phone';
import { openStrip } from './drivers/strip';
import { beforeAppEverywhere, deleting } from './helpers/engineFaults';
import { LiveCamera } from './helpers/liveCamera';
import { tr } from './i18n';

/**
 * Send to a phone on every engine a guest brings (issue 51). A browser with no RTCPeerConnection
 * (WebKitGTK without WebRTC, Firefox or LibreWolf with media.peerconnection.enabled off, Tor
 * Browser) can neither send nor receive: the booth offers no button that cannot work, and the
 * phone's page says so plainly (src/features/send/support.ts, the one check). FAULT SIMULATED:
 * RTCPeerConnection and webkitRTCPeerConnection deleted before the app runs. And a booth whose
 * platform QR reader fails still reads the phone's answer (FAULT SIMULATED: a throwing BarcodeDetector).
 */

const camera = new LiveCamera('face-long-1280x720.mjpeg');
test.use({ launchOptions: launchWithCamera({ clip: camera.path }) });
// Removed when the worker ends: with fullyParallel a worker may run this file's tests in several groups.
process.on('exit', () => camera.remove());

const NO_WEBRTC = deleting('RTCPeerConnection', 'webkitRTCPeerConnection');
const en = (key: string) => tr('en', key);

test('the phone’s page with no WebRTC says so and where to go, never that the code is bad; a damaged code still says it is', async ({ page }) => {
  // A damaged code, WebRTC present: the bad-code sentence.
  await page.goto('/receive#this-is-not-a-booth-code');
  await expect(page.getByTestId('receive-bad')).toHaveText(en('send.receiveBadLink'));
  await expect(page.getByTestId('receive-no-webrtc')).toHaveCount(0);

  // A real offer, made by this browser's WebRTC and cut to a code as the booth does.
  const sdp = await page.evaluate(async () => {
    const pc = new RTCPeerConnection({ iceServers: [] });
    pc.createDataChannel('strip');
    await pc.setLocalDescription(await pc.createOffer());
    await new Promise<void>((resolve) => {
      const done = () => pc.iceGatheringState === 'complete' && resolve();
      pc.addEventListener('icegatheringstatechange', done);
      done();
    });
    const text = pc.localDescription!.sdp;
    pc.close();
    return text;
  });
  const url = `/receive#${encodeDescription({ type: 'offer', sdp }, new Uint8Array([1, 2, 3, 4]))}`;
  // With WebRTC the code is good: the phone shows its answer. (By way of a blank page: a change of
  // fragment alone would not load the page again.)
  await page.goto('about:blank');
  await page.goto(url);
  await expect(page.getByTestId('receive-code')).toBeVisible({ timeout: 20_000 });

  // The same link in a browser with no WebRTC.
  await page.addInitScript({ content: NO_WEBRTC });
  await page.goto('about:blank');
  await page.goto(url);
  expect(await page.evaluate(() => typeof (globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection)).toBe('undefined');
  const said = page.getByTestId('receive-no-webrtc');
  await expect(said).toHaveText(en('send.receiveNoWebrtc'));
  await expect(said).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('receive-bad')).toHaveCount(0);
  await expect(page.getByTestId('receive-code')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('send.receiveTitle'));
});

test('the strip page with no WebRTC offers no Send to phone, says so, and its downloads still work', async ({ page }) => {
  test.setTimeout(120_000);
  await beforeAppEverywhere(page, NO_WEBRTC);
  await openStrip(page, { shots: 1 });
  await expect(page.getByTestId('send-unavailable')).toHaveText(en('send.unavailable'));
  await expect(page.getByTestId('send-open')).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en('strip.downloadJpg') }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.jpg$/);
});

test('with a failing BarcodeDetector, the strip page’s viewfinder still reads the phone’s answer and the strip is sent', async ({ page }) => {
  test.setTimeout(120_000);
  // FAULT SIMULATED on the booth only (the phone is a separate, untouched browser): a platform QR
  // reader, as macOS and Android have, that claims QR codes and throws on every frame.
  await beforeAppEverywhere(
    page,
    `globalThis.BarcodeDetector = class {
      static async getSupportedFormats() { return ['qr_code']; }
      async detect() { throw new DOMException('Simulated: the platform barcode reader failed', 'NotSupportedError'); }
    };`,
  );
  await openStrip(page, { shots: 1 });
  await page.getByTestId('send-open').click();
  const url = await readQr(page.getByTestId('send-code'));
  const phone = await launchPhone();
  try {
    await phone.page.goto(url);
    await holdUpToCamera(phone.page, camera);
    await expect(page.getByTestId('send-panel')).toHaveAttribute('data-phase', /connecting|sending|sent/, { timeout: 30_000 });
    camera.restore();
    await expect(page.getByTestId('send-sent')).toBeVisible({ timeout: 30_000 });
    await expect(phone.page.getByTestId('receive-done')).toBeVisible();
  } finally {
    camera.restore();
    await phone.browser.close();
  }
});

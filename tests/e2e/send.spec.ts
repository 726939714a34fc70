import { launchWithCamera } from './env';
import { expect, expectAccessible, expectOnlyOwnOrigin, test } from './fixtures';
import { openStrip } from './drivers/strip';
import { LiveCamera } from './helpers/liveCamera';
import { fileSha, holdUpToCamera, launchPhone, readQr } from './drivers/phone';
import type { Page } from '@playwright/test';
import { guestTurn, startEvent } from './drivers/event';
import { openBooth } from './drivers/booth';
import { keepAndDownload, record } from './helpers/message';

// Send to a phone with no server (issue 37), for real: the booth (this browser, its fake camera
// playing a file the test rewrites) and a phone (a second, separate Chromium with no camera, a
// 390×844 touch screen). The booth's QR code is read from a screenshot; the phone opens it; the
// phone's answer code is read from its screenshot and shown to the booth's camera by writing its
// picture into the camera's file. The strip goes over a direct data channel.

const camera = new LiveCamera('face-long-1280x720.mjpeg');
test.use({ launchOptions: launchWithCamera({ clip: camera.path }) });
// Removed when the worker ends: with fullyParallel a worker may run this file's tests in several groups.
process.on('exit', () => camera.remove());


test('from the strip page: the strip arrives on the phone byte-identical to the download, with no server in between', async ({ page, requests, baseURL }) => {
  test.setTimeout(180_000);
  await openStrip(page, { shots: 2 });

  // The booth's own download: the JPG the phone must receive, byte for byte.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /JPG/ }).first().click()]);
  const boothSha = fileSha(await download.path());

  await page.getByTestId('send-open').click();
  const code = page.getByTestId('send-code');
  await expect(code).toBeVisible({ timeout: 20_000 });
  const url = await readQr(code);
  expect(url.startsWith(`${baseURL}/receive#`), url).toBe(true);
  await expect(page.getByTestId('send-viewfinder')).toBeVisible();
  await expectAccessible(page, 'the send panel with its code and viewfinder');

  const phone = await launchPhone();
  try {
    await phone.page.goto(url);
    await expect(phone.page.getByTestId('receive-code')).toBeVisible({ timeout: 20_000 });
    await expectAccessible(phone.page, 'the phone showing its code');
    await holdUpToCamera(phone.page, camera);
    await expect(page.getByTestId('send-panel')).toHaveAttribute('data-phase', /connecting|sending|sent/, { timeout: 30_000 });
    camera.restore();
    await expect(page.getByTestId('send-sent')).toBeVisible({ timeout: 30_000 });
    // The viewfinder closed with the send.
    await expect(page.getByTestId('send-viewfinder')).toHaveCount(0);

    await expect(phone.page.getByTestId('receive-done')).toBeVisible();
    await expect(phone.page.getByTestId('receive-strip')).toBeVisible();
    // The strip, then each photo: what the strip page's downloads give.
    await expect(phone.page.getByTestId('receive-done')).toHaveAttribute('data-files', '3');
    await expectAccessible(phone.page, 'the phone with its strip');
    const [received] = await Promise.all([phone.page.waitForEvent('download'), phone.page.getByTestId('receive-save').first().click()]);
    expect(fileSha(await received.path()), 'the phone has exactly the booth\'s download').toBe(boothSha);
    // The same name, but for its time (hours and minutes: the two were named a moment apart).
    const untimed = (name: string) => name.replace(/-\d{4}(?=(-[a-z]+)?\.jpg$)/, '');
    expect(untimed(received.suggestedFilename())).toBe(untimed(download.suggestedFilename()));
    expect(untimed(download.suggestedFilename())).toMatch(/^photobooth-\d{4}-\d{2}-\d{2}-hd\.jpg$/);

    // Nothing went to any server: no request from either side but GETs of the app itself.
    expectOnlyOwnOrigin(requests, baseURL!);
    expectOnlyOwnOrigin(phone.requests.map((r) => ({ ...r, resourceType: '' })), baseURL!);
    expect([...requests, ...phone.requests].filter((r) => r.method !== 'GET')).toEqual([]);
  } finally {
    camera.restore();
    await phone.browser.close();
  }
});

test('from an event guest\'s strip screen: each guest gets their own strip, the next guest\'s never reaches the last phone', async ({ page }) => {
  test.setTimeout(240_000);
  await startEvent(page, { shots: 1, countdown: 3, idle: 60 });
  const phones = [await launchPhone(), await launchPhone()];
  const got: string[][] = [[], []];
  try {
    for (const [guest, phone] of phones.entries()) {
      expect(await guestTurn(page, { done: false })).toBe('kept');
      // The strip as this guest's Download gives it.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('event-download').click()]);
      const stripSha = fileSha(await download.path());
      await sendTo(page, phone.page);
      const [received] = await Promise.all([phone.page.waitForEvent('download'), phone.page.getByTestId('receive-save').click()]);
      got[guest]!.push(fileSha(await received.path()));
      expect(got[guest]![0], `guest ${guest + 1} has their own strip`).toBe(stripSha);
      await page.getByTestId('event-done').click();
      await expect(page.getByTestId('event-attract')).toBeVisible();
    }
    expect(got[0]![0]).not.toBe(got[1]![0]);
    // The first phone still shows one strip: the second guest's never reached it.
    await expect(phones[0]!.page.getByTestId('receive-done')).toHaveAttribute('data-files', '1');
  } finally {
    camera.restore();
    for (const p of phones) await p.browser.close();
  }
});

test.describe('a video message', () => {
  // The booth's fake microphone (Chromium's own tone): granted, as a guest would.
  test.use({ permissions: ['camera', 'microphone'] });

  test('from an event guest’s message screen: the phone receives the message byte-identical to its download, and plays it', async ({ page }) => {
    test.setTimeout(240_000);
    await startEvent(page, { shots: 1, countdown: 3, idle: 60, messages: { seconds: 10 } });
    await page.getByTestId('event-start').click();
    await record(page, 2, 'event-message');
    await page.getByTestId('message-keep').click();
    await expect(page.getByTestId('event-strip')).toHaveAttribute('data-kind', 'message');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('event-download').click()]);
    await phoneGetsMessage(page, fileSha(await download.path()));
  });

  test('from the booth page: a kept message goes to the phone with Send to a phone, byte-identical to its download', async ({ page }) => {
    test.setTimeout(240_000);
    await openBooth(page);
    await record(page, 2);
    const path = await keepAndDownload(page);
    await phoneGetsMessage(page, fileSha(path));
  });
});

/**
 * The booth's Send to a phone, opened, to `phone`: it opens the booth's code, the booth's camera
 * is shown the phone's answer, and the files arrive on the phone.
 */
async function sendTo(page: Page, phone: Page) {
  await page.getByTestId('send-open').click();
  await phone.goto(await readQr(page.getByTestId('send-code')));
  await holdUpToCamera(phone, camera);
  await expect(page.getByTestId('send-panel')).toHaveAttribute('data-phase', /connecting|sending|sent/, { timeout: 30_000 });
  camera.restore();
  await expect(phone.getByTestId('receive-done')).toBeVisible({ timeout: 60_000 });
}

/** The booth's Send to a phone with a message on offer: the phone gets it, byte for byte, and can play it. */
async function phoneGetsMessage(page: Page, messageSha: string) {
  const phone = await launchPhone();
  try {
    await sendTo(page, phone.page);
    await expect(phone.page.getByTestId('receive-done')).toHaveAttribute('data-files', '1');
    const video = phone.page.getByTestId('receive-video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000, message: 'the phone can play it' }).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(1.5);
    await expectAccessible(phone.page, 'the phone with a video message');
    const [received] = await Promise.all([phone.page.waitForEvent('download'), phone.page.getByTestId('receive-save').click()]);
    expect(received.suggestedFilename()).toMatch(/-message(-\d+)?\.mp4$/);
    expect(fileSha(await received.path()), 'the phone has exactly the booth’s download').toBe(messageSha);
  } finally {
    camera.restore();
    await phone.browser.close();
  }
}

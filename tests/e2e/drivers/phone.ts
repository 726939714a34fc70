import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chromium, expect, type Browser, type Locator, type Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { BASE_ARGS } from '../env';
import type { LiveCamera } from '../helpers/liveCamera';

/**
 * THE PHONE DRIVER: a guest's phone as a second, separate Chromium (no camera, a 390×844 touch
 * screen), and the two QR codes between it and the booth, read as a person's camera would: from
 * screenshots, decoded here, and (the phone's answer) shown to the booth's fake camera for real.
 */

// The reader's WebAssembly from the package on disk: its default is a CDN, and nothing here goes to the network.
prepareZXingModule({ overrides: { wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')) } });

export async function launchPhone(): Promise<{ browser: Browser; page: Page; requests: { url: string; method: string }[] }> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: BASE_ARGS });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, acceptDownloads: true });
  const page = await context.newPage();
  const requests: { url: string; method: string }[] = [];
  page.on('request', (r) => requests.push({ url: r.url(), method: r.method() }));
  return { browser, page, requests };
}

/** What a screenshot of `locator` shows, decoded. */
async function pixels(locator: Locator) {
  const shot = jpeg.decode(await locator.screenshot({ type: 'jpeg', quality: 100 }), { useTArray: true });
  return { width: shot.width, height: shot.height, data: shot.data };
}

/** The text of the QR code a screenshot of `locator` shows (zxing-wasm decodes the PNG itself). */
export async function readQr(locator: Locator): Promise<string> {
  const png = await locator.screenshot({ type: 'png' });
  const [found] = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
  if (!found?.text) throw new Error('No QR code in the screenshot');
  return found.text;
}

/** The phone's answer code, from a screenshot of its screen, shown to the booth's camera. */
export async function holdUpToCamera(phone: Page, camera: LiveCamera) {
  const code = phone.getByTestId('receive-code');
  await expect(code).toBeVisible({ timeout: 20_000 });
  camera.show(await pixels(code));
}

export const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const fileSha = (path: string) => sha256(readFileSync(path));

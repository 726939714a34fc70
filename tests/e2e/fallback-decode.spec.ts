import jpeg from 'jpeg-js';
import { qrMatrix } from '../../src/features/send/qrEncode';
import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { openBooth } from './drivers/booth';
import { layers, openDesigner } from './drivers/designer';
import { BACKGROUND, expectMagentaBackground, untilBackgroundChanges } from './helpers/backgrounds';
import { freeze } from './helpers/beauty';
import { beforeAppEverywhere, deleting, watchWorkers } from './helpers/engineFaults';
import { keepPreview } from './helpers/props';
import { tr } from './i18n';

/**
 * Decoding on every engine a guest brings (issue 51): pictures, and QR codes.
 *
 * A browser with no WebCodecs ImageDecoder (Safari, and Firefox before 133): a JPEG a visitor
 * gives is decoded whole by the browser instead of at a reduced scale (src/lib/picture/jpegScaled.ts
 * `jpegScaledHere`, the one check). FAULT SIMULATED: ImageDecoder is deleted before the app runs,
 * on the page and in every worker (the backdrop is read in the picture worker, the designer's
 * picture on its page), and each test checks the deletion took where the picture was read.
 */
test.use({ launchOptions: launchWithCamera({ clip: 'face-closeup-1280x720.mjpeg' }) });

test.describe('no ImageDecoder', () => {
  test.beforeEach(({ page }) => beforeAppEverywhere(page, deleting('ImageDecoder')));

  /** A camera-sized magenta JPEG (baseline, 4:2:0), as a phone's photo would come. */
  function magentaJpeg(width = 2000, height = 1500): Buffer {
    const data = Buffer.alloc(width * height * 4);
    for (let i = 0; i < data.length; i += 4) [data[i], data[i + 1], data[i + 2], data[i + 3]] = [255, 0, 255, 255];
    return Buffer.from(jpeg.encode({ width, height, data }, 90).data);
  }

  test('with no ImageDecoder, a JPEG given to the background picker becomes the backdrop on the preview', async ({ page }) => {
    test.setTimeout(120_000);
    const workers = watchWorkers(page);
    await openBooth(page, { drawn: true });
    expect(await page.evaluate(() => typeof (globalThis as { ImageDecoder?: unknown }).ImageDecoder)).toBe('undefined');
    await freeze(page);
    await keepPreview(page, 'none');
    await page.getByTestId('background-file').setInputFiles({ name: 'magenta.jpg', mimeType: 'image/jpeg', buffer: magentaJpeg() });
    await expect(page.getByTestId('background-picker')).toHaveAttribute('data-background', 'custom');
    await expect(page.getByTestId('background-custom')).toBeChecked();
    // The picture worker read it, and it had no ImageDecoder either.
    const reader = workers.get('picture');
    expect(reader, 'the picture worker read the picture').toBeDefined();
    expect(await reader!.evaluate(() => typeof (globalThis as { ImageDecoder?: unknown }).ImageDecoder)).toBe('undefined');
    await untilBackgroundChanges(page, 'none', BACKGROUND[0]!);
    await keepPreview(page, 'custom');
    await expectMagentaBackground(page, 'custom');
  });

  test('with no ImageDecoder, a JPEG logo given to the designer is added and drawn on the design', async ({ page }) => {
    await openDesigner(page);
    expect(await page.evaluate(() => typeof (globalThis as { ImageDecoder?: unknown }).ImageDecoder)).toBe('undefined');
    const canvas = page.getByTestId('designer-canvas');
    /** Share of the design's pixels on screen that are magenta, as a person sees them. */
    const magentaShare = async () => {
      const shot = jpeg.decode(await canvas.screenshot({ type: 'jpeg', quality: 95 }), { useTArray: true });
      let n = 0;
      for (let i = 0; i < shot.data.length; i += 4) if (shot.data[i]! > 200 && shot.data[i + 1]! < 70 && shot.data[i + 2]! > 200) n++;
      return n / (shot.width * shot.height);
    };
    expect(await magentaShare()).toBe(0);
    const before = (await layers(page)).length;
    await page.getByTestId('designer-picture-input').setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: magentaJpeg(1200, 800) });
    await expect(page.getByTestId('designer-message')).toHaveText(tr('en', 'designer.msg.pictureAdded'));
    await expect.poll(async () => (await layers(page)).filter((l) => l.kind === 'picture').length).toBe(1);
    expect((await layers(page)).length).toBe(before + 1);
    await expect.poll(magentaShare, { message: 'the logo is drawn on the design' }).toBeGreaterThan(0.02);
  });
});

/**
 * QR codes: the booth reads the phone's answer with zxing-wasm in a worker; the browser's own
 * BarcodeDetector is preferred only where it has one that reads QR codes (src/features/send/
 * qrProtocol.ts nativeQrDetector, the one check), and one that fails hands over to zxing for good.
 * Chromium on Linux has no BarcodeDetector; macOS and Android browsers do.
 */
test.describe('QR codes whatever BarcodeDetector does', () => {
  /** A platform reader that says it reads QR codes, then fails on every frame (counted). */
  const THROWING_DETECTOR = `
    globalThis.__detectCalls = 0;
    globalThis.BarcodeDetector = class {
      static async getSupportedFormats() { return ['qr_code']; }
      async detect() {
        globalThis.__detectCalls++;
        throw new DOMException('Simulated: the platform barcode reader failed', 'NotSupportedError');
      }
    };`;
  const ANSWER = 'PBA:GAECAwQEYmNkZRhhYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3hbmi5BfNATiK9iDsRXGbPoLZBG-jxxjgXSa6kUxz_gWAEF';

  /** A phone's answer code in a camera-sized frame, read by the booth's QR reader (through the test seam). */
  async function readAnswer(page: import('@playwright/test').Page): Promise<string[]> {
    const { size, dark } = qrMatrix(ANSWER);
    const rows = Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => (dark(x, y) ? '1' : '0')).join(''));
    return page.evaluate(async (rows) => {
      const canvas = new OffscreenCanvas(1280, 720);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#777';
      ctx.fillRect(0, 0, 1280, 720);
      const px = 6;
      ctx.fillStyle = '#fff';
      ctx.fillRect(400, 100, (rows.length + 8) * px, (rows.length + 8) * px);
      ctx.fillStyle = '#000';
      rows.forEach((row, y) => [...row].forEach((m, x) => m === '1' && ctx.fillRect(400 + (x + 4) * px, 100 + (y + 4) * px, px, px)));
      return window.__pbTest!.qr.read(canvas.transferToImageBitmap());
    }, rows);
  }

  test('with no BarcodeDetector anywhere, the booth reads a phone’s answer code', async ({ page }) => {
    // FAULT SIMULATED: BarcodeDetector deleted on the page and in every worker (it is absent in
    // Chromium on Linux already; deleting it keeps the test true where a Chromium has one).
    await beforeAppEverywhere(page, deleting('BarcodeDetector'));
    const workers = watchWorkers(page);
    await page.goto('/');
    await page.waitForFunction(() => window.__pbTest !== undefined);
    expect(await readAnswer(page)).toEqual([ANSWER]);
    expect(await workers.get('qrReader')!.evaluate(() => typeof (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector)).toBe('undefined');
  });

  test('with a BarcodeDetector that fails on every frame, the booth still reads a phone’s answer code', async ({ page }) => {
    // FAULT SIMULATED: a BarcodeDetector that claims QR codes and throws on detect, on the page and in every worker.
    await beforeAppEverywhere(page, THROWING_DETECTOR);
    const workers = watchWorkers(page);
    await page.goto('/');
    await page.waitForFunction(() => window.__pbTest !== undefined);
    expect(await readAnswer(page)).toEqual([ANSWER]);
    expect(await readAnswer(page)).toEqual([ANSWER]);
    // The worker asked its platform reader first, once: after it failed, zxing read both frames.
    expect(await workers.get('qrReader')!.evaluate(() => (globalThis as unknown as { __detectCalls: number }).__detectCalls)).toBe(1);
  });
});

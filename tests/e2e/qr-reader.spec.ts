import { qrMatrix } from '../../src/features/send/qrEncode';
import { expect, expectOnlyOwnOrigin, test } from './fixtures';

/**
 * The booth's QR reader in the built app (the test build's seam hands it a picture): its worker
 * decodes a code drawn in the page with zxing, whose WebAssembly is the app's own hashed asset,
 * never the CDN zxing-wasm fetches from by default. No service worker here (the config blocks
 * them), so the .wasm seen is the reader's own request.
 */

/** The code's rows as strings of '1' (dark) and '0', to draw in the page. */
function rows(text: string): string[] {
  const { size, dark } = qrMatrix(text);
  return Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => (dark(x, y) ? '1' : '0')).join(''));
}

const PHONE_ANSWER = 'PBA:GAECAwQEYmNkZRhhYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3hbmi5BfNATiK9iDsRXGbPoLZBG-jxxjgXSa6kUxz_gWAEF';
const RECEIVE_URL = `https://photobooth.example/ja/receive#${'x9_Q-'.repeat(40)}`; // 238 characters

test('the QR reader decodes in its worker with our own WebAssembly, and nothing leaves the origin', async ({ page, requests, baseURL }) => {
  await page.goto('/');
  await page.waitForFunction(() => window.__pbTest !== undefined);

  const readDrawn = (code: string[] | null, modulePx: number) =>
    page.evaluate(
      async ({ code, modulePx }) => {
        // A 1280×720 camera-like frame (grey, the code in white with its quiet zone, off-centre),
        // so the worker scales it down to 960 px as it does the live camera's frames.
        const canvas = new OffscreenCanvas(1280, 720);
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = '#777';
        ctx.fillRect(0, 0, 1280, 720);
        if (code) {
          const side = (code.length + 8) * modulePx;
          const [x0, y0] = [400, (720 - side) / 2];
          ctx.fillStyle = '#fff';
          ctx.fillRect(x0, y0, side, side);
          ctx.fillStyle = '#000';
          code.forEach((row, y) => [...row].forEach((m, x) => m === '1' && ctx.fillRect(x0 + (x + 4) * modulePx, y0 + (y + 4) * modulePx, modulePx, modulePx)));
        }
        return window.__pbTest!.qr.read(canvas.transferToImageBitmap());
      },
      { code, modulePx },
    );

  expect(await readDrawn(rows(PHONE_ANSWER), 6)).toEqual([PHONE_ANSWER]);
  expect(await readDrawn(rows(RECEIVE_URL), 5)).toEqual([RECEIVE_URL]); // version 10: 3.75 px a module once scaled
  expect(await readDrawn(null, 1)).toEqual([]);

  // One frame at a time: a frame offered while one is read is dropped (closed, no codes).
  const both = await page.evaluate(async (code) => {
    const frame = () => {
      const c = new OffscreenCanvas(400, 400);
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 400, 400);
      ctx.fillStyle = '#000';
      code.forEach((row, y) => [...row].forEach((m, x) => m === '1' && ctx.fillRect((x + 4) * 8, (y + 4) * 8, 8, 8)));
      return c.transferToImageBitmap();
    };
    const second = frame();
    const results = await Promise.all([window.__pbTest!.qr.read(frame()), window.__pbTest!.qr.read(second)]);
    return { results, secondClosed: second.width === 0 };
  }, rows('PBA:one-at-a-time'));
  expect(both).toEqual({ results: [['PBA:one-at-a-time'], []], secondClosed: true });

  const wasm = requests.filter((r) => r.url.endsWith('.wasm'));
  expect(wasm.map((r) => new URL(r.url).pathname)).toEqual([expect.stringMatching(/^\/assets\/zxing_reader-[\w-]+\.wasm$/)]);
  expect(wasm.every((r) => new URL(r.url).origin === new URL(baseURL!).origin)).toBe(true);
  expectOnlyOwnOrigin(requests, baseURL!);
});

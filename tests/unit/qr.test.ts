import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { qrMatrix, qrPath } from '../../src/features/send/qrEncode';
import { qrPicture } from '../e2e/helpers/qrImage';

// The codes the booth and the phone show, read back by the reader the booth uses (zxing, its
// WebAssembly from the package on disk: nothing here touches the network).
beforeAll(() => {
  // No fetch at all here: zxing must take the binary it is given, never look for its file.
  vi.stubGlobal('fetch', (url: unknown) => Promise.reject(new Error(`fetch(${String(url)}) in a unit test`)));
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) } });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** `n` base64url characters, the same on every run. */
function payload(n: number, seed = 1): string {
  let x = seed;
  let s = '';
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    s += BASE64URL[x >>> 26];
  }
  return s;
}

/** RGBA pixels as zxing takes them (node has no ImageData: zxing reads any { data, width, height }). */
const pixels = (data: Uint8ClampedArray, width: number, height: number) => ({ data, width, height }) as unknown as ImageData;

/** The code of `text` as raw RGBA pixels: `px` pixels a module, a 4-module white quiet zone. */
function rasterise(text: string, px: number): ImageData {
  const { size, dark } = qrMatrix(text);
  const side = (size + 8) * px;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (!dark(Math.floor(x / px) - 4, Math.floor(y / px) - 4)) continue;
      data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return pixels(data, side, side);
}

const read = async (text: string, px: number) => {
  const jpg = jpeg.encode(qrPicture(text, px), 90).data;
  return (await readBarcodes(new Uint8Array(jpg), { formats: ['QRCode'] })).map((r) => r.text);
};

describe('QR codes', () => {
  it('a ~250-character receive URL round-trips from raw pixels, at the smallest version at level L, in byte mode', async () => {
    const url = `https://photobooth.example/receive#${payload(200)}`;
    expect(url.length).toBe(235);
    const { size } = qrMatrix(url);
    expect(size).toBe(57); // version 10: the smallest that holds 235 bytes at L (M would need 11)
    const results = await readBarcodes(rasterise(url, 4), { formats: ['QRCode'] });
    expect(results.map((r) => [r.isValid, r.text, r.version, r.hasECI])).toEqual([[true, url, '10', false]]);
    expect(['L', 'M', 'Q', 'H']).toContain(results[0]!.ecLevel); // L, or more where version 10 has room
  });

  it('every length a send can produce stays readable: 300 characters at 3 px a module', async () => {
    const url = `https://photobooth.example/receive#${payload(265, 7)}`;
    expect(url.length).toBe(300);
    const results = await readBarcodes(rasterise(url, 3), { formats: ['QRCode'] });
    expect(results.map((r) => r.text)).toEqual([url]);
  });

  it("a receive URL with an offer (~150 characters) round-trips, even at 3 px a module through a JPEG", async () => {
    const url = `https://photobooth.example/ja/receive#${'EAECAwQEWGg0ZhgzUmtRcFg5djFMbU44c1QydVd5WjVhQmNbmi5BfNATiK9iDsRXGbPoLZBG-jxxjgXSa6kUxz_gWAIAwKgBF8g'}`;
    expect(await read(url, 3)).toEqual([url]);
  });

  it("a phone's answer round-trips", async () => {
    const answer = 'PBA:GAECAwQEYmNkZRhhYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3hbmi5BfNATiK9iDsRXGbPoLZBG-jxxjgXSa6kUxz_gWAEF';
    expect(await read(answer, 4)).toEqual([answer]);
  });

  it('text outside ASCII is byte mode in UTF-8, and reads back as it was', async () => {
    const text = 'Photobooth — 写真 ✓';
    const results = await readBarcodes(rasterise(text, 4), { formats: ['QRCode'] });
    expect(results.map((r) => r.text)).toEqual([text]);
  });

  it('the SVG path draws modules inside a 4-module quiet zone', () => {
    const { path, side } = qrPath('hello');
    expect(side).toBe(21 + 8);
    expect(path.startsWith('M4 4')).toBe(true); // the finder pattern's corner
    expect(path).not.toMatch(/M[0-3] |M\d+ [0-3]h/); // nothing drawn in the quiet zone
  });

  it('a picture with no code reads nothing', async () => {
    const white = new Uint8ClampedArray(200 * 200 * 4).fill(255);
    expect(await readBarcodes(pixels(white, 200, 200), { formats: ['QRCode'] })).toEqual([]);
    const jpg = jpeg.encode({ width: 200, height: 200, data: Buffer.from(white) }, 90).data;
    expect(await readBarcodes(new Uint8Array(jpg), { formats: ['QRCode'] })).toEqual([]);
  });
});

// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jpeg from 'jpeg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { qrPath } from '../../src/features/send/qrEncode';
import { qrPicture } from '../e2e/helpers/qrImage';

// The codes the booth and the phone show, read back by the reader the booth uses (zxing, its
// WebAssembly from the package on disk: nothing here touches the network).
beforeAll(() => {
  prepareZXingModule({ overrides: { wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')) } });
});

const read = async (text: string, px: number) => {
  const jpg = jpeg.encode(qrPicture(text, px), 90).data;
  return (await readBarcodes(new Uint8Array(jpg), { formats: ['QRCode'] })).map((r) => r.text);
};

describe('QR codes', () => {
  it("a receive URL with an offer (~150 characters) round-trips, even at 3 px a module", async () => {
    const url = `https://photobooth.example/ja/receive#${'EAECAwQEWGg0ZhgzUmtRcFg5djFMbU44c1QydVd5WjVhQmNbmi5BfNATiK9iDsRXGbPoLZBG-jxxjgXSa6kUxz_gWAIAwKgBF8g'}`;
    expect(await read(url, 3)).toEqual([url]);
  });

  it("a phone's answer round-trips", async () => {
    const answer = 'PBA:GAECAwQEYmNkZRhhYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3hbmi5BfNATiK9iDsRXGbPoLZBG-jxxjgXSa6kUxz_gWAEF';
    expect(await read(answer, 4)).toEqual([answer]);
  });

  it('the SVG path draws modules inside a 4-module quiet zone', () => {
    const { path, side } = qrPath('hello');
    expect(side).toBe(21 + 8);
    expect(path.startsWith('M4 4')).toBe(true); // the finder pattern's corner
  });

  it('a picture with no code reads nothing', async () => {
    const blank = { width: 200, height: 200, data: Buffer.alloc(200 * 200 * 4, 255) };
    expect(await readBarcodes(new Uint8Array(jpeg.encode(blank, 90).data), { formats: ['QRCode'] })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { exifOrientation, readPictureHeader, uprightSize, type PictureHeader } from '../../src/lib/picture/header';
import { heifFile } from '../e2e/helpers/heif';

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
const le32 = (n: number) => [...le16(n & 0xffff), ...le16(n >>> 16)];
const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (w: number, h: number, depth = 8, type = 6, interlace = 0) => bytes(PNG_SIG, be32(13), 'IHDR', be32(w), be32(h), [depth, type, 0, 0, interlace], [0, 0, 0, 0]);

/** A JPEG's start: SOI, then the given segments, then a SOF0 of w×h. */
function jpeg(w: number, h: number, segments: number[][] = [], sof = 0xc0) {
  return bytes([0xff, 0xd8], ...segments, [0xff, sof, 0, 17, 8, h >> 8, h & 255, w >> 8, w & 255, 3], new Array(9).fill(0));
}
const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255, ...body];
/** An APP1 EXIF block with one orientation entry, little- or big-endian. */
function exif(orientation: number, le = true) {
  const s16 = (n: number) => (le ? le16(n) : [n >> 8, n & 255]);
  const s32 = (n: number) => (le ? le32(n) : be32(n));
  const tiff = [...(le ? [0x49, 0x49] : [0x4d, 0x4d]), ...s16(42), ...s32(8), ...s16(2), ...s16(0x010f), ...s16(2), ...s32(1), ...s32(0), ...s16(0x0112), ...s16(3), ...s32(1), ...s16(orientation), 0, 0, ...s32(0)];
  return segment(0xe1, [...bytes('Exif', [0, 0]), ...tiff]);
}

const header = (b: Uint8Array) => readPictureHeader(b) as PictureHeader;

describe('readPictureHeader', () => {
  it('reads a PNG’s IHDR: size, bit depth, colour type and interlacing', () => {
    expect(header(png(16000, 9000, 16, 2, 1))).toEqual({ format: 'png', width: 16000, height: 9000, orientation: 1, png: { bitDepth: 16, colourType: 2, interlaced: true } });
    expect(header(png(100000, 100000, 8, 3))).toMatchObject({ width: 100000, height: 100000, png: { colourType: 3, interlaced: false } });
  });

  it('refuses a PNG header that is not one PNG allows, or a zero size', () => {
    expect(readPictureHeader(png(10, 10, 16, 3))).toBeNull(); // no 16-bit palettes
    expect(readPictureHeader(png(10, 10, 4, 6))).toBeNull();
    expect(readPictureHeader(png(10, 10, 8, 6, 2))).toBeNull();
    expect(readPictureHeader(png(0, 10))).toBeNull();
    const notIhdr = png(10, 10);
    notIhdr[12] = 'X'.charCodeAt(0);
    expect(readPictureHeader(notIhdr)).toBeNull();
  });

  it('reads a JPEG’s frame header past other segments, with any SOFn but DHT, JPG and DAC', () => {
    const app0 = segment(0xe0, [...bytes('JFIF', [0]), ...new Array(9).fill(0)]);
    const dqt = segment(0xdb, new Array(65).fill(1));
    const dht = segment(0xc4, new Array(30).fill(0)); // C4 looks like a SOF but is a Huffman table
    expect(header(jpeg(8000, 6000, [app0, dqt, dht]))).toEqual({ format: 'jpeg', width: 8000, height: 6000, orientation: 1 });
    expect(header(jpeg(640, 480, [], 0xc2))).toMatchObject({ width: 640, height: 480 }); // progressive
    expect(header(jpeg(640, 480, [[0xff, 0xff, 0xff]]))).toMatchObject({ width: 640 }); // fill bytes
  });

  it('reads the EXIF orientation, in either byte order, and says which sizes it swaps', () => {
    for (const o of [1, 3, 6, 8]) {
      for (const le of [true, false]) expect(header(jpeg(4000, 3000, [exif(o, le)])).orientation).toBe(o);
    }
    expect(uprightSize(header(jpeg(4000, 3000, [exif(6)])))).toEqual({ width: 3000, height: 4000 });
    expect(uprightSize(header(jpeg(4000, 3000, [exif(3)])))).toEqual({ width: 4000, height: 3000 });
    expect(exifOrientation(bytes('II', [42, 0], le32(8), le16(1), le16(0x0112), le16(3), le32(1), le16(9), [0, 0]))).toBe(1); // out of range
    expect(exifOrientation(bytes('XX', [0, 0, 0, 0, 0, 0]))).toBe(1);
  });

  it('asks for more of a JPEG when its frame header lies beyond the bytes given', () => {
    const big = segment(0xe2, new Array(60_000).fill(7)); // e.g. a colour profile
    const file = jpeg(4032, 3024, [exif(6), big]);
    const short = readPictureHeader(file.subarray(0, 1000));
    expect(short).toEqual({ need: expect.any(Number) });
    const need = (short as { need: number }).need;
    expect(need).toBeGreaterThan(1000);
    expect(need).toBeLessThanOrEqual(file.length);
    // Given what it asked for (and again, as often as it asks), it finds the frame.
    let got = readPictureHeader(file.subarray(0, need));
    while (got && 'need' in got) got = readPictureHeader(file.subarray(0, got.need));
    expect(got).toEqual({ format: 'jpeg', width: 4032, height: 3024, orientation: 6 });
  });

  it('gives up on a JPEG whose data starts before any frame header', () => {
    expect(readPictureHeader(bytes([0xff, 0xd8], segment(0xda, [1, 2, 3]), new Array(20).fill(0)))).toBeNull();
    expect(readPictureHeader(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 1], new Array(20).fill(0)))).toBeNull(); // length < 2
  });

  it('reads GIF, WebP (lossy, lossless, extended) and BMP sizes', () => {
    expect(header(bytes('GIF89a', le16(500), le16(300), new Array(10).fill(0)))).toEqual({ format: 'gif', width: 500, height: 300, orientation: 1 });
    const riff = (kind: string, body: number[]) => bytes('RIFF', le32(100), 'WEBP', kind, le32(body.length), body, new Array(16).fill(0));
    expect(header(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(1920), ...le16(1080)]))).toMatchObject({ format: 'webp', width: 1920, height: 1080 });
    const bits = (16383 - 1) | ((9000 - 1) << 14);
    expect(header(riff('VP8L', [0x2f, ...le32(bits)]))).toMatchObject({ width: 16383, height: 9000 });
    expect(header(riff('VP8X', [0, 0, 0, 0, 0x7f, 0x3e, 0, 0x27, 0x23, 0]))).toMatchObject({ width: 16000, height: 9000 });
    const bmp = (h: number) => bytes('BM', new Array(12).fill(0), le32(40), le32(800), le32(h >>> 0), new Array(20).fill(0));
    expect(header(bmp(600))).toEqual({ format: 'bmp', width: 800, height: 600, orientation: 1 });
    expect(header(bmp(-600))).toMatchObject({ height: 600 }); // stored top-down
  });

  it('knows nothing of other files, and asks for more of a very short one', () => {
    expect(readPictureHeader(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readPictureHeader(bytes('RIFF', le32(4), 'WAVE', 'fmt '))).toBeNull();
    expect(readPictureHeader(bytes(PNG_SIG))).toEqual({ need: 12 });
    expect(readPictureHeader(png(10, 10).subarray(0, 20))).toEqual({ need: 29 });
  });
});

describe('AVIF and HEIC (src/lib/picture/heif.ts)', () => {
  it('reads the largest ispe as the size (the picture, not its tiles or thumbnail), and the format from the brands', () => {
    const avif = heifFile({ brands: ['avif', 'mif1', 'miaf'], sizes: [[320, 240], [20000, 15000], [512, 512]] });
    expect(header(avif)).toEqual({ format: 'avif', width: 20000, height: 15000, orientation: 1 });
    expect(header(heifFile({ brands: ['heic', 'mif1'], sizes: [[4032, 3024]] }))).toEqual({ format: 'heic', width: 4032, height: 3024, orientation: 1 });
    // A brand met only among the compatible ones.
    expect(header(heifFile({ brands: ['mif1', 'avif'], sizes: [[10, 20]] }))).toMatchObject({ format: 'avif' });
  });

  it('reads irot as an orientation: a quarter turn swaps the upright size', () => {
    const turned = header(heifFile({ brands: ['heic'], sizes: [[4032, 3024]], rotation: 3 }));
    expect(turned.orientation).toBe(6);
    expect(uprightSize(turned)).toEqual({ width: 3024, height: 4032 });
    expect(header(heifFile({ brands: ['heic'], sizes: [[4032, 3024]], rotation: 1 })).orientation).toBe(8);
    expect(header(heifFile({ brands: ['heic'], sizes: [[4032, 3024]], rotation: 2 })).orientation).toBe(3);
  });

  it('asks for more bytes when the meta box goes past them; null for other brands, or no size', () => {
    const whole = heifFile({ brands: ['avif'], sizes: [[20000, 15000]] });
    expect(readPictureHeader(whole.subarray(0, 40))).toMatchObject({ need: expect.any(Number) });
    const need = (readPictureHeader(whole.subarray(0, 40)) as { need: number }).need;
    expect(need).toBeLessThanOrEqual(whole.length);
    expect(header(whole.subarray(0, need))).toMatchObject({ width: 20000 });
    expect(readPictureHeader(heifFile({ brands: ['isom', 'mp41'], sizes: [[100, 100]] }))).toBeNull(); // an MP4
    expect(readPictureHeader(heifFile({ brands: ['avif'], sizes: [] }))).toBeNull();
  });
});

import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePngScaled, PngTooLargeError, type PngStreamLimits } from '../../src/lib/picture/pngStream';
import { PngFormatError } from '../../src/lib/picture/pngRows';

/**
 * The streaming PNG reader against PNGs written here, by a small independent encoder: every
 * colour type and bit depth, all five row filters, Adam7, files cut into odd pieces, and the
 * ways a file can be broken or lie.
 */

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

interface Picture {
  width: number;
  height: number;
  depth: number;
  type: number;
  interlace?: boolean;
  /** Samples of each pixel (at the bit depth), row by row. */
  pixels: number[][];
  plte?: number[];
  trns?: number[];
}

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const chunk = (type: string, data: ArrayLike<number>) => [...be32(data.length), ...[...type].map((c) => c.charCodeAt(0)), ...Array.from(data), 0, 0, 0, 0];

/** One row's bytes: the samples packed big-endian at the bit depth. */
function pack(samples: number[], depth: number): number[] {
  if (depth === 16) return samples.flatMap((s) => [s >> 8, s & 255]);
  if (depth === 8) return samples;
  const out = new Array(Math.ceil((samples.length * depth) / 8)).fill(0);
  samples.forEach((s, i) => (out[(i * depth) >> 3] |= s << (8 - depth - ((i * depth) & 7))));
  return out;
}

function filterRow(type: number, row: number[], prev: number[], bpp: number): number[] {
  const a = (i: number) => (i >= bpp ? row[i - bpp]! : 0);
  const c = (i: number) => (i >= bpp ? prev[i - bpp]! : 0);
  const paeth = (i: number) => {
    const p = a(i) + prev[i]! - c(i);
    const [pa, pb, pc] = [Math.abs(p - a(i)), Math.abs(p - prev[i]!), Math.abs(p - c(i))];
    return pa <= pb && pa <= pc ? a(i) : pb <= pc ? prev[i]! : c(i);
  };
  const predict = [() => 0, a, (i: number) => prev[i]!, (i: number) => (a(i) + prev[i]!) >> 1, paeth][type]!;
  return [type, ...row.map((v, i) => (v - predict(i)) & 255)];
}

/** The PNG file of `p`, each row filtered by the next of the five filters in turn; IDAT split every `idatSize` bytes. */
function encode(p: Picture, idatSize = 1 << 20): Uint8Array {
  const bpp = Math.max(1, (CHANNELS[p.type]! * p.depth) >> 3);
  const raw: number[] = [];
  let filter = 0;
  const passes = p.interlace ? ADAM7 : [[0, 0, 1, 1]];
  for (const [x0, y0, dx, dy] of passes) {
    let prev: number[] | null = null;
    for (let y = y0!; y < p.height; y += dy!) {
      const samples: number[] = [];
      for (let x = x0!; x < p.width; x += dx!) samples.push(...p.pixels[y * p.width + x]!);
      if (!samples.length) continue;
      const row = pack(samples, p.depth);
      raw.push(...filterRow(filter++ % 5, row, prev ?? new Array(row.length).fill(0), bpp));
      prev = row;
    }
  }
  const z = deflateSync(Uint8Array.from(raw));
  const idats: number[] = [];
  for (let i = 0; i < z.length; i += idatSize) idats.push(...chunk('IDAT', z.subarray(i, i + idatSize)));
  return Uint8Array.from([
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...chunk('IHDR', [...be32(p.width), ...be32(p.height), p.depth, p.type, 0, 0, p.interlace ? 1 : 0]),
    ...chunk('tEXt', [...'Comment\0made here'].map((c) => c.charCodeAt(0))),
    ...(p.plte ? chunk('PLTE', p.plte) : []),
    ...(p.trns ? chunk('tRNS', p.trns) : []),
    ...idats,
    ...chunk('IEND', []),
  ]);
}

/** What each pixel of `p` looks like over white, RGB 0–255, worked out independently of the reader. */
function expected(p: Picture): number[] {
  const max = (1 << p.depth) - 1;
  const to8 = (v: number) => (p.depth === 16 ? v >> 8 : p.depth === 8 ? v : Math.round((v * 255) / max));
  const over = (c: number, a: number) => 255 - Math.round(((255 - c) * a) / 255);
  const key = p.trns && p.type !== 3 ? Array.from({ length: p.trns.length / 2 }, (_, i) => (p.trns![2 * i]! << 8) | p.trns![2 * i + 1]!) : null;
  return p.pixels.flatMap((s) => {
    if (key && s.every((v, i) => v === key[i])) return [255, 255, 255];
    if (p.type === 0) return [to8(s[0]!), to8(s[0]!), to8(s[0]!)];
    if (p.type === 2) return s.map(to8);
    if (p.type === 3) {
      const a = p.trns?.[s[0]!] ?? 255;
      return [0, 1, 2].map((c) => over(p.plte![s[0]! * 3 + c]!, a));
    }
    if (p.type === 4) return [0, 0, 0].map(() => over(to8(s[0]!), to8(s[1]!)));
    return [0, 1, 2].map((c) => over(to8(s[c]!), to8(s[3]!)));
  });
}

/** Each pixel of `p` with its own transparency, RGBA 0–255 (a clear pixel is 0, 0, 0, 0). */
function expectedRgba(p: Picture): number[] {
  const max = (1 << p.depth) - 1;
  const to8 = (v: number) => (p.depth === 16 ? v >> 8 : p.depth === 8 ? v : Math.round((v * 255) / max));
  const key = p.trns && p.type !== 3 ? Array.from({ length: p.trns.length / 2 }, (_, i) => (p.trns![2 * i]! << 8) | p.trns![2 * i + 1]!) : null;
  return p.pixels.flatMap((s) => {
    const [r, g, b, a] =
      p.type === 3
        ? [...[0, 1, 2].map((c) => p.plte![s[0]! * 3 + c]!), p.trns?.[s[0]!] ?? 255]
        : key && s.every((v, i) => v === key[i])
          ? [0, 0, 0, 0]
          : p.type === 0
            ? [to8(s[0]!), to8(s[0]!), to8(s[0]!), 255]
            : p.type === 2
              ? [...s.map(to8), 255]
              : p.type === 4
                ? [to8(s[0]!), to8(s[0]!), to8(s[0]!), to8(s[1]!)]
                : s.map(to8);
    return a === 0 ? [0, 0, 0, 0] : [r!, g!, b!, a!];
  });
}

/** A stream handing out `file` in pieces of `size` bytes. */
function streamOf(file: Uint8Array, size = 64 * 1024): ReadableStream<Uint8Array<ArrayBuffer>> {
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= file.length) return c.close();
      c.enqueue(file.slice(at, (at += size)));
    },
  });
}

let seed = 1;
const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 8) % n;
const LIMITS: PngStreamLimits = { maxSide: 4096, maxPixels: 300e6, maxPictureSide: 65535 };

function randomPicture(type: number, depth: number, interlace: boolean, width = 13, height = 11): Picture {
  const max = (1 << depth) - 1;
  const colours = type === 3 ? 1 << depth : 0;
  const pixels = Array.from({ length: width * height }, () => Array.from({ length: CHANNELS[type]! }, () => rand(type === 3 ? colours : max + 1)));
  const p: Picture = { width, height, depth, type, interlace, pixels };
  if (type === 3) {
    p.plte = Array.from({ length: colours * 3 }, () => rand(256));
    p.trns = Array.from({ length: Math.max(1, colours >> 1) }, () => rand(256));
  }
  // A transparent colour that some pixels have.
  if (type === 0 || type === 2) p.trns = pixels[5]!.flatMap((v) => [v >> 8, v & 255]);
  return p;
}

async function rgbOf(file: Uint8Array, limits = LIMITS, piece?: number) {
  const out = await decodePngScaled(streamOf(file, piece), limits);
  const rgb: number[] = [];
  for (let i = 0; i < out.data.length; i += 4) {
    rgb.push(out.data[i]!, out.data[i + 1]!, out.data[i + 2]!);
    expect(out.data[i + 3]).toBe(255);
  }
  return { ...out, rgb };
}

describe('decodePngScaled', () => {
  const LAYOUTS = [
    ...[1, 2, 4, 8, 16].map((d) => [0, d]),
    [2, 8],
    [2, 16],
    ...[1, 2, 4, 8].map((d) => [3, d]),
    [4, 8],
    [4, 16],
    [6, 8],
    [6, 16],
  ] as const;
  for (const interlace of [false, true]) {
    for (const [type, depth] of LAYOUTS) {
      it(`reads colour type ${type} at ${depth} bits${interlace ? ', Adam7' : ''} exactly, over white`, async () => {
        const p = randomPicture(type, depth, interlace);
        const out = await rgbOf(encode(p), LIMITS, 7);
        expect([out.width, out.height, out.srcWidth, out.srcHeight]).toEqual([13, 11, 13, 11]);
        expect(out.rgb).toEqual(expected(p));
      });
    }
  }

  for (const interlace of [false, true]) {
    for (const [type, depth] of LAYOUTS) {
      it(`keeps the transparency of colour type ${type} at ${depth} bits${interlace ? ', Adam7' : ''} when asked`, async () => {
        const p = randomPicture(type, depth, interlace);
        const out = await decodePngScaled(streamOf(encode(p), 7), { ...LIMITS, alpha: true });
        expect(Array.from(out.data)).toEqual(expectedRgba(p));
      });
    }
  }

  it('with its transparency kept, a box’s colour is weighted by alpha: a clear pixel’s colour counts for nothing', async () => {
    // Opaque red beside clear blue, half-clear green beside clear black: 2×2 → 1×1 per row pair.
    const p: Picture = { width: 4, height: 2, depth: 8, type: 6, pixels: [] };
    for (let y = 0; y < 2; y++) p.pixels.push([255, 0, 0, 255], [0, 0, 255, 0], [0, 255, 0, 128], [0, 0, 0, 0]);
    const out = await decodePngScaled(streamOf(encode(p)), { ...LIMITS, alpha: true, maxSide: 2 });
    expect([out.width, out.height]).toEqual([2, 1]);
    expect(Array.from(out.data)).toEqual([255, 0, 0, 128, 0, 255, 0, 64]);
  });

  it('averages each output pixel’s box: four quadrants stay four colours, stripes turn grey', async () => {
    const Q = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 0]];
    const quads: Picture = { width: 400, height: 300, depth: 8, type: 2, pixels: [] };
    for (let y = 0; y < 300; y++) for (let x = 0; x < 400; x++) quads.pixels.push(Q[(y < 150 ? 0 : 2) + (x < 200 ? 0 : 1)]!);
    for (const interlace of [false, true]) {
      const out = await rgbOf(encode({ ...quads, interlace }, 500), { ...LIMITS, maxSide: 40 });
      expect([out.width, out.height]).toEqual([40, 30]);
      for (const [x, y, q] of [[0, 0, 0], [39, 0, 1], [0, 29, 2], [39, 29, 3], [19, 14, 0], [20, 15, 3]] as const) expect(out.rgb.slice((y * 40 + x) * 3, (y * 40 + x) * 3 + 3)).toEqual(Q[q]);
    }
    const stripes: Picture = { width: 64, height: 8, depth: 8, type: 0, pixels: [] };
    for (let i = 0; i < 64 * 8; i++) stripes.pixels.push([i % 2 ? 255 : 0]);
    const grey = await rgbOf(encode(stripes), { ...LIMITS, maxSide: 32 });
    expect(new Set(grey.rgb)).toEqual(new Set([128]));
  });

  it('reads a picture cut into many IDAT chunks and handed over a byte at a time', async () => {
    const p = randomPicture(6, 8, false, 40, 30);
    const out = await rgbOf(encode(p, 17), LIMITS, 1);
    expect(out.rgb).toEqual(expected(p));
  });

  it('refuses a header over the limits before reading any pixel', async () => {
    const p = randomPicture(2, 8, false, 8, 8);
    const file = encode(p);
    const lie = file.slice();
    lie.set(be32(100_000), 16);
    lie.set(be32(100_000), 20);
    await expect(decodePngScaled(streamOf(lie), LIMITS)).rejects.toBeInstanceOf(PngTooLargeError);
    await expect(decodePngScaled(streamOf(file), { ...LIMITS, maxPictureSide: 7 })).rejects.toBeInstanceOf(PngTooLargeError);
  });

  it('refuses a picture with fewer rows than its header says, a cut file, and what is not a PNG', async () => {
    const p = randomPicture(2, 8, false, 30, 20);
    const file = encode(p);
    const taller = file.slice();
    taller.set(be32(21), 20); // one row more than there is
    await expect(decodePngScaled(streamOf(taller), LIMITS)).rejects.toBeInstanceOf(PngFormatError);
    const cut = file.slice(0, file.length - 40);
    await expect(decodePngScaled(streamOf(cut), LIMITS)).rejects.toThrow();
    await expect(decodePngScaled(streamOf(new TextEncoder().encode('not a picture at all, not at all')), LIMITS)).rejects.toBeInstanceOf(PngFormatError);
    const noPalette = encode({ ...randomPicture(3, 8, false), plte: undefined, trns: undefined });
    await expect(decodePngScaled(streamOf(noPalette), LIMITS)).rejects.toBeInstanceOf(PngFormatError);
  });

  it('needs nothing after the last row: a missing IEND or trailing junk does not matter', async () => {
    const p = randomPicture(6, 8, false, 20, 10);
    const file = encode(p);
    const noEnd = file.slice(0, file.length - 12);
    expect((await rgbOf(noEnd)).rgb).toEqual(expected(p));
  });

  it('stops when its signal fires', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('stop', 'AbortError'));
    await expect(decodePngScaled(streamOf(encode(randomPicture(2, 8, false))), LIMITS, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

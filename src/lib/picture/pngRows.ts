import type { PngLayout } from './header';

/**
 * One PNG row at a time: its filter undone against the row before (the only other row kept), and
 * its pixels turned into RGB laid over white (what a transparent picture shows on a white page).
 * Every colour type and bit depth of PNG: grey, RGB, palette, grey + alpha and RGBA; 16-bit
 * samples by their high byte; transparency from an alpha channel or a tRNS chunk.
 */

/** A PNG that cannot be read (broken, or not what its header says). */
export class PngFormatError extends Error {
  override name = 'PngFormatError';
}

/** Samples a pixel has for each colour type. */
export const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Bytes in a row of `width` pixels (without its filter byte). */
export function rowBytes(layout: PngLayout, width: number): number {
  return Math.ceil((width * PNG_CHANNELS[layout.colourType]! * layout.bitDepth) / 8);
}

/** The filter's "bytes per pixel": whole bytes of one pixel, at least 1. */
export function filterStep(layout: PngLayout): number {
  return Math.max(1, (PNG_CHANNELS[layout.colourType]! * layout.bitDepth) >> 3);
}

/** Undoes a row's filter in place; `prev` is the row above, unfiltered (zeros for a pass's first). */
export function unfilter(type: number, row: Uint8Array, prev: Uint8Array, bpp: number): void {
  const n = row.length;
  switch (type) {
    case 0:
      return;
    case 1:
      for (let i = bpp; i < n; i++) row[i] = row[i]! + row[i - bpp]!;
      return;
    case 2:
      for (let i = 0; i < n; i++) row[i] = row[i]! + prev[i]!;
      return;
    case 3:
      for (let i = 0; i < bpp; i++) row[i] = row[i]! + (prev[i]! >> 1);
      for (let i = bpp; i < n; i++) row[i] = row[i]! + ((row[i - bpp]! + prev[i]!) >> 1);
      return;
    case 4:
      for (let i = 0; i < bpp; i++) row[i] = row[i]! + prev[i]!;
      for (let i = bpp; i < n; i++) {
        const a = row[i - bpp]!;
        const b = prev[i]!;
        const c = prev[i - bpp]!;
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        row[i] = row[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      return;
    default:
      throw new PngFormatError(`Unknown PNG row filter ${type}`);
  }
}

/** `c` seen through alpha `a` over white. */
const overWhite = (c: number, a: number) => 255 - (((255 - c) * a + 127) / 255 | 0);

/** Turns one unfiltered row of `count` pixels into `rgb`: RGB over white, 3 bytes a pixel (rowToRgb), or RGBA, 4 (rowToRgba). */
export type RowToRgb = (row: Uint8Array, count: number, rgb: Uint8Array) => void;

/**
 * The converter for a PNG's layout, its palette (PLTE) and its transparency (tRNS), or a
 * PngFormatError when a palette picture has no palette.
 */
export function rowToRgb(layout: PngLayout, plte: Uint8Array | null, trns: Uint8Array | null): RowToRgb {
  const { colourType: type, bitDepth: depth } = layout;
  const wide = depth === 16;
  const step = wide ? 2 : 1; // bytes per sample (8 and 16 bits)
  if (type === 3 || (type === 0 && depth < 8)) {
    // One sample a pixel, maybe packed several to a byte: through a 256-entry table of RGB.
    const table = new Uint8Array(256 * 3);
    if (type === 3) {
      if (!plte || plte.length < 3) throw new PngFormatError('A palette PNG without a palette');
      for (let i = 0; i < 256; i++) {
        if (i * 3 + 2 >= plte.length) break; // an index past the palette: black (left zero)
        const a = trns && i < trns.length ? trns[i]! : 255;
        for (let c = 0; c < 3; c++) table[i * 3 + c] = overWhite(plte[i * 3 + c]!, a);
      }
    } else {
      const max = (1 << depth) - 1;
      const key = trns && trns.length >= 2 ? ((trns[0]! << 8) | trns[1]!) : -1;
      for (let v = 0; v <= max; v++) table.fill(v === key ? 255 : Math.round((v * 255) / max), v * 3, v * 3 + 3);
    }
    if (depth === 8) {
      return (row, count, rgb) => {
        for (let i = 0, o = 0; i < count; i++, o += 3) {
          const t = row[i]! * 3;
          rgb[o] = table[t]!;
          rgb[o + 1] = table[t + 1]!;
          rgb[o + 2] = table[t + 2]!;
        }
      };
    }
    const mask = (1 << depth) - 1;
    const perByte = 8 / depth;
    return (row, count, rgb) => {
      for (let i = 0; i < count; i++) {
        const v = (row[(i / perByte) | 0]! >> (8 - depth - (i % perByte) * depth)) & mask;
        rgb[i * 3] = table[v * 3]!;
        rgb[i * 3 + 1] = table[v * 3 + 1]!;
        rgb[i * 3 + 2] = table[v * 3 + 2]!;
      }
    };
  }
  const sample = (row: Uint8Array, k: number) => (wide ? (row[k]! << 8) | row[k + 1]! : row[k]!);
  if (type === 0) {
    const key = trns && trns.length >= 2 ? ((trns[0]! << 8) | trns[1]!) : -1;
    return (row, count, rgb) => {
      for (let i = 0; i < count; i++) {
        const k = i * step;
        const v = key >= 0 && sample(row, k) === key ? 255 : row[k]!;
        rgb[i * 3] = rgb[i * 3 + 1] = rgb[i * 3 + 2] = v;
      }
    };
  }
  if (type === 2) {
    const key = trns && trns.length >= 6 ? [(trns[0]! << 8) | trns[1]!, (trns[2]! << 8) | trns[3]!, (trns[4]! << 8) | trns[5]!] : null;
    return (row, count, rgb) => {
      for (let i = 0; i < count; i++) {
        const k = i * 3 * step;
        const clear = key !== null && sample(row, k) === key[0] && sample(row, k + step) === key[1] && sample(row, k + 2 * step) === key[2];
        rgb[i * 3] = clear ? 255 : row[k]!;
        rgb[i * 3 + 1] = clear ? 255 : row[k + step]!;
        rgb[i * 3 + 2] = clear ? 255 : row[k + 2 * step]!;
      }
    };
  }
  if (type === 4) {
    return (row, count, rgb) => {
      for (let i = 0; i < count; i++) {
        const k = i * 2 * step;
        rgb[i * 3] = rgb[i * 3 + 1] = rgb[i * 3 + 2] = overWhite(row[k]!, row[k + step]!);
      }
    };
  }
  if (type === 6) {
    return (row, count, rgb) => {
      for (let i = 0; i < count; i++) {
        const k = i * 4 * step;
        const a = row[k + 3 * step]!;
        rgb[i * 3] = overWhite(row[k]!, a);
        rgb[i * 3 + 1] = overWhite(row[k + step]!, a);
        rgb[i * 3 + 2] = overWhite(row[k + 2 * step]!, a);
      }
    };
  }
  throw new PngFormatError(`Unknown PNG colour type ${type}`);
}

/**
 * The converter for a picture whose transparency is kept (a design's overlay): one unfiltered row
 * into RGBA, 4 bytes a pixel, alpha straight (not premultiplied); the same layouts as rowToRgb.
 */
export function rowToRgba(layout: PngLayout, plte: Uint8Array | null, trns: Uint8Array | null): RowToRgb {
  const { colourType: type, bitDepth: depth } = layout;
  const step = depth === 16 ? 2 : 1;
  const sample = (row: Uint8Array, k: number) => (step === 2 ? (row[k]! << 8) | row[k + 1]! : row[k]!);
  if (type === 3 || (type === 0 && depth < 8)) {
    const table = new Uint8Array(256 * 4);
    if (type === 3) {
      if (!plte || plte.length < 3) throw new PngFormatError('A palette PNG without a palette');
      for (let i = 0; i < 256 && i * 3 + 2 < plte.length; i++) {
        table.set([plte[i * 3]!, plte[i * 3 + 1]!, plte[i * 3 + 2]!, trns && i < trns.length ? trns[i]! : 255], i * 4);
      }
    } else {
      const max = (1 << depth) - 1;
      const key = trns && trns.length >= 2 ? ((trns[0]! << 8) | trns[1]!) : -1;
      for (let v = 0; v <= max; v++) {
        const g = Math.round((v * 255) / max);
        table.set([g, g, g, v === key ? 0 : 255], v * 4);
      }
    }
    const mask = (1 << depth) - 1;
    const perByte = 8 / depth;
    return (row, count, rgba) => {
      for (let i = 0, o = 0; i < count; i++, o += 4) {
        const t = (depth === 8 ? row[i]! : (row[(i / perByte) | 0]! >> (8 - depth - (i % perByte) * depth)) & mask) * 4;
        rgba[o] = table[t]!;
        rgba[o + 1] = table[t + 1]!;
        rgba[o + 2] = table[t + 2]!;
        rgba[o + 3] = table[t + 3]!;
      }
    };
  }
  // Samples per pixel, and where alpha is among them (-1: none, or a tRNS colour key).
  const channels = type === 0 ? 1 : type === 2 ? 3 : type === 4 ? 2 : type === 6 ? 4 : 0;
  if (!channels) throw new PngFormatError(`Unknown PNG colour type ${type}`);
  const hasAlpha = type === 4 || type === 6;
  const keyLength = type === 0 ? 2 : 6;
  const key = !hasAlpha && trns && trns.length >= keyLength ? Array.from({ length: keyLength / 2 }, (_, c) => (trns[c * 2]! << 8) | trns[c * 2 + 1]!) : null;
  return (row, count, rgba) => {
    for (let i = 0, o = 0; i < count; i++, o += 4) {
      const k = i * channels * step;
      const grey = channels < 3;
      rgba[o] = row[k]!;
      rgba[o + 1] = grey ? row[k]! : row[k + step]!;
      rgba[o + 2] = grey ? row[k]! : row[k + 2 * step]!;
      if (hasAlpha) rgba[o + 3] = row[k + (channels - 1) * step]!;
      else rgba[o + 3] = key !== null && key.every((v, c) => sample(row, k + c * step) === v) ? 0 : 255;
    }
  };
}

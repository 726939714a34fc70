/**
 * A picture's size read from the first bytes of its file, before anything is decoded: PNG (IHDR),
 * JPEG (the first SOFn marker, and the EXIF orientation), GIF (the logical screen), WebP (VP8,
 * VP8L, VP8X), BMP, and AVIF and HEIC (./heif.ts). Pure: bytes in, numbers out.
 */
import { readHeif } from './heif';

export type PictureFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'avif' | 'heic';

export interface PngLayout {
  /** Bits per sample: 1, 2, 4, 8 or 16. */
  bitDepth: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
  colourType: number;
  /** Adam7 interlacing. */
  interlaced: boolean;
}

export interface PictureHeader {
  format: PictureFormat;
  /** The size as stored (before the orientation is applied). */
  width: number;
  height: number;
  /** EXIF orientation, 1–8 (1: as stored; 5–8 swap width and height). Always 1 but for JPEG and HEIF (irot). */
  orientation: number;
  /** PNG only: how its pixels are laid out. */
  png?: PngLayout;
}

/** The header needs more of the file than was given: at least `need` bytes from the start. */
export interface NeedMore {
  need: number;
}

/** The size a person sees: width and height swapped for EXIF orientations 5–8. */
export function uprightSize(h: Pick<PictureHeader, 'width' | 'height' | 'orientation'>): { width: number; height: number } {
  return h.orientation >= 5 && h.orientation <= 8 ? { width: h.height, height: h.width } : { width: h.width, height: h.height };
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));
const starts = (b: Uint8Array, sig: readonly number[]) => sig.every((v, i) => b[i] === v);

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PNG's allowed bit depths per colour type. */
const PNG_DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

function png(b: Uint8Array): PictureHeader | NeedMore | null {
  if (b.length < 29) return { need: 29 };
  if (u32be(b, 8) !== 13 || ascii(b, 12, 4) !== 'IHDR') return null;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  const [bitDepth, colourType, compression, filter, interlace] = [b[24]!, b[25]!, b[26]!, b[27]!, b[28]!];
  if (!PNG_DEPTHS[colourType]?.includes(bitDepth) || compression !== 0 || filter !== 0 || interlace > 1) return null;
  return { format: 'png', width, height, orientation: 1, png: { bitDepth, colourType, interlaced: interlace === 1 } };
}

/** The orientation tag (0x0112) of an EXIF block (APP1 after "Exif\0\0"), 1 when absent or odd. */
export function exifOrientation(tiff: Uint8Array): number {
  if (tiff.length < 8) return 1;
  const le = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!le && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return 1;
  const r16 = (i: number) => (le ? u16le(tiff, i) : u16be(tiff, i));
  const r32 = (i: number) => (le ? u32le(tiff, i) : u32be(tiff, i));
  const ifd = r32(4);
  if (ifd + 2 > tiff.length) return 1;
  const count = r16(ifd);
  for (let e = 0; e < count; e++) {
    const at = ifd + 2 + e * 12;
    if (at + 12 > tiff.length) break;
    if (r16(at) !== 0x0112) continue;
    const value = r16(at + 8); // a SHORT: the first two bytes of the value field
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}

/** Start-of-frame markers: C0–CF but DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpeg(b: Uint8Array): PictureHeader | NeedMore | null {
  let orientation = 1;
  let at = 2;
  for (;;) {
    if (at + 4 > b.length) return { need: at + 4 };
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Markers without a length (RSTn, TEM); an image's data (SOS, EOI) before any frame: broken.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    const body = at + 4;
    const end = at + 2 + length;
    if (isSof(marker)) {
      if (body + 5 > b.length) return { need: body + 5 };
      const height = u16be(b, body + 1);
      const width = u16be(b, body + 3);
      return { format: 'jpeg', width, height, orientation };
    }
    if (marker === 0xe1 && orientation === 1) {
      if (end > b.length) return { need: end };
      if (ascii(b, body, 6) === 'Exif\0\0') orientation = exifOrientation(b.subarray(body + 6, end));
    }
    at = end;
  }
}

function gif(b: Uint8Array): PictureHeader | NeedMore | null {
  if (b.length < 10) return { need: 10 };
  return { format: 'gif', width: u16le(b, 6), height: u16le(b, 8), orientation: 1 };
}

function webp(b: Uint8Array): PictureHeader | NeedMore | null {
  if (b.length < 30) return { need: 30 };
  const kind = ascii(b, 12, 4);
  if (kind === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { format: 'webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff, orientation: 1 };
  }
  if (kind === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = u32le(b, 21);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, orientation: 1 };
  }
  if (kind === 'VP8X') return { format: 'webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1, orientation: 1 };
  return null;
}

function bmp(b: Uint8Array): PictureHeader | NeedMore | null {
  if (b.length < 26) return { need: 26 };
  const dib = u32le(b, 14);
  if (dib === 12) return { format: 'bmp', width: u16le(b, 18), height: u16le(b, 20), orientation: 1 };
  if (dib < 40) return null;
  const height = u32le(b, 22) | 0; // negative: stored top-down
  return { format: 'bmp', width: u32le(b, 18) | 0, height: Math.abs(height), orientation: 1 };
}

/**
 * The picture's format and size from the first bytes of its file: a header, `{ need }` when more
 * bytes are needed (a JPEG's frame header may come after large EXIF or colour-profile blocks), or
 * null when it is none of the formats known here (or broken). A zero or negative size is null.
 */
export function readPictureHeader(bytes: Uint8Array): PictureHeader | NeedMore | null {
  if (bytes.length < 12) return { need: 12 };
  let header: PictureHeader | NeedMore | null = null;
  if (starts(bytes, PNG_SIG)) header = png(bytes);
  else if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) header = jpeg(bytes);
  else if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') header = gif(bytes);
  else if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') header = webp(bytes);
  else if (ascii(bytes, 0, 2) === 'BM') header = bmp(bytes);
  else if (ascii(bytes, 4, 4) === 'ftyp') header = readHeif(bytes);
  if (header && 'format' in header && !(header.width > 0 && header.height > 0)) return null;
  return header;
}

/** The most of a file read to find its header (a JPEG's frame header may follow large metadata). */
const HEADER_MAX_BYTES = 16 << 20;

/** A file's header, reading more of it while the header asks for more; null when unknown. */
export async function pictureHeader(file: Blob): Promise<PictureHeader | null> {
  let length = 64 * 1024;
  for (;;) {
    const got = readPictureHeader(new Uint8Array(await file.slice(0, length).arrayBuffer()));
    if (!got || 'format' in got) return got;
    if (got.need > file.size || got.need > HEADER_MAX_BYTES) return null;
    length = Math.min(HEADER_MAX_BYTES, Math.max(got.need, length * 4));
  }
}

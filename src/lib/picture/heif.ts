/**
 * The size of an AVIF or HEIC picture (HEIF: ISO base media boxes) from the first bytes of its
 * file: the `ispe` (image spatial extent) properties in meta → iprp → ipco, and its `irot`. A file
 * holds one `ispe` per image item (the picture, its tiles, its thumbnail); the largest is the
 * picture's size as stored (a grid's is the whole grid). Pure: bytes in, numbers out.
 */

export interface HeifSize {
  format: 'avif' | 'heic';
  width: number;
  height: number;
  /** As an EXIF orientation: 1, or 3, 6 or 8 for a picture stored turned (irot). */
  orientation: number;
}

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', ...AVIF_BRANDS]);

const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const type = (b: Uint8Array, i: number) => String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);

interface Box {
  type: string;
  /** Where its content starts and where the box ends (may be past the bytes given). */
  body: number;
  end: number;
}

/** The boxes from `at` to `end`; stops at one whose header is not in `b`. */
function* boxes(b: Uint8Array, at: number, end: number): Generator<Box> {
  while (at + 8 <= Math.min(end, b.length)) {
    let size = u32(b, at);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > b.length) return;
      // A 64-bit size: pictures this long do not exist; the high half must be 0.
      if (u32(b, at + 8) !== 0) return;
      size = u32(b, at + 12);
      body = at + 16;
    } else if (size === 0) size = end - at; // to the end of its parent
    if (size < body - at) return;
    yield { type: type(b, at + 4), body, end: at + size };
    at += size;
  }
}

/** Whether the file starts with a HEIF `ftyp` box, and which picture format its brands say. */
function brand(b: Uint8Array): 'avif' | 'heic' | null {
  if (type(b, 4) !== 'ftyp') return null;
  const end = Math.min(u32(b, 0), b.length);
  const brands = [type(b, 8)];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(type(b, i));
  if (!brands.some((x) => HEIF_BRANDS.has(x))) return null;
  return brands.some((x) => AVIF_BRANDS.has(x)) ? 'avif' : 'heic';
}

/** irot's angle (anticlockwise quarter turns) as an EXIF orientation. */
const ROTATION = [1, 8, 3, 6];

/**
 * The picture's size: a HeifSize, `{ need }` when its meta box goes past the bytes given, or null
 * when it is not HEIF or has no size to read (no meta box before the picture's data).
 */
export function readHeif(b: Uint8Array): HeifSize | { need: number } | null {
  if (b.length < 12) return { need: 12 };
  const format = brand(b);
  if (!format) return null;
  let next = 0;
  for (const top of boxes(b, 0, Number.MAX_SAFE_INTEGER)) {
    next = top.end;
    if (top.type === 'mdat') return null;
    if (top.type !== 'meta') continue;
    if (top.end > b.length) return { need: top.end };
    let width = 0;
    let height = 0;
    let orientation = 1;
    // meta is a full box: 4 bytes of version and flags before its children.
    for (const child of boxes(b, top.body + 4, top.end)) {
      if (child.type !== 'iprp') continue;
      for (const ipco of boxes(b, child.body, child.end)) {
        if (ipco.type !== 'ipco') continue;
        for (const prop of boxes(b, ipco.body, ipco.end)) {
          if (prop.type === 'ispe' && prop.body + 12 <= prop.end) {
            const w = u32(b, prop.body + 4);
            const h = u32(b, prop.body + 8);
            if (w * h > width * height) [width, height] = [w, h];
          } else if (prop.type === 'irot' && orientation === 1 && prop.body < prop.end) {
            orientation = ROTATION[b[prop.body]! & 3]!;
          }
        }
      }
    }
    return width > 0 && height > 0 ? { format, width, height, orientation } : null;
  }
  // The boxes given end before a meta box: it may come in the next bytes.
  return { need: next + 16 };
}

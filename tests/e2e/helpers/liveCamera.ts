import { copyFileSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { clip } from '../env';

/**
 * A fake camera whose picture a test changes while it runs: Chromium plays its MJPEG file live and
 * picks up changes made to the file in place, so a test copies a clip to a file of its own, starts
 * Chromium on it, and later writes new frames over the old ones, each of exactly the old frame's
 * byte size (the JPEG padded with COM segments). That is how a test holds a phone's screen up to
 * the booth's camera.
 */
export interface RGBA {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray | Buffer;
}

interface Frame {
  at: number;
  size: number;
}

/** The frames of an MJPEG file: JPEGs back to back, each from its SOI to its EOI. */
function framesOf(bytes: Buffer): Frame[] {
  const frames: Frame[] = [];
  let at = 0;
  while (at < bytes.length - 1) {
    if (bytes[at] !== 0xff || bytes[at + 1] !== 0xd8) throw new Error(`No JPEG start at ${at}`);
    const end = bytes.indexOf(Buffer.from([0xff, 0xd9]), at + 2);
    if (end < 0) break;
    frames.push({ at, size: end + 2 - at });
    at = end + 2;
  }
  return frames;
}

/** `jpg` (SOI first) grown to exactly `size` bytes with COM segments after its SOI. */
function padded(jpg: Uint8Array, size: number): Buffer | null {
  let pad = size - jpg.length;
  if (pad < 0 || (pad > 0 && pad < 4)) return null;
  const parts: Buffer[] = [Buffer.from(jpg.subarray(0, 2))];
  const MAX = 65537; // a COM segment: FF FE, a 2-byte length counting itself, at most 65533 bytes of payload
  while (pad > 0) {
    let take = Math.min(pad, MAX);
    if (pad - take > 0 && pad - take < 4) take -= 4; // leave room for a whole segment after
    const seg = Buffer.alloc(take, 0x20);
    seg[0] = 0xff;
    seg[1] = 0xfe;
    seg.writeUInt16BE(take - 2, 2);
    parts.push(seg);
    pad -= take;
  }
  parts.push(Buffer.from(jpg.subarray(2)));
  return Buffer.concat(parts);
}

/** `image` centred on white at the clip's frame size, `scale`× with nearest-neighbour (sharp module edges). */
function framed(image: RGBA, width: number, height: number, scale: number): RGBA {
  const data = Buffer.alloc(width * height * 4, 255);
  const w = Math.floor(image.width * scale);
  const h = Math.floor(image.height * scale);
  const x0 = Math.floor((width - w) / 2);
  const y0 = Math.floor((height - h) / 2);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(image.height - 1, Math.floor(y / scale));
    const ty = y0 + y;
    if (ty < 0 || ty >= height) continue;
    for (let x = 0; x < w; x++) {
      const tx = x0 + x;
      if (tx < 0 || tx >= width) continue;
      const s = (sy * image.width + Math.min(image.width - 1, Math.floor(x / scale))) * 4;
      const t = (ty * width + tx) * 4;
      data[t] = image.data[s]!;
      data[t + 1] = image.data[s + 1]!;
      data[t + 2] = image.data[s + 2]!;
    }
  }
  return { width, height, data };
}

export class LiveCamera {
  readonly path: string;
  private original: Buffer;
  private frames: Frame[];
  readonly width: number;
  readonly height: number;

  constructor(name: string) {
    this.path = join(tmpdir(), `pb-camera-${process.pid}-${Math.random().toString(36).slice(2, 8)}.mjpeg`);
    copyFileSync(clip(name), this.path);
    this.original = readFileSync(this.path);
    this.frames = framesOf(this.original);
    const first = jpeg.decode(this.original.subarray(0, this.frames[0]!.size), { useTArray: true });
    this.width = first.width;
    this.height = first.height;
  }

  /** Every frame becomes `image` (centred, scaled to fill about `fill` of the frame's height). */
  show(image: RGBA, fill = 0.9) {
    const scale = Math.max(1, Math.floor(((this.height * fill) / image.height) * 4) / 4);
    const picture = framed(image, this.width, this.height, Math.min(scale, (this.width * 0.95) / image.width));
    const smallest = Math.min(...this.frames.map((f) => f.size));
    let jpg: Uint8Array | null = null;
    for (let quality = 90; quality >= 30; quality -= 10) {
      const made = jpeg.encode(picture, quality).data;
      if (made.length + 4 <= smallest) {
        jpg = made;
        break;
      }
    }
    if (!jpg) throw new Error('The picture does not fit in the clip\'s frames');
    const fd = openSync(this.path, 'r+');
    try {
      for (const f of this.frames) writeSync(fd, padded(jpg, f.size)!, 0, f.size, f.at);
    } finally {
      closeSync(fd);
    }
  }

  /** The clip's own frames again. */
  restore() {
    const fd = openSync(this.path, 'r+');
    try {
      writeSync(fd, this.original, 0, this.original.length, 0);
    } finally {
      closeSync(fd);
    }
  }

  remove() {
    rmSync(this.path, { force: true });
  }
}

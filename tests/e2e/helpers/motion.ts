import { expect, type Download, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

/**
 * Reading the motion files the app saves, in Node, from their bytes: the MP4's boxes (ISO BMFF)
 * and the GIF's blocks. Written against the formats' specs, not against the app's encoder, so a
 * file the encoder got wrong fails here.
 */

interface Box {
  type: string;
  start: number; // of the payload
  end: number;
}

function boxes(buf: Buffer, start: number, end: number): Box[] {
  const out: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) throw new Error(`bad box ${type} at ${at}`);
    out.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return out;
}

function child(buf: Buffer, parent: Box, type: string): Box {
  const found = boxes(buf, parent.start, parent.end).find((b) => b.type === type);
  if (!found) throw new Error(`no ${type} in ${parent.type}`);
  return found;
}

export interface Mp4Info {
  brands: string[];
  handler: string;
  codec: string;
  width: number;
  height: number;
  seconds: number;
  samples: number;
}

/** The first video track of an MP4: its handler, sample entry (codec), size, duration and sample count. */
export function readMp4(buf: Buffer): Mp4Info {
  const top = boxes(buf, 0, buf.length);
  const ftyp = top.find((b) => b.type === 'ftyp');
  const moov = top.find((b) => b.type === 'moov');
  if (!ftyp || !moov) throw new Error(`not an MP4: ${top.map((b) => b.type).join(',')}`);
  const brands = [buf.toString('latin1', ftyp.start, ftyp.start + 4)];
  for (let at = ftyp.start + 8; at + 4 <= ftyp.end; at += 4) brands.push(buf.toString('latin1', at, at + 4));
  const trak = boxes(buf, moov.start, moov.end).find((t) => {
    if (t.type !== 'trak') return false;
    const hdlr = child(buf, child(buf, t, 'mdia'), 'hdlr');
    return buf.toString('latin1', hdlr.start + 8, hdlr.start + 12) === 'vide';
  });
  if (!trak) throw new Error('no video track');
  const mdia = child(buf, trak, 'mdia');
  const mdhd = child(buf, mdia, 'mdhd');
  const v1 = buf[mdhd.start] === 1;
  const timescale = buf.readUInt32BE(mdhd.start + (v1 ? 20 : 12));
  const duration = v1 ? Number(buf.readBigUInt64BE(mdhd.start + 24)) : buf.readUInt32BE(mdhd.start + 16);
  const stbl = child(buf, child(buf, mdia, 'minf'), 'stbl');
  const stsd = child(buf, stbl, 'stsd');
  // stsd: version/flags (4), entry count (4), then the first sample entry box.
  const [entry] = boxes(buf, stsd.start + 8, stsd.end);
  if (!entry) throw new Error('no sample entry');
  // A visual sample entry: 6 reserved + 2 data ref index + 16 pre-defined/reserved, then width, height.
  const width = buf.readUInt16BE(entry.start + 24);
  const height = buf.readUInt16BE(entry.start + 26);
  const stsz = child(buf, stbl, 'stsz');
  const samples = buf.readUInt32BE(stsz.start + 8);
  const handler = buf.toString('latin1', child(buf, mdia, 'hdlr').start + 8, child(buf, mdia, 'hdlr').start + 12);
  return { brands, handler, codec: entry.type, width, height, seconds: duration / timescale, samples };
}

export interface GifInfo {
  width: number;
  height: number;
  frames: number;
  /** Each frame's delay in ms. */
  delays: number[];
  loops: boolean;
}

/** A GIF's logical screen size, its frames (image descriptors), their delays and the looping extension. */
export function readGif(buf: Buffer): GifInfo {
  const sig = buf.toString('latin1', 0, 6);
  if (sig !== 'GIF89a' && sig !== 'GIF87a') throw new Error(`not a GIF: ${sig}`);
  const width = buf.readUInt16LE(6);
  const height = buf.readUInt16LE(8);
  const flags = buf[10]!;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  const delays: number[] = [];
  let frames = 0;
  let loops = false;
  const skipSubBlocks = () => {
    while (buf[at] !== 0) at += buf[at]! + 1;
    at += 1;
  };
  for (;;) {
    const b = buf[at++];
    if (b === 0x3b) break; // trailer
    if (b === 0x21) {
      const label = buf[at++];
      if (label === 0xf9) delays.push(buf.readUInt16LE(at + 2) * 10);
      if (label === 0xff && buf.toString('latin1', at + 1, at + 12) === 'NETSCAPE2.0') loops = true;
      skipSubBlocks();
    } else if (b === 0x2c) {
      frames++;
      const f = buf[at + 8]!;
      at += 9 + (f & 0x80 ? 3 * 2 ** ((f & 7) + 1) : 0);
      at += 1; // LZW minimum code size
      skipSubBlocks();
    } else throw new Error(`bad GIF block 0x${b?.toString(16)} at ${at - 1}`);
  }
  return { width, height, frames, delays, loops };
}

export async function readDownload(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

/** Clicks a button and returns the file it saved. */
export async function saveFrom(page: Page, testId: string, timeout = 120_000): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout }), page.getByTestId(testId).click()]);
  return { name: download.suggestedFilename(), bytes: await readDownload(download) };
}

type Region = [number, number, number, number];

/**
 * Decodes frame `index` of a saved MP4 (the browser's <video>, seeked to the frame's middle) or
 * GIF (ImageDecoder) in the page, and compares it with another frame of the file or with photo
 * `photo`'s still (drawn at the file's size, mirrored if asked): the mean absolute difference per
 * channel over `region` (fractions of the frame; the whole frame by default), and each image's mean
 * red minus blue there (how warm it is: a colour filter's mark).
 */
async function compare(
  page: Page,
  bytes: Buffer,
  type: 'video/mp4' | 'image/gif',
  fps: number,
  index: number,
  other: { frame: number } | { photo: number; mirrored?: boolean },
  region: Region = [0, 0, 1, 1],
): Promise<{ diff: number; warmth: [number, number] }> {
  return page.evaluate(
    async ({ b64, type, fps, index, other, region }) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const decode = async (i: number): Promise<[CanvasImageSource, number, number]> => {
        if (type === 'video/mp4') {
          const v = document.createElement('video');
          v.muted = true;
          v.src = URL.createObjectURL(new Blob([data], { type }));
          await new Promise((r, j) => ((v.onloadeddata = r), (v.onerror = () => j(new Error('video did not load')))));
          v.currentTime = (i + 0.5) / fps;
          await new Promise((r) => (v.onseeked = r));
          // A loaded machine can hand a just-seeked video to drawImage before its frame is there
          // (drawn as nothing): poll until a drawn pixel is opaque.
          const probe = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true })!;
          for (let tries = 0; tries < 100; tries++) {
            probe.clearRect(0, 0, 1, 1);
            probe.drawImage(v, 0, 0, 1, 1);
            if (probe.getImageData(0, 0, 1, 1).data[3]! > 0) break;
            await new Promise((r) => requestAnimationFrame(r));
          }
          return [v, v.videoWidth, v.videoHeight];
        }
        const decoder = new ImageDecoder({ data, type });
        await decoder.tracks.ready;
        const { image } = await decoder.decode({ frameIndex: i });
        decoder.close();
        return [image, image.displayWidth, image.displayHeight];
      };
      // Decoded frames are closed once read: an unclosed VideoFrame left to the garbage collector
      // is a console error, which the fixture would report against whatever test runs then.
      const release = (img: CanvasImageSource) => {
        if (img instanceof VideoFrame || img instanceof ImageBitmap) img.close();
      };
      const [frame, w, h] = await decode(index);
      const second =
        'frame' in other
          ? (await decode(other.frame))[0]
          : await createImageBitmap(window.__pbTest!.photoBlobs(other.photo).still, { resizeWidth: w, resizeHeight: h, resizeQuality: 'high' });
      const [x0, y0, x1, y1] = [region[0] * w, region[1] * h, region[2] * w, region[3] * h].map(Math.round) as [number, number, number, number];
      const read = (img: CanvasImageSource, mirrored = false) => {
        const c = new OffscreenCanvas(w, h);
        const ctx = c.getContext('2d')!;
        if (mirrored) ctx.setTransform(-1, 0, 0, 1, w, 0);
        ctx.drawImage(img, 0, 0, w, h);
        return ctx.getImageData(x0, y0, x1 - x0, y1 - y0).data;
      };
      const a = read(frame);
      const b = read(second, 'photo' in other && !!other.mirrored);
      release(frame);
      release(second);
      let sum = 0;
      const warmth = [0, 0];
      for (let i = 0; i < a.length; i += 4) {
        sum += Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
        warmth[0]! += a[i]! - a[i + 2]!;
        warmth[1]! += b[i]! - b[i + 2]!;
      }
      const n = a.length / 4;
      return { diff: sum / (n * 3), warmth: [warmth[0]! / n, warmth[1]! / n] as [number, number] };
    },
    { b64: bytes.toString('base64'), type, fps, index, other, region },
  );
}

/** Frame `index` of a saved file against photo `photo`'s still, or its mirror image (see compare). */
export const frameVsStill = (page: Page, bytes: Buffer, type: 'video/mp4' | 'image/gif', index: number, fps: number, photo: number, mirrored = false) =>
  compare(page, bytes, type, fps, index, { photo, mirrored });

/** Frames `a` and `b` of a saved file over `region`: the mean absolute difference (see compare). */
export const frameVsFrame = async (page: Page, bytes: Buffer, type: 'video/mp4' | 'image/gif', fps: number, a: number, b: number, region?: Region) =>
  (await compare(page, bytes, type, fps, a, { frame: b }, region)).diff;

/** Turns motion on in the booth's settings. */
export async function turnMotionOn(page: Page): Promise<void> {
  const box = page.getByTestId('motion-on');
  await expect(box).toBeEnabled({ timeout: 15_000 });
  await box.check();
}

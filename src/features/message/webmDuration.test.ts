import { describe, expect, it } from 'vitest';
import { withDuration } from './webmDuration';

// EBML built by hand, the shape MediaRecorder writes: an EBML header, a Segment of unknown size,
// Info (TimecodeScale, MuxingApp), Tracks, then Clusters of unknown size.
const bytes = (...xs: number[]) => Uint8Array.from(xs);
const cat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
};
/** An element with a size field of `sizeLength` bytes (default 1). */
function el(id: number[], data: Uint8Array, sizeLength = 1): Uint8Array {
  const size = new Uint8Array(sizeLength);
  let v = data.length;
  for (let i = sizeLength - 1; i >= 0; i--) {
    size[i] = v % 256;
    v = Math.floor(v / 256);
  }
  size[0]! |= 0x80 >> (sizeLength - 1);
  return cat(bytes(...id), size, data);
}
const UNKNOWN8 = bytes(0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff);
const EBML = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], new TextEncoder().encode('webm')));
const SCALE = el([0x2a, 0xd7, 0xb1], bytes(0x0f, 0x42, 0x40)); // 1 000 000 ns: milliseconds
const APP = el([0x4d, 0x80], new TextEncoder().encode('Chrome'));
const TRACKS = el([0x16, 0x54, 0xae, 0x6b], el([0xae], el([0xd7], bytes(1))));
const CLUSTER = cat(bytes(0x1f, 0x43, 0xb6, 0x75), UNKNOWN8, el([0xe7], bytes(0)), new Uint8Array(5000).fill(7));
const webm = (info: Uint8Array, { segmentSize = UNKNOWN8 as Uint8Array, before = new Uint8Array() as Uint8Array } = {}) =>
  new Blob([cat(EBML, bytes(0x18, 0x53, 0x80, 0x67), segmentSize, before, info, TRACKS, CLUSTER)], { type: 'video/webm' });

/** The Duration in a file's Info (in its ticks), and Info's and what follows it. */
async function read(blob: Blob) {
  const b = new Uint8Array(await blob.arrayBuffer());
  const at = b.findIndex((_, i) => b[i] === 0x15 && b[i + 1] === 0x49 && b[i + 2] === 0xa9 && b[i + 3] === 0x66);
  const sizeLength = Math.clz32(b[at + 4]!) - 23;
  let size = b[at + 4]! & (0xff >> sizeLength);
  for (let i = 1; i < sizeLength; i++) size = size * 256 + b[at + 4 + i]!;
  const data = b.subarray(at + 4 + sizeLength, at + 4 + sizeLength + size);
  const d = data.findIndex((_, i) => data[i] === 0x44 && data[i + 1] === 0x89);
  const len = d < 0 ? 0 : data[d + 2]! & 0x7f;
  const view = new DataView(data.buffer, data.byteOffset + d + 3, len);
  return {
    duration: d < 0 ? null : len === 8 ? view.getFloat64(0) : view.getFloat32(0),
    info: data,
    rest: b.subarray(at + 4 + sizeLength + size),
  };
}

describe('withDuration', () => {
  it('adds a Duration to a recorder WebM, in its Info, and keeps the rest byte for byte', async () => {
    const file = webm(el([0x15, 0x49, 0xa9, 0x66], cat(SCALE, APP)));
    const out = await withDuration(file, 12.345);
    expect(out.type).toBe('video/webm');
    expect(out.size).toBe(file.size + 11);
    const r = await read(out);
    expect(r.duration).toBeCloseTo(12345, 6);
    expect(r.info.subarray(0, SCALE.length + APP.length)).toEqual(cat(SCALE, APP));
    expect(r.rest).toEqual(cat(TRACKS, CLUSTER));
    expect((await read(file)).duration).toBeNull();
  });

  it("keeps Info's size field as wide as it was (8 bytes here), and grows a known Segment size", async () => {
    const info = el([0x15, 0x49, 0xa9, 0x66], cat(SCALE, APP), 8);
    const segmentData = cat(info, TRACKS, CLUSTER).length;
    const file = webm(info, { segmentSize: bytes(0x01, 0, 0, 0, 0, 0, segmentData >> 8, segmentData & 0xff) });
    const out = new Uint8Array(await (await withDuration(file, 2)).arrayBuffer());
    expect(out.length).toBe(file.size + 11);
    const seg = EBML.length + 4;
    expect((out[seg + 6]! << 8) | out[seg + 7]!).toBe(segmentData + 11);
    expect((await read(new Blob([out]))).duration).toBe(2000);
  });

  it('counts in the file’s own TimecodeScale', async () => {
    const micro = el([0x2a, 0xd7, 0xb1], bytes(0x03, 0xe8)); // 1000 ns
    expect((await read(await withDuration(webm(el([0x15, 0x49, 0xa9, 0x66], cat(micro, APP))), 1.5))).duration).toBe(1_500_000);
  });

  it('replaces a Duration already there (a float32 zero) in place', async () => {
    const zero = el([0x44, 0x89], bytes(0, 0, 0, 0));
    const file = webm(el([0x15, 0x49, 0xa9, 0x66], cat(SCALE, zero, APP)));
    const out = await withDuration(file, 4);
    expect(out.size).toBe(file.size);
    expect((await read(out)).duration).toBe(4000);
  });

  it("fills in Firefox's header as it writes it: an empty SeekHead, and a Duration of 0 in 8 bytes", async () => {
    const empty = cat(bytes(0x11, 0x4d, 0x9b, 0x74), bytes(0x01, 0, 0, 0, 0, 0, 0, 0));
    const zero = el([0x44, 0x89], new Uint8Array(8));
    const file = webm(el([0x15, 0x49, 0xa9, 0x66], cat(SCALE, zero, APP), 8), { before: empty });
    const out = await withDuration(file, 4.17);
    expect(out.size).toBe(file.size);
    expect((await read(out)).duration).toBeCloseTo(4170, 6);
  });

  it('leaves a file with a SeekHead (positions that would move), a non-WebM, or no length as it is', async () => {
    const seekHead = el([0x11, 0x4d, 0x9b, 0x74], el([0x4d, 0xbb], bytes(0)));
    const withSeek = webm(el([0x15, 0x49, 0xa9, 0x66], cat(SCALE, APP)), { before: seekHead });
    expect(await withDuration(withSeek, 3)).toBe(withSeek);
    const mp4 = new Blob([bytes(0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70)], { type: 'video/mp4' });
    expect(await withDuration(mp4, 3)).toBe(mp4);
    const file = webm(el([0x15, 0x49, 0xa9, 0x66], cat(SCALE, APP)));
    expect(await withDuration(file, 0)).toBe(file);
  });
});

import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { readJfifDensity, setJfifDensity } from '../../src/features/strip/jfif';

function encode(): Uint8Array {
  const width = 8;
  const height = 8;
  const data = new Uint8Array(width * height * 4).fill(200);
  return new Uint8Array(jpeg.encode({ data, width, height }, 90).data);
}

describe('JFIF density', () => {
  it('patches an existing APP0 to 300 dpi and keeps the image decodable', () => {
    const src = encode();
    expect(readJfifDensity(src)).not.toBeNull();
    const out = setJfifDensity(src, 300);
    expect(readJfifDensity(out)).toEqual({ units: 1, x: 300, y: 300 });
    expect(out.length).toBe(src.length);
    expect(jpeg.decode(out).width).toBe(8);
  });

  it('inserts an APP0 when the encoder wrote none', () => {
    const src = encode();
    // Drop the APP0 segment: SOI followed directly by the rest.
    const app0Len = ((src[4] ?? 0) << 8) | (src[5] ?? 0);
    const bare = new Uint8Array([0xff, 0xd8, ...src.subarray(4 + app0Len)]);
    expect(readJfifDensity(bare)).toBeNull();
    const out = setJfifDensity(bare, 300);
    expect(readJfifDensity(out)).toEqual({ units: 1, x: 300, y: 300 });
    expect(jpeg.decode(out).height).toBe(8);
  });

  it('rejects what is not a JPEG', () => {
    expect(() => setJfifDensity(new Uint8Array([1, 2, 3]), 300)).toThrow();
  });
});

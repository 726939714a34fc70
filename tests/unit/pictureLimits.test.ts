import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomBackdropError, keepCustomBackdrop } from '../../src/features/background/customStore';
import { CUSTOM_MAX_PIXELS, CUSTOM_MAX_WHOLE_PIXELS, DEFAULT_BACKGROUND } from '../../src/features/background/meta';
import { pictureHeader } from '../../src/features/background/pictureDecode';
import { selectBackground, setCustomBackdrop } from '../../src/features/background/select';
import { backgroundAtom, customBackdropAtom } from '../../src/features/background/state';
import { PictureReader } from '../../src/features/background/picture';

/**
 * The visitor's picture: a header over the limits is refused before anything is decoded, with
 * its size for the notice; a picture replaced or removed is closed (or handed to the caller).
 */

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, n >> 8];
const pngHeader = (w: number, h: number) =>
  new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...be32(13), 73, 72, 68, 82, ...be32(w), ...be32(h), 8, 2, 0, 0, 0, 0, 0, 0, 0])], { type: 'image/png' });
const gifHeader = (w: number, h: number) => new Blob([new Uint8Array([...'GIF89a'].map((c) => c.charCodeAt(0)).concat(le16(w), le16(h), [0, 0, 0]))], { type: 'image/gif' });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('pictures over the limits', () => {
  it('a PNG header claiming 100000×100000 is refused as "tooBig" with its size, and nothing is decoded', async () => {
    const decode = vi.fn(() => Promise.reject(new Error('must not be called')));
    vi.stubGlobal('createImageBitmap', decode);
    vi.stubGlobal('Worker', vi.fn());
    const error = await keepCustomBackdrop(pngHeader(100_000, 100_000), new PictureReader()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CustomBackdropError);
    expect(error).toMatchObject({ reason: 'tooBig', bitmap: null, size: { width: 100_000, height: 100_000, limit: CUSTOM_MAX_PIXELS } });
    expect(decode).not.toHaveBeenCalled();
    expect(Worker).not.toHaveBeenCalled();
  });

  it('a side over 65,535 px is refused however few pixels it has', async () => {
    const error = await keepCustomBackdrop(pngHeader(70_000, 10), new PictureReader()).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'tooBig', size: { width: 70_000, height: 10 } });
  });

  it('a picture only the browser can decode, whole, is held to the lower limit', async () => {
    const decode = vi.fn(() => Promise.reject(new Error('must not be called')));
    vi.stubGlobal('createImageBitmap', decode);
    const error = await keepCustomBackdrop(gifHeader(65_000, 2_000), new PictureReader()).catch((e: unknown) => e); // 130 MP
    expect(error).toMatchObject({ reason: 'tooBig', size: { width: 65_000, height: 2_000, limit: CUSTOM_MAX_WHOLE_PIXELS } });
    expect(decode).not.toHaveBeenCalled();
  });

  it('a picture under the limits goes on to be decoded', async () => {
    const decode = vi.fn(() => Promise.reject(new DOMException('bad image', 'InvalidStateError')));
    vi.stubGlobal('createImageBitmap', decode);
    const error = await keepCustomBackdrop(gifHeader(4000, 3000), new PictureReader()).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'decode' });
    expect(decode).toHaveBeenCalledOnce();
  });

  it('reads a header that lies beyond the first bytes, and none from what is not a picture', async () => {
    const exifish = new Uint8Array(200_000);
    exifish.set([0xff, 0xd8, 0xff, 0xe2, 0xff, 0xff]); // APP2 of 65,533 bytes
    let at = 2 + 2 + 0xffff;
    for (let k = 0; k < 2; k++, at += 2 + 0xffff) exifish.set([0xff, 0xe2, 0xff, 0xff], at); // two more
    exifish.set([0xff, 0xc0, 0, 17, 8, 0x17, 0x70, 0x1f, 0x40, 3], at); // SOF0, 8000×6000
    await expect(pictureHeader(new Blob([exifish]))).resolves.toMatchObject({ format: 'jpeg', width: 8000, height: 6000 });
    await expect(pictureHeader(new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>']))).resolves.toBeNull();
  });
});

describe('pictures replaced or removed', () => {
  const bitmap = () => ({ width: 40, height: 30, close: vi.fn() }) as unknown as ImageBitmap & { close: ReturnType<typeof vi.fn> };

  it('are closed at once by default: the new one stays open', () => {
    const store = createStore();
    store.set(backgroundAtom, DEFAULT_BACKGROUND);
    const [a, b] = [bitmap(), bitmap()];
    setCustomBackdrop(store, a);
    setCustomBackdrop(store, b);
    expect(a.close).toHaveBeenCalledOnce();
    expect(b.close).not.toHaveBeenCalled();
    setCustomBackdrop(store, b); // the same picture again: not closed
    expect(b.close).not.toHaveBeenCalled();
    selectBackground(store, 'custom');
    setCustomBackdrop(store, null);
    expect(b.close).toHaveBeenCalledOnce();
    expect(store.get(backgroundAtom).kind).toBe('none');
  });

  it('are handed to the caller’s release instead, after the store no longer holds them', () => {
    const store = createStore();
    const [a, b] = [bitmap(), bitmap()];
    setCustomBackdrop(store, a);
    const released: ImageBitmap[] = [];
    setCustomBackdrop(store, b, (old) => {
      expect(store.get(customBackdropAtom)).toBe(b);
      released.push(old);
    });
    expect(released).toEqual([a]);
    expect(a.close).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { BLACK_MAX_LUMA, brightestLuma, LIT_MAX_LUMA, previewWasLit, readsBlack } from '../../src/features/booth/renderer/blackCheck';

/** An RGBA picture of `n` pixels, all `rgb`, with `spots` pixels set to `spot`. */
function picture(n: number, rgb: [number, number, number], spots: number[] = [], spot: [number, number, number] = [255, 255, 255]) {
  const px = new Uint8ClampedArray(n * 4);
  for (let i = 0; i < n; i++) px.set([...rgb, 255], i * 4);
  for (const i of spots) px.set([...spot, 255], i * 4);
  return px;
}

describe('a photo that reads black (blackCheck)', () => {
  it('a black picture reads black; a dark but real one (sensor noise, a dim room) does not', () => {
    expect(readsBlack(picture(1280 * 720, [0, 0, 0]))).toBe(true);
    expect(readsBlack(picture(1280 * 720, [BLACK_MAX_LUMA - 2, BLACK_MAX_LUMA - 2, BLACK_MAX_LUMA - 2]))).toBe(true);
    expect(readsBlack(picture(1280 * 720, [20, 18, 16]))).toBe(false);
  });

  it('samples the whole picture: a white disc anywhere in a black card is seen', () => {
    // The mock camera's card: black with a white disc. A 40×40 disc in 1280×720 is ~0.17 % of it.
    const n = 1280 * 720;
    const disc: number[] = [];
    for (let y = 500; y < 540; y++) for (let x = 900; x < 940; x++) disc.push(y * 1280 + x);
    const card = picture(n, [0, 0, 0], disc);
    expect(brightestLuma(card)).toBeGreaterThan(200);
    expect(readsBlack(card)).toBe(false);
  });

  it('counts a pure colour by its luma (a red wall is not black)', () => {
    expect(brightestLuma(picture(100, [255, 0, 0]))).toBeCloseTo(0.299 * 255, 1);
    expect(readsBlack(picture(100, [0, 0, 255]))).toBe(false);
  });

  it('a black photo is refused unless the preview was known to be dark too', () => {
    expect(previewWasLit(LIT_MAX_LUMA)).toBe(true);
    expect(previewWasLit(255)).toBe(true);
    expect(previewWasLit(null), 'not measured lately: not known to be dark').toBe(true);
    expect(previewWasLit(LIT_MAX_LUMA - 1)).toBe(false);
    expect(previewWasLit(0)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { coverCrop } from '../../src/features/strip/crop';
import { exportBaseName } from '../../src/features/strip/export';
import { FRAMES } from '../../src/features/strip/frames';
import { LAYOUTS } from '../../src/features/strip/layouts';
import { placeStickers, STICKER_SETS } from '../../src/features/strip/stickers';

describe('strip registries and helpers', () => {
  it('names exports with the local date and time', () => {
    expect(exportBaseName(new Date(2026, 10, 22, 15, 30))).toBe('photobooth-2026-11-22-1530');
    expect(exportBaseName(new Date(2027, 0, 3, 9, 5))).toBe('photobooth-2027-01-03-0905');
  });

  it('offers the six frame styles and the three sticker choices', () => {
    expect(FRAMES.map((f) => f.id)).toEqual(['none', 'hearts', 'clouds', 'party', 'royal', 'emoji']);
    expect(STICKER_SETS.map((s) => s.id)).toEqual(['none', 'girl', 'cute']);
  });

  for (const layout of LAYOUTS) {
    it(`places each sticker set inside the ${layout.id} strip, with unique ids`, () => {
      expect(placeStickers('none', layout)).toEqual([]);
      for (const set of STICKER_SETS.filter((s) => s.id !== 'none')) {
        const placed = placeStickers(set.id, layout);
        expect(placed).toHaveLength(set.kinds.length);
        expect(new Set(placed.map((p) => p.id)).size).toBe(placed.length);
        for (const p of placed) {
          expect(p.x).toBeGreaterThanOrEqual(0);
          expect(p.x).toBeLessThanOrEqual(1);
          expect(p.y).toBeGreaterThanOrEqual(0);
          expect(p.y).toBeLessThanOrEqual(1);
          expect(p.size).toBeGreaterThan(0);
        }
      }
    });
  }
});

describe('cropping a photo into its cell around the faces', () => {
  it('centres the crop on the faces as far as the photo allows, and on the middle without them', () => {
    // A portrait photo (720×1280) into a wide cell (4:3): the crop is the photo's full width.
    const middle = coverCrop(720, 1280, 400, 300);
    expect(middle).toMatchObject({ sx: 0, sw: 720 });
    expect(middle.sh).toBeCloseTo(540);
    expect(middle.sy).toBeCloseTo((1280 - 540) / 2);
    // The face in the upper part: the crop moves up to it (the top of the head is kept).
    const onFace = coverCrop(720, 1280, 400, 300, { x: 0.5, y: 0.25 });
    expect(onFace.sy).toBeCloseTo(0.25 * 1280 - 270);
    // A face near the top edge: the crop stops at the edge, never outside the photo.
    expect(coverCrop(720, 1280, 400, 300, { x: 0.5, y: 0.02 }).sy).toBe(0);
    expect(coverCrop(720, 1280, 400, 300, { x: 0.5, y: 0.99 }).sy).toBeCloseTo(1280 - 540);
  });
});

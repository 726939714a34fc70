import { describe, expect, it } from 'vitest';
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

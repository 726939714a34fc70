import { describe, expect, it } from 'vitest';
import { LAYOUTS, RESOLUTIONS, slotCorners, stripSize, type Rect, type Slot } from '../../src/features/strip/layouts';

const EPS = 1e-9;
const COUNTS = [1, 2, 3, 4, 5, 6, 8];

/** Separating-axis test for two (possibly rotated) rectangles given by their corners. */
function overlapArea(a: [number, number][], b: [number, number][]): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < 4; i++) {
      const [x1, y1] = poly[i] as [number, number];
      const [x2, y2] = poly[(i + 1) % 4] as [number, number];
      const nx = y2 - y1;
      const ny = x1 - x2;
      const project = (p: [number, number][]) => p.map(([x, y]) => x * nx + y * ny);
      const pa = project(a);
      const pb = project(b);
      // Touching edges are not an overlap.
      if (Math.max(...pa) <= Math.min(...pb) + 1e-6 || Math.max(...pb) <= Math.min(...pa) + 1e-6) return false;
    }
  }
  return true;
}

const rectCorners = (r: Rect, w: number, h: number) => slotCorners(r as Slot, w, h);

describe('layout registry', () => {
  it('has the seven layouts, each with a unique id', () => {
    expect(LAYOUTS.map((l) => l.id)).toEqual(['classic', 'grid', 'polaroid', 'magazine', 'vintage', 'comic', 'collage']);
  });

  for (const layout of LAYOUTS) {
    describe(layout.id, () => {
      const { width, height } = stripSize(layout, 'hd');

      for (const n of COUNTS) {
        it(`places exactly ${n} photo(s) inside the canvas`, () => {
          const slots = layout.slots(n);
          expect(slots).toHaveLength(n);
          for (const slot of slots) {
            expect(slot.w).toBeGreaterThan(0.05);
            expect(slot.h).toBeGreaterThan(0.03);
            for (const [x, y] of slotCorners(slot, width, height)) {
              expect(x).toBeGreaterThanOrEqual(-EPS);
              expect(y).toBeGreaterThanOrEqual(-EPS);
              expect(x).toBeLessThanOrEqual(width + EPS);
              expect(y).toBeLessThanOrEqual(height + EPS);
            }
          }
        });

        it(`with ${n} photo(s), photos ${layout.overlap ? 'may overlap (it is a collage)' : 'do not overlap'} and leave the caption free`, () => {
          const corners = layout.slots(n).map((s) => slotCorners(s, width, height));
          const caption = rectCorners(layout.caption, width, height);
          for (let i = 0; i < corners.length; i++) {
            expect(overlapArea(corners[i] as [number, number][], caption), `photo ${i} vs caption`).toBe(false);
            if (layout.overlap) continue;
            for (let j = i + 1; j < corners.length; j++) {
              expect(overlapArea(corners[i] as [number, number][], corners[j] as [number, number][]), `photos ${i} and ${j}`).toBe(false);
            }
          }
        });
      }

      it('keeps its print aspect at every resolution', () => {
        const aspect = layout.printInches.w / layout.printInches.h;
        for (const r of RESOLUTIONS) {
          const size = stripSize(layout, r);
          expect(size.width / size.height).toBeCloseTo(aspect, 2);
        }
      });
    });
  }

  it('sizes the classic strip as Standard 600×1800, HD 1200×3600 and Print 2×6 in at 300 dpi', () => {
    const classic = LAYOUTS[0]!;
    expect(stripSize(classic, 'standard')).toEqual({ width: 600, height: 1800 });
    expect(stripSize(classic, 'hd')).toEqual({ width: 1200, height: 3600 });
    expect(stripSize(classic, 'print')).toEqual({ width: 600, height: 1800 });
  });

  it('the collage really overlaps its photos (so the exception is meant)', () => {
    const collage = LAYOUTS.find((l) => l.id === 'collage')!;
    const { width, height } = stripSize(collage, 'hd');
    const c = collage.slots(4).map((s) => slotCorners(s, width, height));
    expect(overlapArea(c[0]!, c[1]!)).toBe(true);
  });
});

describe('honest copy about layouts', () => {
  it('the landing page names as many layouts as the registry has', async () => {
    const en = (await import('../../i18n/en.json')).default;
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
    expect(en.landing.featureLayoutsTitle.toLowerCase()).toContain(words[LAYOUTS.length]);
    // The body lists each one (by its short name: "classic strip", "grid", "vintage film"…).
    const listed = en.landing.featureLayoutsBody.toLowerCase();
    for (const id of LAYOUTS.map((l) => l.id)) expect(listed, id).toContain(id);
  });
});

import { describe, expect, it } from 'vitest';
import { CROP_SCALE, FINE_OVERLAP, FINE_TILE, cropToFrame, faceBox, followFace, sameFace, scaleCrop, tilesFor, type Crop } from '../../src/features/vision/faceCrops';

/** A "face": landmarks on a square's corners and centre, normalised to a width×height frame. */
function face(cx: number, cy: number, size: number, width: number, height: number): Float32Array {
  const pts = [
    [cx - size / 2, cy - size / 2],
    [cx + size / 2, cy - size / 2],
    [cx, cy],
    [cx - size / 2, cy + size / 2],
    [cx + size / 2, cy + size / 2],
  ];
  return new Float32Array(pts.flatMap(([x, y]) => [x! / width, y! / height, 0.01]));
}

/** The detector's view of a face in a tile: its size in the 128 px the detector scales the tile to. */
const detectorPx = (faceSize: number, tile: Crop) => (faceSize * 128) / Math.max(tile.w, tile.h);
/** Whether a face (a square of `size` centred at cx, cy) lies whole inside a tile. */
const holds = (t: Crop, cx: number, cy: number, size: number) =>
  cx - size / 2 >= t.x && cx + size / 2 <= t.x + t.w && cy - size / 2 >= t.y && cy + size / 2 <= t.y + t.h;

describe('search tiles', () => {
  it('a 16:9 frame gets the whole frame, two squares its height tall, then a 4×2 grid of overlapping fine squares', () => {
    const tiles = tilesFor(1280, 720);
    expect(tiles.slice(0, 3)).toEqual([
      { x: 0, y: 0, w: 1280, h: 720 },
      { x: 0, y: 0, w: 720, h: 720 },
      { x: 560, y: 0, w: 720, h: 720 },
    ]);
    const fine = tiles.slice(3);
    expect(fine).toHaveLength(8);
    expect(fine.every((t) => t.w === 432 && t.h === 432)).toBe(true);
    expect(fine.map((t) => t.x)).toEqual([0, 283, 565, 848, 0, 283, 565, 848]);
    expect(fine.map((t) => t.y)).toEqual([0, 0, 0, 0, 288, 288, 288, 288]);
  });
  it('fine tiles stay inside the frame, reach its edges, and overlap their neighbours by at least FINE_OVERLAP', () => {
    for (const [w, h] of [[1280, 720], [1920, 1080], [640, 480], [1080, 1920], [720, 720]] as const) {
      const fine = tilesFor(w, h).filter((t) => t.w === Math.round(Math.min(w, h) * FINE_TILE));
      for (const t of fine) {
        expect(t.x).toBeGreaterThanOrEqual(0);
        expect(t.y).toBeGreaterThanOrEqual(0);
        expect(t.x + t.w).toBeLessThanOrEqual(w);
        expect(t.y + t.h).toBeLessThanOrEqual(h);
      }
      for (const axis of ['x', 'y'] as const) {
        const starts = [...new Set(fine.map((t) => t[axis]))].sort((a, b) => a - b);
        const side = fine[0]!.w;
        expect(starts[0]).toBe(0);
        expect(starts.at(-1)! + side).toBe(axis === 'x' ? w : h);
        for (let i = 1; i < starts.length; i++) expect(side - (starts[i]! - starts[i - 1]!)).toBeGreaterThanOrEqual(side * FINE_OVERLAP - 1);
      }
    }
  });
  it('a face 90 px wide anywhere in a 1280×720 frame is whole in a tile that shows it at 26 detector px or more', () => {
    const tiles = tilesFor(1280, 720);
    for (let cx = 45; cx <= 1280 - 45; cx += 7) {
      for (let cy = 45; cy <= 720 - 45; cy += 7) {
        const best = Math.max(...tiles.filter((t) => holds(t, cx, cy, 90)).map((t) => detectorPx(90, t)));
        expect(best, `face at ${cx},${cy}`).toBeGreaterThanOrEqual(26);
      }
    }
  });
  it('so does a face up to the fine tiles\' overlap (144 px); a larger one is mostly (4/5) inside a coarse tile, at 25 px or more', () => {
    const tiles = tilesFor(1280, 720);
    /** The share of a face's box inside a tile. */
    const inside = (t: Crop, cx: number, cy: number, size: number) => {
      const w = Math.min(cx + size / 2, t.x + t.w) - Math.max(cx - size / 2, t.x);
      const h = Math.min(cy + size / 2, t.y + t.h) - Math.max(cy - size / 2, t.y);
      return (Math.max(0, w) * Math.max(0, h)) / (size * size);
    };
    for (const size of [120, 144, 160, 200, 260, 360, 500]) {
      for (let cx = size / 2; cx <= 1280 - size / 2; cx += 11) {
        for (let cy = size / 2; cy <= 720 - size / 2; cy += 11) {
          const ok = size <= 144 ? tiles.some((t) => holds(t, cx, cy, size) && detectorPx(size, t) >= 26) : tiles.some((t) => inside(t, cx, cy, size) >= 0.8 && detectorPx(size, t) >= 25);
          expect(ok, `${size} px face at ${cx},${cy}`).toBe(true);
        }
      }
    }
  });
  it('a portrait phone frame gets squares at its top and bottom, then a 2×4 fine grid', () => {
    const tiles = tilesFor(1080, 1920);
    expect(tiles.slice(1, 3)).toEqual([
      { x: 0, y: 0, w: 1080, h: 1080 },
      { x: 0, y: 840, w: 1080, h: 1080 },
    ]);
    expect(tiles.slice(3).map((t) => [t.x, t.y, t.w])).toEqual([
      [0, 0, 648], [432, 0, 648],
      [0, 424, 648], [432, 424, 648],
      [0, 848, 648], [432, 848, 648],
      [0, 1272, 648], [432, 1272, 648],
    ]);
  });
  it('a 4:3 frame is searched whole, then in a 3×2 fine grid (no squares the frame\'s height: too near the whole)', () => {
    const tiles = tilesFor(640, 480);
    expect(tiles[0]).toEqual({ x: 0, y: 0, w: 640, h: 480 });
    expect(tiles.slice(1).map((t) => [t.x, t.y, t.w])).toEqual([
      [0, 0, 288], [176, 0, 288], [352, 0, 288],
      [0, 192, 288], [176, 192, 288], [352, 192, 288],
    ]);
  });
  it('tiles scale with the frame: a 1920×1080 still gets the 1280×720 frame\'s tiles, 1.5 times larger', () => {
    const small = tilesFor(1280, 720);
    const large = tilesFor(1920, 1080);
    expect(large).toHaveLength(small.length);
    large.forEach((t, i) => {
      const s = small[i]!;
      for (const k of ['x', 'y', 'w', 'h'] as const) expect(Math.abs(t[k] - s[k] * 1.5)).toBeLessThanOrEqual(1);
    });
  });
});

describe('a face crop', () => {
  it('is a square CROP_SCALE face sizes wide, centred on the face', () => {
    const c = followFace(face(400, 300, 100, 1280, 720), 1280, 720);
    expect(c.w).toBeCloseTo(100 * CROP_SCALE, 3);
    expect(c.h).toBeCloseTo(c.w, 6);
    expect(c.x + c.w / 2).toBeCloseTo(400, 3);
    expect(c.y + c.h / 2).toBeCloseTo(300, 3);
  });
  it('is kept while the face moves a little (so tracking carries over), and follows it when it moves more', () => {
    const first = followFace(face(400, 300, 100, 1280, 720), 1280, 720);
    expect(followFace(face(410, 305, 104, 1280, 720), 1280, 720, first)).toBe(first);
    const moved = followFace(face(460, 300, 100, 1280, 720), 1280, 720, first);
    expect(moved).not.toBe(first);
    expect(moved.x + moved.w / 2).toBeCloseTo(460, 3);
    const nearer = followFace(face(400, 300, 140, 1280, 720), 1280, 720, first);
    expect(nearer.w).toBeCloseTo(140 * CROP_SCALE, 3);
  });
});

describe('landmarks found in a crop', () => {
  it('map back to the frame: a point at the crop centre lands at the crop centre in the frame, z on the x scale', () => {
    const crop = { x: 300, y: 100, w: 200, h: 200 };
    const out = cropToFrame([0.5, 0.5, 0.1, 0, 1, 0], crop, 1000, 500);
    expect([...out].map((v) => +v.toFixed(6))).toEqual([0.4, 0.4, 0.02, 0.3, 0.6, 0]);
  });
  it('a crop kept in units of the frame width fits a still of another size', () => {
    const crop = { x: 320, y: 180, w: 360, h: 360 };
    const units = scaleCrop(crop, 1 / 1280);
    expect(scaleCrop(units, 1920)).toEqual({ x: 480, y: 270, w: 540, h: 540 });
  });
});

describe('faces', () => {
  it('a face box spans its landmarks in pixels', () => {
    const box = faceBox(face(400, 300, 100, 1280, 720), 1280, 720);
    expect([box.x, box.y, box.w, box.h].map((v) => Math.round(v * 1000) / 1000)).toEqual([350, 250, 100, 100]);
  });
  it('are the same face when their centres are within half a face, different otherwise', () => {
    const a = face(400, 300, 100, 1280, 720);
    expect(sameFace(a, face(430, 310, 100, 1280, 720), 1280, 720)).toBe(true);
    expect(sameFace(a, face(1000, 300, 80, 1280, 720), 1280, 720)).toBe(false);
  });
});

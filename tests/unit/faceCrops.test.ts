import { describe, expect, it } from 'vitest';
import { CROP_SCALE, cropToFrame, faceBox, followFace, sameFace, scaleCrop, tilesFor } from '../../src/features/vision/faceCrops';

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

describe('search tiles', () => {
  it('a 16:9 frame gets the whole frame and two squares its height tall, one at each end', () => {
    expect(tilesFor(1280, 720)).toEqual([
      { x: 0, y: 0, w: 1280, h: 720 },
      { x: 0, y: 0, w: 720, h: 720 },
      { x: 560, y: 0, w: 720, h: 720 },
    ]);
  });
  it('a portrait phone frame gets squares at its top and bottom', () => {
    expect(tilesFor(1080, 1920).slice(1)).toEqual([
      { x: 0, y: 0, w: 1080, h: 1080 },
      { x: 0, y: 840, w: 1080, h: 1080 },
    ]);
  });
  it('a 4:3 or squarer frame is searched whole', () => {
    expect(tilesFor(640, 480)).toEqual([{ x: 0, y: 0, w: 640, h: 480 }]);
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

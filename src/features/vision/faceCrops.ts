/**
 * Where the landmarker looks (pure geometry, no MediaPipe): each tracked face is searched in a
 * square crop that follows it, and new faces are searched in tiles of the frame.
 *
 * Why crops: the landmarker's face detector sees the whole image at 128×128, so in a 16:9 group
 * shot a face of 120 px out of 1280 is 12 detector pixels and is never found; a square tile the
 * frame's height tall shows it at twice that, still too few for a group's smaller faces (a 90 px
 * face: 16, never found either), so a grid of finer tiles follows (FINE_TILE). And a landmarker
 * asked for one face, fed a crop that keeps its face in place, skips its detector on every frame
 * it keeps the face (MediaPipe's own tracking), where one asked for two faces with one in view
 * runs it on every frame.
 */

/** A rectangle in the frame's pixels (may reach past its edges: those pixels read as black). */
export interface Crop {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A face's crop side, in face sizes (the landmarks' box): room for the head to move and turn. */
export const CROP_SCALE = 2.2;
/** A crop is kept (MediaPipe's tracking stays valid) while the face stays this near its centre… */
const KEEP_OFFSET = 0.1;
/** …and its size within this ratio of the one the crop was made for. */
const KEEP_SIZE = 1.2;

/** Fine search tiles' side, in the frame's short sides: a 90 px face in 720 is 27 of the detector's 128 px. */
export const FINE_TILE = 0.6;
/** Neighbouring fine tiles overlap by at least this share of a tile, so a face on a border is whole in one of them. */
export const FINE_OVERLAP = 1 / 3;

/** Where tiles of `side` start along `length`: as few as keep FINE_OVERLAP, spread evenly end to end. */
function spread(length: number, side: number): number[] {
  const stride = side * (1 - FINE_OVERLAP);
  const count = length <= side ? 1 : Math.ceil((length - side) / stride - 1e-9) + 1;
  return Array.from({ length: count }, (_, i) => (count === 1 ? (length - side) / 2 : Math.round((i * (length - side)) / (count - 1))));
}

/**
 * Search tiles, coarse to fine: the whole frame (faces near the camera); for a wide or tall frame,
 * two squares the short side tall at its two ends; then a grid of overlapping squares FINE_TILE
 * short sides wide (faces far away, or a group's smaller faces), row by row.
 */
export function tilesFor(width: number, height: number): Crop[] {
  const tiles: Crop[] = [{ x: 0, y: 0, w: width, h: height }];
  const long = Math.max(width, height);
  const side = Math.min(width, height);
  if (long >= side * 1.5) {
    tiles.push(
      ...(width > height
        ? [{ x: 0, y: 0, w: side, h: side }, { x: width - side, y: 0, w: side, h: side }]
        : [{ x: 0, y: 0, w: side, h: side }, { x: 0, y: height - side, w: side, h: side }]),
    );
  }
  const fine = Math.round(side * FINE_TILE);
  for (const y of spread(height, fine)) for (const x of spread(width, fine)) tiles.push({ x, y, w: fine, h: fine });
  return tiles;
}

/** A face's box in the frame's pixels, from its landmarks (x, y, z interleaved, normalised to the frame). */
export function faceBox(points: Float32Array, width: number, height: number): Crop {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < points.length; i += 3) {
    const x = points[i]! * width;
    const y = points[i + 1]! * height;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

const centre = (c: Crop) => ({ x: c.x + c.w / 2, y: c.y + c.h / 2 });

/**
 * The crop to look for this face in next: the previous one while the face stays near its centre
 * at about the size it was made for (so MediaPipe's tracking carries over), else a new square
 * around the face.
 */
export function followFace(points: Float32Array, width: number, height: number, previous?: Crop): Crop {
  const box = faceBox(points, width, height);
  const size = Math.max(box.w, box.h, 1);
  const c = centre(box);
  if (previous) {
    const p = centre(previous);
    const wanted = size * CROP_SCALE;
    const ratio = previous.w / wanted;
    const moved = Math.hypot(c.x - p.x, c.y - p.y) / previous.w;
    if (moved < KEEP_OFFSET && ratio < KEEP_SIZE && ratio > 1 / KEEP_SIZE) return previous;
  }
  const side = size * CROP_SCALE;
  return { x: c.x - side / 2, y: c.y - side / 2, w: side, h: side };
}

/** The same crop on a frame of another size (a capture's full-resolution still). */
export function scaleCrop(c: Crop, factor: number): Crop {
  return { x: c.x * factor, y: c.y * factor, w: c.w * factor, h: c.h * factor };
}

/**
 * Landmarks found in a crop (normalised to the crop), in the frame's normalised coordinates. z is
 * on the x scale, as MediaPipe gives it.
 */
export function cropToFrame(points: ArrayLike<number>, crop: Crop, width: number, height: number): Float32Array {
  const out = new Float32Array(points.length);
  for (let i = 0; i < points.length; i += 3) {
    out[i] = (crop.x + points[i]! * crop.w) / width;
    out[i + 1] = (crop.y + points[i + 1]! * crop.h) / height;
    out[i + 2] = (points[i + 2]! * crop.w) / width;
  }
  return out;
}

/** Whether two faces' landmarks are the same face (their boxes' centres within half a face). */
export function sameFace(a: Float32Array, b: Float32Array, width: number, height: number): boolean {
  return sameBox(faceBox(a, width, height), faceBox(b, width, height));
}

/** Whether two faces' boxes (in one frame's units) are the same face: their centres within half a face. */
export function sameBox(ba: Crop, bb: Crop): boolean {
  const ca = centre(ba);
  const cb = centre(bb);
  return Math.hypot(ca.x - cb.x, ca.y - cb.y) < 0.5 * Math.max(ba.w, ba.h, bb.w, bb.h);
}

/** The output size for a crop: `side` on its long side, the crop's own shape. */
export function cropSize(c: Crop, side: number): { width: number; height: number } {
  const s = side / Math.max(c.w, c.h);
  return { width: Math.max(1, Math.round(c.w * s)), height: Math.max(1, Math.round(c.h * s)) };
}

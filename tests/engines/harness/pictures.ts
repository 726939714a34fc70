/**
 * Photos read as a person would compare them, decoded here (not by the browser): a photo in a
 * strip's slot, two photos' difference over a region, the box around some face landmarks. For the
 * engines' booth specs (firefox-booth, webkit-faces).
 */
import jpeg from 'jpeg-js';
import type { Face, Region } from './ffBooth';

/** The pixels of a JPEG decoded here (not by the browser). */
export const decode = (bytes: Buffer) => jpeg.decode(bytes, { useTArray: true, maxMemoryUsageInMB: 1024 });
export type Img = ReturnType<typeof decode>;
export type Box = { x: number; y: number; w: number; h: number };

/** Samples a 5×5 grid over a box's middle: a photo is there when the samples differ clearly (not a flat fill). */
export function photoIn(img: Img, box: Box): { spread: number } {
  const sums: number[] = [];
  for (let i = 1; i < 6; i++) {
    for (let j = 1; j < 6; j++) {
      const x = Math.min(img.width - 1, Math.round((box.x + (box.w * i) / 6) * img.width));
      const y = Math.min(img.height - 1, Math.round((box.y + (box.h * j) / 6) * img.height));
      const k = (y * img.width + x) * 4;
      sums.push(img.data[k]! + img.data[k + 1]! + img.data[k + 2]!);
    }
  }
  return { spread: Math.max(...sums) - Math.min(...sums) };
}

/** Mean absolute RGB difference of two photos (one size) over a region (fractions). */
export function photoDiff(a: Img, b: Img, [x0, y0, x1, y1]: Region): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.round(y0 * a.height); y < Math.round(y1 * a.height); y++) {
    for (let x = Math.round(x0 * a.width); x < Math.round(x1 * a.width); x++) {
      const i = (y * a.width + x) * 4;
      for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i + c]! - b.data[i + c]!);
      n += 3;
    }
  }
  return sum / n;
}

/** The box of some landmarks (normalised), grown by `grow` of its own size; `mirror` flips x (the preview is mirrored). */
export function boxAround(face: Face, ids: number[], grow = 0, mirror = false): Region {
  const xs = ids.map((i) => (mirror ? 1 - face[i]!.x : face[i]!.x));
  const ys = ids.map((i) => face[i]!.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const gx = (x1 - x0) * grow;
  const gy = (y1 - y0) * grow;
  return [Math.max(0, x0 - gx), Math.max(0, y0 - gy), Math.min(1, x1 + gx), Math.min(1, y1 + gy)];
}
/** The eyes' landmarks. */
export const EYES = [33, 133, 159, 145, 263, 362, 386, 374];
/** Forehead, cheeks and chin: the skin the retouch works on. */
export const FACE = [10, 234, 454, 152];
/** The photo's corners, far from the face. */
export const CORNERS: Region[] = [
  [0, 0, 0.12, 0.12],
  [0.88, 0, 1, 0.12],
];

import type { Page } from '@playwright/test';
import { coverCrop } from '../../../src/features/strip/crop';
import { decodeJpeg, type Pixels } from './designs';

/**
 * Which of the session's photos a picture is (a strip's slot, a boomerang's frame): each shrunk
 * to a coarse grid, each cell its mean colour and how much its luma varies (a style's tones and
 * colours, and how much texture it leaves: oil paint is a smoothed photo, pencil its strokes on
 * paper), and compared cell by cell. On a frozen camera every photo is the same frame, so what
 * tells them apart is the style each was taken in.
 */

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Each cell of a `gx`-wide grid over `rect` of `p` (the grid keeps the rect's shape): mean R, G, B and the luma's standard deviation. */
export function cells(p: Pixels, rect: Rect = { x: 0, y: 0, w: p.width, h: p.height }, gx = 48): Float64Array {
  const gy = Math.max(1, Math.round((gx * rect.h) / rect.w));
  const sum = new Float64Array(gx * gy * 4);
  const squares = new Float64Array(gx * gy);
  const n = new Float64Array(gx * gy);
  const y0 = Math.max(0, Math.floor(rect.y));
  const x0 = Math.max(0, Math.floor(rect.x));
  for (let y = y0; y < Math.min(p.height, rect.y + rect.h); y++) {
    const cy = Math.min(gy - 1, Math.floor(((y - rect.y) / rect.h) * gy));
    for (let x = x0; x < Math.min(p.width, rect.x + rect.w); x++) {
      const cx = Math.min(gx - 1, Math.floor(((x - rect.x) / rect.w) * gx));
      const i = (y * p.width + x) * 4;
      const k = cy * gx + cx;
      for (let c = 0; c < 3; c++) sum[k * 4 + c] = sum[k * 4 + c]! + p.data[i + c]!;
      const luma = 0.299 * p.data[i]! + 0.587 * p.data[i + 1]! + 0.114 * p.data[i + 2]!;
      sum[k * 4 + 3] = sum[k * 4 + 3]! + luma;
      squares[k] = squares[k]! + luma * luma;
      n[k] = n[k]! + 1;
    }
  }
  for (let k = 0; k < n.length; k++) {
    const m = Math.max(1, n[k]!);
    for (let c = 0; c < 4; c++) sum[k * 4 + c] = sum[k * 4 + c]! / m;
    // The fourth value: the luma's spread in the cell (its mean is not needed beside R, G, B).
    sum[k * 4 + 3] = Math.sqrt(Math.max(0, squares[k]! / m - sum[k * 4 + 3]! ** 2));
  }
  return sum;
}

/** Mean absolute difference of two grids (0–255). */
export function cellDiff(a: Float64Array, b: Float64Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += Math.abs(a[i]! - b[i]!);
  return d / a.length;
}

/** The part of a photo the strip draws into a w×h slot (the strip's own coverCrop). */
export function coverRect(photo: { width: number; height: number; focus?: { x: number; y: number } }, w: number, h: number): Rect {
  const { sx, sy, sw, sh } = coverCrop(photo.width, photo.height, w, h, photo.focus);
  return { x: sx, y: sy, w: sw, h: sh };
}

/** The middle of a rect: `inset` of its width and height taken off each side. */
export const inner = (r: Rect, inset = 0.1): Rect => ({ x: r.x + r.w * inset, y: r.y + r.h * inset, w: r.w * (1 - 2 * inset), h: r.h * (1 - 2 * inset) });

export interface Still {
  pixels: Pixels;
  width: number;
  height: number;
  focus?: { x: number; y: number };
}

/** The session's photos' stills as saved (JPEG, decoded here), with where their faces are. */
export async function sessionStills(page: Page): Promise<Still[]> {
  const got = await page.evaluate(async () => {
    const photos = window.__pbTest!.photos();
    return Promise.all(
      photos.map(async (p, i) => {
        const bytes = new Uint8Array(await window.__pbTest!.photoBlobs(i).still.arrayBuffer());
        let s = '';
        for (let k = 0; k < bytes.length; k += 0x8000) s += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
        return { b64: btoa(s), focus: p.focus };
      }),
    );
  });
  return got.map(({ b64, focus }) => {
    const pixels = decodeJpeg(Buffer.from(b64, 'base64'));
    return { pixels, width: pixels.width, height: pixels.height, focus };
  });
}

/** A picture's `rect` against every still (each cropped by `crop` of it), on `gx`-wide grids: the differences, in the stills' order. */
export function againstStills(p: Pixels, rect: Rect, stills: Still[], crop: (s: Still) => Rect, gx = 48): number[] {
  const own = cells(p, rect, gx);
  return stills.map((s) => cellDiff(own, cells(s.pixels, crop(s), gx)));
}

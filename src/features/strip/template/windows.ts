/**
 * A host's overlay with windows: a PNG (made in Canva, Photoshop…) that covers the paper except for
 * transparent holes where the photos show. Each hole becomes a photo slot under the overlay, found
 * from the alpha channel and numbered top to bottom, then left to right within a row.
 */
import { newDesignId, type SavedDesign } from './store';
import { addPicture } from './pictures';
import { TEMPLATE_FORMAT, type Layer, type Paper } from './model';

export interface WindowRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Alpha below this (of 255) is a window. */
const CLEAR = 128;
/** A hole smaller than this share of the paper is a speck, not a window. */
const MIN_AREA = 0.004;
/** The alpha is read at this long side: enough for any window's edge within a fraction of a percent. */
const SCAN_SIDE = 480;
/** The overlay is kept at this long side: a 6 in print at 300 dpi, twice over for a 2×6 strip's width. */
export const OVERLAY_MAX_SIDE = 3600;

/**
 * The transparent regions of an RGBA picture, as fractions of its size: each region's bounding box,
 * grown by one scanned pixel so the photo runs under the overlay's anti-aliased edge. Ordered top
 * to bottom; windows whose middles share a row are ordered left to right.
 */
export function findWindows(img: { width: number; height: number; data: Uint8ClampedArray }): WindowRect[] {
  const { width: W, height: H, data } = img;
  const seen = new Uint8Array(W * H);
  const queue = new Int32Array(W * H);
  const found: (WindowRect & { area: number })[] = [];
  for (let start = 0; start < W * H; start++) {
    if (seen[start] || data[start * 4 + 3]! >= CLEAR) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    seen[start] = 1;
    let x0 = W;
    let y0 = H;
    let x1 = 0;
    let y1 = 0;
    while (head < tail) {
      const p = queue[head++]!;
      const x = p % W;
      const y = (p - x) / W;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const next = [x > 0 ? p - 1 : -1, x < W - 1 ? p + 1 : -1, y > 0 ? p - W : -1, y < H - 1 ? p + W : -1];
      for (const q of next) {
        if (q < 0 || seen[q] || data[q * 4 + 3]! >= CLEAR) continue;
        seen[q] = 1;
        queue[tail++] = q;
      }
    }
    if (tail / (W * H) < MIN_AREA) continue;
    const gx0 = Math.max(0, x0 - 1);
    const gy0 = Math.max(0, y0 - 1);
    const gx1 = Math.min(W, x1 + 2);
    const gy1 = Math.min(H, y1 + 2);
    found.push({ x: gx0 / W, y: gy0 / H, w: (gx1 - gx0) / W, h: (gy1 - gy0) / H, area: tail });
  }
  // Rows: a window belongs to the row of the first window above whose vertical span holds its middle.
  found.sort((a, b) => a.y - b.y);
  const rows: (typeof found)[] = [];
  for (const win of found) {
    const mid = win.y + win.h / 2;
    const row = rows.find((r) => r.some((o) => mid >= o.y && mid <= o.y + o.h));
    if (row) row.push(win);
    else rows.push([win]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.x - b.x)).map(({ x, y, w, h }) => ({ x, y, w, h }));
}

/** The paper for a picture's shape: a standard one within 2%, else 6 in on its long side. */
export function paperFor(width: number, height: number): Paper {
  const aspect = width / height;
  for (const p of [
    { w: 2, h: 6 },
    { w: 4, h: 6 },
    { w: 6, h: 4 },
    { w: 4, h: 4 },
    { w: 6, h: 2 },
  ]) {
    if (Math.abs(p.w / p.h / aspect - 1) < 0.02) return p;
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return aspect >= 1 ? { w: 6, h: Math.max(1, round(6 / aspect)) } : { w: Math.max(1, round(6 * aspect)), h: 6 };
}

/** The picture's alpha, read at SCAN_SIDE. */
async function scanAlpha(blob: Blob) {
  const bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none' });
  try {
    const s = Math.min(1, SCAN_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * s));
    const height = Math.max(1, Math.round(bitmap.height * s));
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(bitmap, 0, 0, width, height);
    return ctx.getImageData(0, 0, width, height);
  } finally {
    bitmap.close();
  }
}

export type OverlayResult = { ok: true; design: SavedDesign } | { ok: false; problem: 'notPicture' | 'tooBig' | 'noWindows' };

/** A new design from an overlay: its paper from the overlay's shape, a photo slot under each window, the overlay above. */
export async function overlayDesign(file: Blob, name: string): Promise<OverlayResult> {
  const added = await addPicture(file, { maxSide: OVERLAY_MAX_SIDE });
  if (!added.ok) return added;
  const windows = findWindows(await scanAlpha(added.blob));
  if (!windows.length) return { ok: false, problem: 'noWindows' };
  const slots: Layer[] = windows.map((w, i) => ({
    kind: 'photo',
    id: `slot-${i + 1}`,
    ...w,
    rotation: 0,
    shot: Math.min(i, 7),
    radius: 0,
    border: { width: 0, color: '#000000' },
    style: 'plain',
    tint: '',
  }));
  return {
    ok: true,
    design: {
      template: {
        format: TEMPLATE_FORMAT,
        id: newDesignId(),
        name,
        paper: paperFor(added.width, added.height),
        background: { color: '#ffffff', picture: '' },
        base: 'none',
        layers: [...slots, { kind: 'overlay', id: 'overlay', picture: added.key }],
      },
      pictures: { [added.key]: added.blob },
      savedAt: Date.now(),
    },
  };
}

import jpeg from 'jpeg-js';
import { expect, type Page } from '@playwright/test';
import { openBooth } from '../drivers/booth';

/**
 * Beauty test helpers, measured on captured photos (what the visitor keeps). To compare beauty
 * off and on at the same landmarks, `freeze` pauses the <video> element: every capture then
 * takes the very same camera frame. Landmark positions come from the test seam
 * (window.__pbTest.landmarks(), src/test-seam/install.ts; test build only).
 */

export type Pt = { x: number; y: number };
export interface Photo {
  width: number;
  height: number;
  data: Uint8Array;
}
export const LEVELS = ['smooth', 'brightness', 'enhance', 'slim', 'eyes', 'lips', 'blush', 'teeth', 'eyeWhites'] as const;
export type Level = (typeof LEVELS)[number];


export async function enableBeauty(page: Page) {
  const toggle = page.getByTestId('beauty-enable');
  if (!(await toggle.isChecked())) await toggle.check();
  await expect(page.getByTestId('beauty-panel')).toHaveAttribute('data-model', 'ready', { timeout: 60_000 });
}

export async function setLevels(page: Page, levels: Partial<Record<Level, number>>) {
  for (const key of LEVELS) {
    const slider = page.locator(`input[data-level="${key}"]`);
    await slider.fill(String(levels[key] ?? 0));
    await expect(slider).toHaveValue(String(levels[key] ?? 0));
  }
}

/** Pauses the camera video so every following capture takes the same frame. */
export async function freeze(page: Page) {
  await page.evaluate(async () => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video');
    if (!v) throw new Error('no video');
    v.pause();
    await new Promise((r) => setTimeout(r, 100));
  });
}

/** Takes one photo through the booth UI and decodes the JPEG the visitor would download. */
export async function shoot(page: Page): Promise<Photo> {
  const thumb = page.getByTestId('captured-thumb').first();
  const before = (await thumb.count()) ? await thumb.getAttribute('data-photo-id') : null;
  await page.getByTestId('start-capture').click();
  await expect
    .poll(async () => ((await thumb.count()) ? await thumb.getAttribute('data-photo-id') : null), { timeout: 30_000 })
    .not.toBe(before);
  await expect(thumb.locator('img')).toHaveAttribute('src', /^blob:/);
  const b64 = await thumb.locator('img').evaluate(async (img: HTMLImageElement) => {
    const bytes = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  const img = jpeg.decode(Buffer.from(b64, 'base64'), { useTArray: true });
  return { width: img.width, height: img.height, data: img.data };
}

/**
 * One photo of the frozen camera and the landmarks its own still search found. That search has a
 * deadline, and a cold one can miss it on a loaded CI machine (the photo then goes on without
 * them, as it should): the camera being frozen, the shot is taken again, of the same frame, up to
 * three times. The search's answer is taken only from a shot that started after the last one was cleared.
 */
export async function shootWithStill(page: Page): Promise<{ photo: Photo; face: Pt[] }> {
  for (let i = 0; ; i++) {
    await page.evaluate(() => window.__pbTest!.clearStillLandmarks());
    const photo = await shoot(page);
    const [face] = await stillLandmarks(page);
    if (face || i === 2) {
      expect(face, 'landmarks of the captured frame').toHaveLength(478);
      return { photo, face: face! };
    }
  }
}

export async function stillLandmarks(page: Page): Promise<Pt[][]> {
  return page.evaluate(
    () => window.__pbTest!.landmarks().lastStill,
  );
}

/**
 * The common start of a measured beauty test: the booth open, beauty on, the camera frozen, one
 * photo with every level at 0, and that frame's landmarks (`P(i)`: landmark i in photo pixels).
 */
export async function plainShot(page: Page) {
  await openBooth(page, { shots: 1, countdown: 0 });
  await enableBeauty(page);
  await freeze(page);
  await setLevels(page, {});
  const { photo: plain, face } = await shootWithStill(page);
  const P = (i: number): Pt => ({ x: face[i]!.x * plain.width, y: face[i]!.y * plain.height });
  return { plain, face, P };
}

export const luma = (p: Photo, x: number, y: number) => {
  const i = (Math.round(y) * p.width + Math.round(x)) * 4;
  return 0.299 * p.data[i]! + 0.587 * p.data[i + 1]! + 0.114 * p.data[i + 2]!;
};

type Box = readonly [x0: number, y0: number, x1: number, y1: number];

/**
 * The mean of `value(i)` over a box's pixels (i: the pixel's offset in RGBA data), clipped to the
 * photo; `keep` can leave pixels out. The one pixel loop the measures below share.
 */
function boxMean(p: Photo, [x0, y0, x1, y1]: Box, value: (i: number) => number, keep?: (x: number, y: number) => boolean) {
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, Math.round(y0)); y < Math.min(p.height, Math.round(y1)); y++) {
    for (let x = Math.max(0, Math.round(x0)); x < Math.min(p.width, Math.round(x1)); x++) {
      if (keep && !keep(x, y)) continue;
      sum += value((y * p.width + x) * 4);
      n++;
    }
  }
  return sum / n;
}

/** Mean absolute RGB difference between two photos at pixel offset i. */
const rgbDiff = (a: Photo, b: Photo) => (i: number) =>
  (Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!)) / 3;

/** Mean absolute RGB difference over a box (x0,y0)-(x1,y1). */
export function meanDiff(a: Photo, b: Photo, ...box: Box) {
  return boxMean(a, box, rgbDiff(a, b));
}

/** Mean luma over a box (x0,y0)-(x1,y1). */
export function meanLuma(p: Photo, ...box: Box) {
  return boxMean(p, box, (i) => 0.299 * p.data[i]! + 0.587 * p.data[i + 1]! + 0.114 * p.data[i + 2]!);
}

/** Mean red-to-green ratio over a box. */
export function redToGreen(p: Photo, ...box: Box) {
  return boxMean(p, box, (i) => p.data[i]!) / Math.max(1, boxMean(p, box, (i) => p.data[i + 1]!));
}

/** Mean yellowness over a box: how far red and green stand above blue. */
export function yellowness(p: Photo, ...box: Box) {
  return boxMean(p, box, (i) => (p.data[i]! + p.data[i + 1]!) / 2 - p.data[i + 2]!);
}

/** Fine detail: mean absolute Laplacian of luma over a box. */
export function detail(p: Photo, cx: number, cy: number, r: number) {
  let sum = 0;
  let n = 0;
  for (let y = cy - r; y <= cy + r; y++) {
    for (let x = cx - r; x <= cx + r; x++) {
      sum += Math.abs(4 * luma(p, x, y) - luma(p, x - 1, y) - luma(p, x + 1, y) - luma(p, x, y - 1) - luma(p, x, y + 1));
      n++;
    }
  }
  return sum / n;
}

/** Contrast: standard deviation of luma over a box. */
export function contrast(p: Photo, x0: number, y0: number, x1: number, y1: number) {
  const v: number[] = [];
  for (let y = Math.round(y0); y <= y1; y++) for (let x = Math.round(x0); x <= x1; x++) v.push(luma(p, x, y));
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  return Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / v.length);
}

/**
 * How far the content of a strip of rows around (cx, cy) moved horizontally from `a` to `b`
 * (positive = to the right), by the best sum-of-differences match.
 */
export function horizontalShift(a: Photo, b: Photo, cx: number, cy: number) {
  let best = 0;
  let bestErr = Infinity;
  for (let s = -25; s <= 25; s++) {
    let err = 0;
    for (let y = cy - 6; y <= cy + 6; y += 2) for (let x = cx - 30; x <= cx + 30; x++) err += Math.abs(luma(a, x, y) - luma(b, x + s, y));
    if (err < bestErr) {
      bestErr = err;
      best = s;
    }
  }
  return best;
}


/** High-frequency energy: mean squared difference between luma and its 3×3 neighbours' mean, over a box. */
export function hfEnergy(p: Photo, x0: number, y0: number, x1: number, y1: number) {
  let sum = 0;
  let n = 0;
  for (let y = Math.round(y0); y <= y1; y++) {
    for (let x = Math.round(x0); x <= x1; x++) {
      let around = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (dx || dy) around += luma(p, x + dx, y + dy);
      sum += (luma(p, x, y) - around / 8) ** 2;
      n++;
    }
  }
  return sum / n;
}

/** The bounding box of some landmarks in photo pixels, grown by `grow` px. */
export function boxOf(points: Pt[], grow = 0): [number, number, number, number] {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return [Math.min(...xs) - grow, Math.min(...ys) - grow, Math.max(...xs) + grow, Math.max(...ys) + grow];
}

/**
 * Mean absolute RGB difference over the pixels outside a polygon (`ring`, scaled by `scale` about
 * its centroid) and inside the ring's box scaled by `reach`: the area just around a face.
 */
export function diffOutside(a: Photo, b: Photo, ring: Pt[], scale: number, reach = 2) {
  const c = ring.reduce((s, p) => ({ x: s.x + p.x / ring.length, y: s.y + p.y / ring.length }), { x: 0, y: 0 });
  const poly = ring.map((p) => ({ x: c.x + (p.x - c.x) * scale, y: c.y + (p.y - c.y) * scale }));
  const inside = (x: number, y: number) => {
    let hit = false;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const pi = poly[i]!;
      const pj = poly[j]!;
      if (pi.y > y !== pj.y > y && x < ((pj.x - pi.x) * (y - pi.y)) / (pj.y - pi.y) + pi.x) hit = !hit;
    }
    return hit;
  };
  const box = boxOf(ring.map((p) => ({ x: c.x + (p.x - c.x) * reach, y: c.y + (p.y - c.y) * reach })));
  return boxMean(a, box, rgbDiff(a, b), (x, y) => !inside(x, y));
}

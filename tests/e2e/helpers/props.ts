import type { Page } from '@playwright/test';
import { stableReading } from './stable';

/**
 * Props test helpers: previews (read through the test seam right after a render) and photos kept
 * in the page by name; a region of one is read out and measured here. Regions are fractions of
 * the frame [x0, y0, x1, y1].
 */
export type Region = [number, number, number, number];

/** A box around a face's eyes (where glasses go), 0..1, in a mirrored preview's coordinates (or, `mirrored` false, the camera's). */
export function eyesRegion(face: { x: number; y: number }[], mirrored = true): Region {
  const pts = [33, 133, 159, 145, 263, 362, 386, 374].map((i) => face[i]!);
  const xs = pts.map((p) => (mirrored ? 1 - p.x : p.x));
  const ys = pts.map((p) => p.y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export async function liveFaces(page: Page): Promise<{ x: number; y: number }[][]> {
  return page.evaluate(() => window.__pbTest!.landmarks().live);
}

/**
 * Waits until the live landmarks stop moving: with the camera frozen, each redraw offers the same
 * frame to the landmarker, and the smoothed landmarks settle on it, within half a pixel. (Not a
 * tenth: four faces under load went on wobbling by more than that for 20 s in a CI run, and the
 * eye boxes read from them are tens of pixels wide, so half a pixel changes no comparison.)
 */
export function settledFaces(page: Page) {
  type Faces = { x: number; y: number }[][];
  const moved = (last: Faces, now: Faces) =>
    now.length !== last.length || now.some((f, i) => f.some((p, j) => Math.abs(p.x - last[i]![j]!.x) * 1280 > 0.5 || Math.abs(p.y - last[i]![j]!.y) * 720 > 0.5));
  return stableReading(
    async () => {
      await keepPreview(page, 'settling');
      return liveFaces(page);
    },
    { timeout: 20_000, message: 'live landmarks settled on the frozen frame', same: (a, b) => !moved(a, b) },
  );
}

/** Keeps the preview's pixels (right after a render) in the page under `name`. */
export function keepPreview(page: Page, name: string) {
  return page.evaluate(async (name) => {
    (window as unknown as Record<string, unknown>)[name] = await window.__pbTest!.previewPixels();
  }, name);
}

/**
 * Keeps the preview under `name` once it has settled: two redraws in a row the same (the camera
 * frozen, a look just chosen is then wholly drawn — under load the first redraw after a change
 * could still miss part of it, a retouch's programs or its faces on their way).
 */
export async function keepSettledPreview(page: Page, name: string) {
  let turn = 0;
  const last = await stableReading(
    async () => {
      const kept = `${name}#${turn++ % 2}`;
      await keepPreview(page, kept);
      return kept;
    },
    { timeout: 30_000, message: `the preview settled (${name})`, same: async (a, b) => (await regionDiff(page, a, b, [0, 0, 1, 1])) < 0.5 },
  );
  await page.evaluate(([from, to]) => {
    const w = window as unknown as Record<string, unknown>;
    w[to] = w[from];
  }, [last, name] as const);
}

type Kept = { width: number; height: number; data: Uint8ClampedArray };

/** A kept image's pixels in a region (RGBA, row by row), read out of the page. */
async function regionOf(page: Page, name: string, region: Region): Promise<Uint8Array> {
  const b64 = await page.evaluate(
    ({ name, region }) => {
      const P = (window as unknown as Record<string, Kept>)[name]!;
      const [x0, y0, x1, y1] = [region[0] * P.width, region[1] * P.height, region[2] * P.width, region[3] * P.height].map(Math.round) as Region;
      let s = '';
      for (let y = Math.max(0, y0); y < Math.min(P.height, y1); y++) {
        const row = P.data.subarray((y * P.width + Math.max(0, x0)) * 4, (y * P.width + Math.min(P.width, x1)) * 4);
        for (let i = 0; i < row.length; i += 0x8000) s += String.fromCharCode(...row.subarray(i, i + 0x8000));
      }
      return btoa(s);
    },
    { name, region },
  );
  return new Uint8Array(Buffer.from(b64, 'base64'));
}

/** Mean absolute RGB difference (0–255) between two kept images (of one size) over a region. */
export async function regionDiff(page: Page, a: string, b: string, region: Region) {
  const [A, B] = await Promise.all([regionOf(page, a, region), regionOf(page, b, region)]);
  let sum = 0;
  for (let i = 0; i < A.length; i++) if (i % 4 !== 3) sum += Math.abs(A[i]! - B[i]!);
  return sum / Math.max(1, (A.length / 4) * 3);
}

/**
 * Mean absolute RGB difference (0–255) between two kept images of one size, each through a 3×3
 * box blur first: for pictures finer than two downscales agree on pixel for pixel (a style's dots
 * and strokes), compared as a person sees them.
 */
export async function blurredDiff(page: Page, a: string, b: string) {
  const width = await page.evaluate((a) => (window as unknown as Record<string, Kept>)[a]!.width, a);
  const [A, B] = await Promise.all([regionOf(page, a, [0, 0, 1, 1]), regionOf(page, b, [0, 0, 1, 1])]);
  const height = A.length / 4 / width;
  const blurred = (P: Uint8Array, x: number, y: number, ch: number) => {
    let s = 0;
    for (let j = -1; j <= 1; j++)
      for (let i = -1; i <= 1; i++) s += P[(Math.min(height - 1, Math.max(0, y + j)) * width + Math.min(width - 1, Math.max(0, x + i))) * 4 + ch]!;
    return s / 9;
  };
  let sum = 0;
  let n = 0;
  for (let y = 0; y < height; y += 2)
    for (let x = 0; x < width; x += 2)
      for (let ch = 0; ch < 3; ch++, n++) sum += Math.abs(blurred(A, x, y, ch) - blurred(B, x, y, ch));
  return sum / Math.max(1, n);
}

/** Mean spread between a pixel's largest and smallest channel over a region (0 for grey). */
export async function regionSpread(page: Page, name: string, region: Region) {
  const P = await regionOf(page, name, region);
  let sum = 0;
  for (let i = 0; i < P.length; i += 4) sum += Math.max(P[i]!, P[i + 1]!, P[i + 2]!) - Math.min(P[i]!, P[i + 1]!, P[i + 2]!);
  return sum / Math.max(1, P.length / 4);
}

/** Keeps photo `index` (decoded, scaled to the kept preview `like`'s size) in the page under `name`. */
export function keepPhoto(page: Page, index: number, like: string, name: string) {
  return page.evaluate(
    async ({ index, like, name }) => {
      const w = window as unknown as Record<string, Kept>;
      const { width, height } = w[like]!;
      const img = document.querySelectorAll<HTMLImageElement>('[data-testid="captured-thumb"] img')[index]!;
      const bitmap = await createImageBitmap(await (await fetch(img.src)).blob());
      const ctx = new OffscreenCanvas(width, height).getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0, width, height);
      w[name] = { width, height, data: ctx.getImageData(0, 0, width, height).data };
    },
    { index, like, name },
  );
}

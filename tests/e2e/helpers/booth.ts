import { readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { expect, type Page } from '@playwright/test';
import { clip } from '../env';

/** Booth test helpers: the preview's pixels, the captured photos, the clip's own first frame. */

/** Grey levels of an RGBA image averaged into a cols×rows grid (for comparing pictures). */
export function grid(data: ArrayLike<number>, width: number, height: number, cols = 32, rows = 18, mirror = false): number[] {
  const sums = new Array(cols * rows).fill(0);
  const counts = new Array(cols * rows).fill(0);
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const i = (y * width + x) * 4;
      const cx = Math.min(cols - 1, Math.floor((x / width) * cols));
      const cell = Math.min(rows - 1, Math.floor((y / height) * rows)) * cols + (mirror ? cols - 1 - cx : cx);
      sums[cell] += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      counts[cell]++;
    }
  }
  return sums.map((s, i) => s / counts[i]);
}

export function correlation(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

/** Every frame of a clip, decoded (an MJPEG file is JPEGs back to back). */
export function clipFrames(name: string) {
  const bytes = readFileSync(clip(name));
  const frames = [];
  for (let start = 0; start < bytes.length; ) {
    const end = bytes.indexOf(Buffer.from([0xff, 0xd9]), start) + 2;
    if (end < 2) break;
    frames.push(jpeg.decode(bytes.subarray(start, end), { useTArray: true }));
    start = bytes.indexOf(Buffer.from([0xff, 0xd8]), end);
    if (start < 0) break;
  }
  return frames;
}

/** The clip's first frame: an MJPEG file is JPEGs back to back. */
export function firstClipFrame(name: string) {
  const bytes = readFileSync(clip(name));
  const end = bytes.indexOf(Buffer.from([0xff, 0xd9])) + 2;
  return jpeg.decode(bytes.subarray(0, end), { useTArray: true });
}

export interface CanvasStats {
  width: number;
  height: number;
  r: number;
  g: number;
  b: number;
  saturation: number;
  /** Mean grey of a 32×18 grid over the canvas (see `grid`). */
  cells: number[];
}

/** What the preview canvas shows right now: mean colour, mean HSV saturation and a coarse grey grid. */
export async function previewPixels(page: Page): Promise<CanvasStats> {
  // The test seam reads the canvas right after a render (the app does not preserve its buffer).
  return page.evaluate(async () => {
    const { width: w, height: h, data } = await window.__pbTest!.previewPixels();
    let r = 0;
    let g = 0;
    let b = 0;
    let sat = 0;
    const n = w * h;
    const cols = 32;
    const rows = 18;
    const sums = new Array(cols * rows).fill(0);
    const counts = new Array(cols * rows).fill(0);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 4;
        const R = data[i]!;
        const G = data[i + 1]!;
        const B = data[i + 2]!;
        r += R;
        g += G;
        b += B;
        const max = Math.max(R, G, B);
        sat += max ? (max - Math.min(R, G, B)) / max : 0;
        const cell = Math.min(rows - 1, Math.floor((y / h) * rows)) * cols + Math.min(cols - 1, Math.floor((x / w) * cols));
        sums[cell] += 0.299 * R + 0.587 * G + 0.114 * B;
        counts[cell]++;
      }
    }
    const cells = sums.map((v, i) => v / counts[i]);
    return { width: w, height: h, r: r / n, g: g / n, b: b / n, saturation: sat / n, cells };
  });
}

export async function pickFilter(page: Page, id: string) {
  await page.getByTestId(`filter-${id}`).click();
  await expect(page.getByTestId(`filter-${id}`)).toHaveAttribute('aria-checked', 'true');
  // A frame drawn after the change (the seam asks for one and waits for it) shows it.
  await previewPixels(page);
}

/** Decoded JPEGs of the captured thumbnails (the very Blobs in the session atom). */
export async function capturedJpegs(page: Page) {
  // A shot shows its photo once it is written (until then its place waits, without a picture).
  await expect(page.locator('[data-testid="captured-thumb"][data-saved="false"]')).toHaveCount(0, { timeout: 15_000 });
  // …and its picture a render later (the object URL is made in an effect): read each shot's own
  // <img>, never a list that may skip one still without it.
  await expect(page.locator('[data-testid="captured-thumb"]:not(:has(img))')).toHaveCount(0);
  const b64s = await page.getByTestId('captured-thumb').locator('img').evaluateAll(async (imgs) =>
    Promise.all(
      (imgs as HTMLImageElement[]).map(async (img) => {
        const blob = await (await fetch(img.src)).blob();
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let s = '';
        for (const b of bytes) s += String.fromCharCode(b);
        return { type: blob.type, data: btoa(s) };
      }),
    ),
  );
  return b64s.map(({ type, data }) => ({ type, ...jpeg.decode(Buffer.from(data, 'base64'), { useTArray: true }) }));
}

export function meanRgb(img: { data: Uint8Array; width: number; height: number }) {
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    r += img.data[i]!;
    g += img.data[i + 1]!;
    b += img.data[i + 2]!;
  }
  const n = img.width * img.height;
  return { r: r / n, g: g / n, b: b / n };
}

import { expect, type Page } from '@playwright/test';

/**
 * Props test helpers: previews kept in the page by name (read through the test seam right after a
 * render), compared over regions given as fractions of the frame [x0, y0, x1, y1].
 */
export type Region = [number, number, number, number];

export async function liveFaces(page: Page): Promise<{ x: number; y: number }[][]> {
  return page.evaluate(() => window.__pbTest!.landmarks().live);
}

/**
 * Waits until the live landmarks stop moving: with the camera frozen, each redraw offers the same
 * frame to the landmarker, and the smoothed landmarks settle on it (within a tenth of a pixel).
 */
export async function settledFaces(page: Page) {
  let last: { x: number; y: number }[][] = [];
  await expect
    .poll(
      async () => {
        await keepPreview(page, 'settling');
        const now = await liveFaces(page);
        const moved = now.length !== last.length || now.some((f, i) => f.some((p, j) => Math.abs(p.x - last[i]![j]!.x) * 1280 > 0.1 || Math.abs(p.y - last[i]![j]!.y) * 720 > 0.1));
        last = now;
        return moved;
      },
      { timeout: 20_000, message: 'live landmarks settled on the frozen frame' },
    )
    .toBe(false);
  return last;
}

/** Keeps the preview's pixels (right after a render) in the page under `name`. */
export function keepPreview(page: Page, name: string) {
  return page.evaluate(async (name) => {
    (window as unknown as Record<string, unknown>)[name] = await window.__pbTest!.previewPixels();
  }, name);
}

type Kept = { width: number; height: number; data: Uint8ClampedArray };

/** Mean absolute RGB difference (0–255) between two kept previews over a region. */
export function regionDiff(page: Page, a: string, b: string, region: Region) {
  return page.evaluate(
    ({ a, b, region }) => {
      const w = window as unknown as Record<string, Kept>;
      const A = w[a]!;
      const B = w[b]!;
      const [x0, y0, x1, y1] = [region[0] * A.width, region[1] * A.height, region[2] * A.width, region[3] * A.height].map(Math.round) as Region;
      let sum = 0;
      let n = 0;
      for (let y = Math.max(0, y0); y < Math.min(A.height, y1); y++) {
        for (let x = Math.max(0, x0); x < Math.min(A.width, x1); x++) {
          const i = (y * A.width + x) * 4;
          sum += Math.abs(A.data[i]! - B.data[i]!) + Math.abs(A.data[i + 1]! - B.data[i + 1]!) + Math.abs(A.data[i + 2]! - B.data[i + 2]!);
          n += 3;
        }
      }
      return sum / Math.max(1, n);
    },
    { a, b, region },
  );
}

/** Mean spread between a pixel's largest and smallest channel over a region (0 for grey). */
export function regionSpread(page: Page, name: string, region: Region) {
  return page.evaluate(
    ({ name, region }) => {
      const P = (window as unknown as Record<string, Kept>)[name]!;
      const [x0, y0, x1, y1] = [region[0] * P.width, region[1] * P.height, region[2] * P.width, region[3] * P.height].map(Math.round) as Region;
      let sum = 0;
      let n = 0;
      for (let y = Math.max(0, y0); y < Math.min(P.height, y1); y++) {
        for (let x = Math.max(0, x0); x < Math.min(P.width, x1); x++) {
          const i = (y * P.width + x) * 4;
          const c = [P.data[i]!, P.data[i + 1]!, P.data[i + 2]!];
          sum += Math.max(...c) - Math.min(...c);
          n++;
        }
      }
      return sum / Math.max(1, n);
    },
    { name, region },
  );
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

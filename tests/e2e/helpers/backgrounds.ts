import { expect, type Page } from '@playwright/test';
import type { Region } from './props';

/**
 * Live backgrounds, measured on the preview's pixels (read right after a render through the test
 * seam) and on the saved photos, decoded: what a person sees.
 */

/** Picks a background choice in the picker (none, blur, backdrop:<id>, custom). */
export async function chooseBackground(page: Page, choice: string) {
  const radio = page.getByTestId(`background-${choice}`);
  await radio.check();
  await expect(radio).toBeChecked();
}

/** Mean absolute luma step between neighbouring pixels of a kept image over a region: its detail. */
export function regionDetail(page: Page, name: string, region: Region) {
  return page.evaluate(
    ({ name, region }) => {
      const P = (window as unknown as Record<string, { width: number; height: number; data: Uint8ClampedArray }>)[name]!;
      const [x0, y0, x1, y1] = [region[0] * P.width, region[1] * P.height, region[2] * P.width, region[3] * P.height].map(Math.round) as Region;
      const Y = (x: number, y: number) => {
        const i = (y * P.width + x) * 4;
        return 0.299 * P.data[i]! + 0.587 * P.data[i + 1]! + 0.114 * P.data[i + 2]!;
      };
      let sum = 0;
      let n = 0;
      for (let y = y0; y < y1 - 1; y++) {
        for (let x = x0; x < x1 - 1; x++) {
          sum += Math.abs(Y(x + 1, y) - Y(x, y)) + Math.abs(Y(x, y + 1) - Y(x, y));
          n++;
        }
      }
      return sum / Math.max(1, n);
    },
    { name, region },
  );
}

/** Mean colour (0–255) of a kept image over a region. */
export function regionMean(page: Page, name: string, region: Region) {
  return page.evaluate(
    ({ name, region }) => {
      const P = (window as unknown as Record<string, { width: number; height: number; data: Uint8ClampedArray }>)[name]!;
      const [x0, y0, x1, y1] = [region[0] * P.width, region[1] * P.height, region[2] * P.width, region[3] * P.height].map(Math.round) as Region;
      let [r, g, b, n] = [0, 0, 0, 0];
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * P.width + x) * 4;
          r += P.data[i]!;
          g += P.data[i + 1]!;
          b += P.data[i + 2]!;
          n++;
        }
      }
      return { r: r / n, g: g / n, b: b / n };
    },
    { name, region },
  );
}

/**
 * The inner face's box (normalised, in the unmirrored frame) from the landmarks the app found: a
 * prop is put on for a moment (faces are tracked only while an effect needs them), then taken off.
 */
export async function faceRegion(page: Page): Promise<Region> {
  let box: Region | null = null;
  await page.getByTestId('prop-glasses').click();
  await expect(page.getByTestId('prop-picker')).toHaveAttribute('data-prop', 'glasses');
  await expect
    .poll(
      async () => {
        const faces = await page.evaluate(() => window.__pbTest!.landmarks().live);
        const f = faces[0];
        if (!f) return false;
        const xs = f.map((p) => p.x);
        const ys = f.map((p) => p.y);
        // The inner face (eyes to mouth), well inside the hairline and the cheeks' edges.
        const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
        const w = x1 - x0;
        const h = y1 - y0;
        box = [x0 + w * 0.2, y0 + h * 0.25, x1 - w * 0.2, y1 - h * 0.15];
        return true;
      },
      { timeout: 60_000, message: 'the app found the face' },
    )
    .toBe(true);
  await page.getByTestId('prop-none').click();
  await expect(page.getByTestId('prop-picker')).toHaveAttribute('data-prop', 'none');
  return box!;
}

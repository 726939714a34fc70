import { expect, type Page } from '@playwright/test';
import { previewPixels } from '../helpers/booth';

/**
 * The booth screen's driver: the one way a test opens the booth (before, three helpers did it
 * three ways). The page is prerendered and hydrates after the camera starts: this waits for the
 * camera live, the WebGL preview and the first camera frame at its size before any control is
 * used; `drawn` also waits for a drawn frame (read through the test seam: test builds only).
 */
export interface BoothOptions {
  /** The booth's path (a language's, or event mode's): /photobooth by default. */
  path?: string;
  /** Photos per sequence, set once the booth is up. */
  shots?: number;
  /** Countdown seconds, set once the booth is up. */
  countdown?: number;
  /** Wait for a frame drawn on the preview (the canvas starts black). */
  drawn?: boolean;
}

export async function openBooth(page: Page, { path = '/photobooth', shots, countdown, drawn = false }: BoothOptions = {}): Promise<void> {
  await page.goto(path);
  const stage = page.getByTestId('booth-stage');
  await expect(stage).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
  await expect(stage).toHaveAttribute('data-render-mode', 'webgl');
  // The first camera frame is there: the preview has its size and shape.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video');
        const c = document.querySelector<HTMLCanvasElement>('[data-testid="booth-canvas"]')?.getBoundingClientRect();
        return !!v && !!c && v.videoWidth > 0 && Math.abs(c.width / c.height - v.videoWidth / v.videoHeight) < 0.02;
      }),
    )
    .toBe(true);
  if (drawn) await expect.poll(async () => (await previewPixels(page)).r, { timeout: 15_000 }).toBeGreaterThan(10);
  if (shots !== undefined) await page.getByTestId('shot-count').selectOption(String(shots));
  if (countdown !== undefined) await page.getByTestId('countdown').selectOption(String(countdown));
}

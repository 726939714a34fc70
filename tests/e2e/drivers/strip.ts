import { expect, type Page } from '@playwright/test';
import { captureSequence, type CaptureOptions } from '../helpers/capture';

/**
 * THE STRIP DRIVER: the strip screen (/preview) as a visitor reaches it, with photos taken in the
 * real booth and the booth's own link followed, for every spec that works on the strip.
 */

/** From the booth, photos taken: its link to the strip, which is there with `shots` photos and drawn once. */
export async function toStrip(page: Page, shots: number): Promise<void> {
  await page.getByTestId('to-preview').click();
  await expect(page).toHaveURL(/\/preview$/);
  await expect(page.getByTestId('preview-photo')).toHaveCount(shots, { timeout: 20_000 });
  await expect(page.getByTestId('strip-canvas')).not.toHaveAttribute('data-renders', '0');
}

/** The booth opened, `shots` photos taken (no countdown unless asked), and the strip screen reached. */
export async function openStrip(page: Page, { shots, countdown = 0, filterId, path = '/photobooth' }: Partial<CaptureOptions> & { shots: number; path?: string }): Promise<void> {
  await page.goto(path);
  await captureSequence(page, { shots, countdown, filterId });
  await toStrip(page, shots);
}

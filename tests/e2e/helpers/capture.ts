import { expect, type Page } from '@playwright/test';
import { BURST_TIMEOUT_MS } from '../../../src/features/motion/meta';

export interface CaptureOptions {
  /** Number of shots, 1–8. */
  shots: number;
  /** Countdown before each shot in seconds: 0 (off), 3, 5 or 10. */
  countdown: 0 | 3 | 5 | 10;
  /** Filter to pick first (registry id, e.g. 'sepia'); default leaves the current one. */
  filterId?: string;
}

/**
 * Takes photos through the real booth UI, as a visitor would: waits for the live camera, sets the
 * number of shots and the countdown, presses Start Capture and waits until every thumbnail is
 * there. The page must already be on /photobooth (any language). Afterwards the photos are in the
 * session atom, so navigating to /preview (by its link) shows them.
 */
export async function captureSequence(page: Page, { shots, countdown, filterId }: CaptureOptions): Promise<void> {
  const stage = page.getByTestId('booth-stage');
  await expect(stage).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
  if (filterId) {
    await page.getByTestId(`filter-${filterId}`).click();
    await expect(page.getByTestId(`filter-${filterId}`)).toHaveAttribute('aria-checked', 'true');
  }
  await page.getByTestId('shot-count').selectOption(String(shots));
  await page.getByTestId('countdown').selectOption(String(countdown));
  await page.getByTestId('start-capture').click();
  const perShot = (countdown + 5) * 1000;
  await expect(page.getByTestId('captured-thumb')).toHaveCount(shots, { timeout: 20_000 + shots * perShot });
  // With motion on, the sequence ends once the last burst is in: it waits for the preview frames
  // after the shutter, up to BURST_TIMEOUT_MS more when the preview is slow (a loaded machine).
  await expect(stage).toHaveAttribute('data-capturing', 'false', { timeout: perShot + BURST_TIMEOUT_MS });
}

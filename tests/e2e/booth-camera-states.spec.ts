import { chromium, type Page } from '@playwright/test';
import { launchWithCamera, type CameraMode } from './env';
import { test, expect } from './fixtures';
import { tr } from './i18n';

/**
 * The booth when the camera is not simply there: permission denied, no camera at all, a dark or a
 * glaring room. Each needs its own browser (different fake-camera flags from booth.spec.ts).
 */

/** A browser of its own (a fault needs different launch flags than the rest of this file). */
async function withBrowser(mode: CameraMode, baseURL: string, run: (page: Page) => Promise<void>) {
  const browser = await chromium.launch(launchWithCamera(mode));
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'], serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await run(page);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
}

test('denied permission: a translated message, a retry and the troubleshooting link', async ({ baseURL }) => {
  await withBrowser('deny', baseURL!, async (page) => {
    await page.goto('/ja/photobooth');
    const err = page.getByTestId('camera-error');
    await expect(err).toHaveAttribute('data-error', 'denied', { timeout: 20_000 });
    await expect(err).toContainText(tr('ja', 'camera.errors.denied'));
    await expect(page.getByTestId('camera-retry')).toHaveText(tr('ja', 'camera.retry'));
    await expect(err.getByRole('link', { name: tr('ja', 'camera.help') })).toHaveAttribute('href', '/ja/user-guide#troubleshooting');
    await page.getByTestId('camera-retry').click();
    await expect(err).toHaveAttribute('data-error', 'denied');
    await expect(page.getByTestId('start-capture')).toBeDisabled();
  });
});

test('no camera: a translated message and a retry', async ({ baseURL }) => {
  await withBrowser('none', baseURL!, async (page) => {
    await page.goto('/photobooth');
    const err = page.getByTestId('camera-error');
    await expect(err).toHaveAttribute('data-error', 'notFound', { timeout: 20_000 });
    await expect(err).toContainText(tr('en', 'camera.errors.notFound'));
    await expect(page.getByTestId('camera-retry')).toBeVisible();
  });
});

test('light detection: a dark room is low light and one click applies the bright filter; glare is bright', async ({ baseURL }) => {
  test.setTimeout(90_000);
  await withBrowser({ clip: 'face-dark-1280x720.mjpeg' }, baseURL!, async (page) => {
    await page.goto('/photobooth');
    const banner = page.getByTestId('light-banner');
    await expect(banner).toHaveAttribute('data-level', 'low', { timeout: 30_000 });
    await expect(banner.getByTestId('light-message')).toContainText(tr('en', 'booth.light.low'));
    await page.getByTestId('apply-recommended').click();
    await expect(page.getByTestId('filter-bright')).toHaveAttribute('aria-checked', 'true');
    await expect(banner.getByTestId('light-applied')).toHaveText(tr('en', 'booth.recommendedApplied', { filter: tr('en', 'filters.names.bright') }));
  });
  await withBrowser({ clip: 'face-bright-1280x720.mjpeg' }, baseURL!, async (page) => {
    await page.goto('/photobooth');
    await expect(page.getByTestId('light-banner')).toHaveAttribute('data-level', 'bright', { timeout: 30_000 });
  });
});

import { expect, type Locator, type Page } from '@playwright/test';
import { langOfUrl, readScreen, storedIds } from './walk';

/**
 * How the random walk moves around the app (tests/e2e/helpers/walkSteps.ts): loading a page once
 * the session is saved, closing the tutorial, pressing a control a late dialog covered, and
 * reaching the booth or the preview. `model`: the photos the visitor should have.
 */
export function walkMoves(page: Page, model: () => string[]) {
  /** Before a full page load: what the screen holds has reached IndexedDB (the writer is debounced). */
  const flush = () => expect.poll(() => storedIds(page), { message: 'the session reached IndexedDB', timeout: 15_000 }).toEqual(model());
  const load = async (path: string) => {
    await flush();
    await page.goto(path);
  };
  /**
   * Closes the tutorial as a visitor would: Escape, and its close button if Escape did not (the
   * walk says so in its output, with where the focus was: a keyboard test covers Escape itself).
   */
  const closeDialogs = async () => {
    // The language menu a random click opened hangs over the page: its button closes it again.
    const menu = page.locator('.lang-button[aria-expanded="true"]');
    if (await menu.count()) {
      await menu.click({ timeout: 5_000 });
      await expect(menu).toHaveCount(0, { timeout: 5_000 });
    }
    const open = page.locator('dialog[open]');
    for (let i = 0; i < 2 && (await open.count()); i++) {
      await page.keyboard.press('Escape');
      await open.waitFor({ state: 'detached', timeout: 1_500 }).catch(() => undefined);
    }
    if (await open.count()) {
      const focus = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 100) ?? 'none');
      console.log(`  Escape left the tutorial open (focus on ${focus}); its close button closes it`);
      await open.locator('.tutorial-close').click({ timeout: 5_000 });
    }
    await expect(open).toHaveCount(0, { timeout: 5_000 });
  };
  /**
   * The visitor presses a control. A dialog that opened late over it (the tutorial opens only once
   * its code has loaded, a moment after the click that asked for it), or the language menu open
   * over it, is closed first, as a visitor would close it.
   */
  const press = async (target: Locator, options: { timeout?: number } = {}) => {
    const timeout = options.timeout ?? 15_000;
    try {
      await target.click({ timeout: 4_000 });
    } catch {
      if (!(await page.locator('dialog[open], .lang-button[aria-expanded="true"]').count())) {
        await target.click({ timeout: timeout - 4_000 });
        return;
      }
      await closeDialogs();
      await target.click({ timeout });
    }
  };
  /** On the booth with the camera live (after Try again if a fault left it in error). */
  const toBooth = async () => {
    await closeDialogs();
    if ((await readScreen(page)).kind !== 'booth') await load('/photobooth');
    const stage = page.getByTestId('booth-stage');
    await expect(stage).toHaveAttribute('data-camera-status', /live|error/, { timeout: 30_000 });
    if ((await stage.getAttribute('data-camera-status')) === 'error') {
      await press(page.getByTestId('camera-retry'));
      await expect(stage).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    }
    await expect(stage).toHaveAttribute('data-capturing', 'false', { timeout: 30_000 });
  };
  /**
   * Full screen (a random click can turn it on) shows the stage alone, by design: preview, shutter
   * and filters. The photos and the beauty panel are outside it; the visitor leaves full screen to
   * reach them.
   */
  const leaveFullScreen = () => page.evaluate(() => (document.fullscreenElement ? document.exitFullscreen() : undefined));
  const toPreview = async () => {
    await closeDialogs();
    if ((await readScreen(page)).kind !== 'preview') await load('/preview');
    await expect(page.getByTestId(model().length ? 'preview-photo' : 'preview-empty').first()).toBeVisible({ timeout: 15_000 });
  };
  /** The language the screen is in (the walk visits /ja, /es and /th as well as English). */
  const lang = () => langOfUrl(page.url());
  const thumbs = () => page.getByTestId('captured-thumb').evaluateAll((els) => els.map((e) => e.getAttribute('data-photo-id') ?? ''));

  return { flush, load, closeDialogs, press, toBooth, leaveFullScreen, toPreview, lang, thumbs };
}

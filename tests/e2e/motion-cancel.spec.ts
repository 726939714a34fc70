import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { captureSequence } from './helpers/capture';
import { turnMotionOn } from './helpers/motion';
import { tr } from './i18n';

// Issue 65: an export that runs for more than a moment shows what it makes, how far it is and a
// Cancel, in the visitor's language, and the Cancel is reached from the keyboard: the export is
// started with Enter on its button, Tab goes to Cancel, Enter stops it.
test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });

const LANGUAGES = ['en', 'zh', 'id', 'vi', 'pt', 'ja', 'th', 'es', 'it'] as const;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('an export shows its progress and a Cancel the keyboard reaches, in all nine languages', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/photobooth');
  await turnMotionOn(page);
  await captureSequence(page, { shots: 2, countdown: 0 });
  await expect(page.getByTestId('motion-loop')).toHaveCount(2, { timeout: 30_000 });
  for (const lang of LANGUAGES) {
    await page.goto(lang === 'en' ? '/preview' : `/${lang}/preview`);
    const panel = page.getByTestId('motion-panel');
    await expect(panel).toBeVisible({ timeout: 20_000 });
    // The GIF of the strip: palette and 22 frames at 1280 px, a few seconds here.
    await page.getByRole('radio', { name: tr(lang, 'motion.formats.gif') }).check();
    await expect(panel).toHaveAttribute('data-format', 'gif');
    await page.getByTestId('motion-save-strip').focus();
    const started = Date.now();
    await page.keyboard.press('Enter');
    const progress = page.getByTestId('motion-progress');
    await expect(progress).toBeVisible();
    const what = tr(lang, 'motion.makingStrip');
    await expect(progress.getByRole('progressbar', { name: what })).toBeVisible();
    const line = new RegExp(`^${escape(tr(lang, 'motion.progress', { what, percent: '@' })).replace('@', '\\d{1,3}')}$`);
    await expect(progress.locator('span')).toHaveText(line);
    const cancel = page.getByTestId('motion-cancel');
    await expect(cancel).toHaveText(tr(lang, 'motion.cancel'));
    // From the button just pressed (disabled while the export runs), Tab reaches Cancel.
    for (let tabs = 0; tabs < 3 && !(await cancel.evaluate((b) => b === document.activeElement)); tabs++) await page.keyboard.press('Tab');
    await expect(cancel, `${lang}: Cancel has the focus after Tab`).toBeFocused();
    // Still running when Cancel is pressed.
    await expect(progress).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(progress).toHaveCount(0);
    await expect(panel.getByRole('status')).toHaveText(tr(lang, 'motion.cancelled'));
    console.log(`${lang}: cancelled ${Date.now() - started} ms after Enter`);
  }
});

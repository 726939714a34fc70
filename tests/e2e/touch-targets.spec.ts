import type { Page } from '@playwright/test';
import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { PHONE } from './helpers/layout';
import { openBooth } from './drivers/booth';

/**
 * Every touch target of the phone booth is at least 44×44 CSS px (issue 38; WCAG 2.5.5, Apple's
 * and Google's guidance), the beauty switch included: the booth as it opens, and with the beauty
 * drawer open. What counts is the box a finger can hit: the control's own, or its label's (a
 * checkbox or switch inside its <label> is hit through the label).
 */
test.use({ ...PHONE, launchOptions: launchWithCamera({ clip: 'face-portrait-1080x1920.mjpeg' }) });

const MIN = 44;

/** Visible controls (anywhere on the page, scrolled or not) whose hit box is under MIN in either side: "testid-or-name w×h". */
function smallTargets(page: Page) {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], input:not([type=hidden]), select, [role=switch], [role=radio], [role=tab], [role=checkbox], [role=slider], summary');
    const small: string[] = [];
    for (const el of controls) {
      const label = el.closest('label');
      const box = (label ?? el).getBoundingClientRect();
      const style = getComputedStyle(el);
      const hidden = style.visibility === 'hidden' || el.closest('[hidden], [inert], [aria-hidden="true"]') !== null;
      // The skip link is for the keyboard: off screen until focused, never a touch target.
      if (hidden || box.width === 0 || box.height === 0 || el.classList.contains('skip-link')) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = el.dataset.testid ?? el.getAttribute('aria-label') ?? (el.textContent?.trim() || (label?.textContent?.trim() ?? '')).slice(0, 24);
        small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  }, MIN);
}

test('every touch target of the phone booth is at least 44×44 px, the beauty switch included', async ({ page }) => {
  test.setTimeout(90_000);
  await openBooth(page);
  expect(await smallTargets(page), 'the booth as it opens').toEqual([]);
  await page.getByTestId('beauty-drawer-toggle').tap();
  await expect(page.getByTestId('beauty-enable')).toBeVisible();
  const hit = await page.getByTestId('beauty-enable').evaluate((el) => (el.closest('label') ?? el).getBoundingClientRect().toJSON() as DOMRect);
  expect(Math.min(hit.width, hit.height), 'the beauty switch').toBeGreaterThanOrEqual(MIN);
  expect(await smallTargets(page), 'the beauty drawer').toEqual([]);
});

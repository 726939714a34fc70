import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { tr } from './i18n';
import { LANGUAGES } from '../../src/i18n/languages';
import { SLIDE_MS } from '../../src/features/event/meta';

// Event mode's second screen (/event/show, issue 36): a window for a TV or projector that plays
// the evening's strips from the event gallery, live across the windows of one browser, newest
// first, never a strip whose guest chose "Don't show mine", and nothing when the host turned the
// slideshow off.

// A strip shown is replaced by the next: its object URL is revoked, and the test's fetch of it fails.
test.use({ allowConsoleErrors: [/ERR_FILE_NOT_FOUND/] });

const en = (key: string) => tr('en', key);
const pathFor = (lang: string, rest: string) => (lang === 'en' ? rest : `/${lang}${rest}`);

/**
 * Keeps a strip in the event gallery from another page of the browser, as the guest booth does
 * (src/features/event/gallery.ts, addStrip): the record in IndexedDB, then 'changed' on the
 * gallery's BroadcastChannel. It stands in for the guest booth's keep, which event.spec.ts covers
 * end to end (camera, countdown, composer); here only the second screen is under test.
 */
async function keepStrip(page: Page, strip: { id: string; createdAt: number; hidden: boolean }) {
  await page.evaluate(async ({ id, createdAt, hidden }) => {
    const canvas = new OffscreenCanvas(200, 600);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = hidden ? '#b91c1c' : '#15803d';
    ctx.fillRect(0, 0, 200, 600);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('photobooth-event', 1);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains('strips')) req.result.createObjectStore('strips', { keyPath: 'id' });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('strips', 'readwrite');
      tx.objectStore('strips').add({ id, createdAt, blob, width: 200, height: 600, hidden });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    const channel = new BroadcastChannel('photobooth-event-gallery');
    channel.postMessage('changed');
    channel.close();
  }, strip);
}

/** Every strip the screen puts up, in order, from now on (read with `shown`). */
async function recordShown(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { shownStrips: string[] }).shownStrips = seen;
    const note = () => {
      for (const img of document.querySelectorAll('[data-testid="event-show-strip"]')) {
        const id = img.getAttribute('data-id') ?? '?';
        if (seen[seen.length - 1] !== id) seen.push(id);
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-id'] });
    note();
  });
}
const shown = (page: Page) => page.evaluate(() => (window as unknown as { shownStrips: string[] }).shownStrips);

/** The host's set-up as the set-up page keeps it, written before the screen loads. */
const setUp = (page: Page, settings: Record<string, unknown>) =>
  page.addInitScript((json) => localStorage.setItem('photobooth.event', json), JSON.stringify(settings));

test('the second screen shows each strip as it is kept, newest first, and never one its guest kept off', async ({ page: show, requests }) => {
  test.setTimeout(90_000);
  await setUp(show, { caption: 'Anna & Ben' });
  await show.goto('/event/show');
  const screen = show.getByTestId('event-show');
  // No strip yet: the occasion and a calm word; no site header, footer or navigation.
  await expect(screen).toHaveAttribute('data-state', 'waiting');
  await expect(show.getByTestId('event-show-waiting')).toContainText('Anna & Ben');
  await expect(show.getByTestId('event-show-waiting')).toContainText(en('event.show.waiting'));
  await expect(show.locator('header, footer, nav, .site-header, .site-footer')).toHaveCount(0);
  await expect(show.locator('h1')).toHaveText(en('event.show.title'));
  await expectAccessible(show, 'second screen, waiting');
  await recordShown(show);

  // The guest booth keeps strips in another window of the same browser.
  const host = await show.context().newPage();
  await host.goto('/event');
  await host.locator('html.app-ready').waitFor({ state: 'attached', timeout: 30_000 });
  const t0 = Date.now();
  const strip = (id: string) => show.locator(`[data-testid="event-show-strip"][data-id="${id}"]`);

  await keepStrip(host, { id: 'strip-a', createdAt: t0, hidden: false });
  await expect(strip('strip-a')).toBeVisible({ timeout: 5_000 });
  await expect(screen).toHaveAttribute('data-state', 'playing');
  await expect(screen).toHaveAttribute('data-count', '1');
  const firstUrl = await strip('strip-a').getAttribute('src');

  // A guest who chose "Don't show mine", then one more: the newest shown comes on at once.
  await keepStrip(host, { id: 'strip-hidden', createdAt: t0 + 1, hidden: true });
  await keepStrip(host, { id: 'strip-b', createdAt: t0 + 2, hidden: false });
  await expect(strip('strip-b')).toBeVisible({ timeout: 5_000 });
  await expect(screen).toHaveAttribute('data-count', '2'); // the hidden one is not among those it cycles through
  await expectAccessible(show, 'second screen, playing');
  // The strip no longer shown has let its picture go.
  expect(await show.evaluate((url) => fetch(url).then(() => 'readable', () => 'revoked'), firstUrl!)).toBe('revoked');

  // Round the slideshow: b, then a, then b again (one slide every SLIDE_MS), never the hidden one.
  await expect
    .poll(() => shown(show), { timeout: 4 * SLIDE_MS, intervals: [250] })
    .toEqual(['strip-a', 'strip-b', 'strip-a', 'strip-b']);
  await expect(show.locator('[data-id="strip-hidden"]')).toHaveCount(0);
  await expect(screen).toHaveAttribute('data-count', '2');
  await host.close();
  // It reads the event gallery only: the visitor's saved session never loads here.
  expect(requests.map((r) => r.url).filter((u) => /\/(SessionPersistence|sessionStore)-/.test(u))).toEqual([]);
});

test('with the slideshow turned off in the set-up, no strip shows until it is turned on again', async ({ page: show }) => {
  const host = await show.context().newPage();
  await host.goto('/event');
  await host.locator('html.app-ready').waitFor({ state: 'attached', timeout: 30_000 });
  const t0 = Date.now();
  // One strip kept before the screen opens: it is read with the gallery, before the screen settles.
  await keepStrip(host, { id: 'strip-1', createdAt: t0, hidden: false });

  await setUp(show, { slideshow: false });
  await show.goto('/event/show');
  const screen = show.getByTestId('event-show');
  await expect(screen).toHaveAttribute('data-state', 'off');
  await expect(show.getByTestId('event-show-off')).toHaveText(en('event.show.off'));
  await recordShown(show);
  await expectAccessible(show, 'second screen, slideshow off');
  await keepStrip(host, { id: 'strip-2', createdAt: t0 + 1, hidden: false });
  await expect(screen).toHaveAttribute('data-count', '0');
  await expect(show.getByTestId('event-show-strip')).toHaveCount(0);

  // The host turns it on in the set-up's tab: the screen hears it (the storage event) and plays
  // both strips, newest first; none was put up while it was off.
  expect(await shown(show)).toEqual([]);
  await host.evaluate(() => {
    const settings = JSON.parse(localStorage.getItem('photobooth.event') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('photobooth.event', JSON.stringify({ ...settings, slideshow: true }));
  });
  await expect(show.locator('[data-testid="event-show-strip"][data-id="strip-2"]')).toBeVisible();
  await expect(screen).toHaveAttribute('data-count', '2');
  expect((await shown(show))[0]).toBe('strip-2');
  await host.close();
});

test('the second screen asks for full screen from its button, and the F key', async ({ page }) => {
  await page.goto('/event/show');
  const button = page.getByTestId('event-show-fullscreen');
  await expect(button).toHaveText(en('event.show.fullScreen'));
  await button.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === document.documentElement)).toBe(true);
  await expect(button).toHaveCount(0); // out of the way once full screen
  await page.evaluate(() => document.exitFullscreen());
  await expect(button).toBeVisible();
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === document.documentElement)).toBe(true);
});

test('the second screen is prerendered in every language, with no site chrome, and kept out of search', async ({ request }) => {
  for (const { code } of LANGUAGES) {
    const path = pathFor(code, '/event/show');
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html, `${path}: noindex`).toContain('<meta name="robots" content="noindex">');
    expect(html, `${path}: the screen`).toContain('data-testid="event-show"');
    expect(html, `${path}: its heading`).toContain(tr(code, 'event.show.title').replace(/'/g, '&#x27;'));
    expect(html, `${path}: no site header or footer`).not.toMatch(/site-header|site-footer/);
  }
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).not.toContain('/event/show');
});

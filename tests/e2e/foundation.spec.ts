import { expect, test } from './fixtures';
import { homeTitle, tr } from './i18n';

/** Each route and the translated heading that proves its own screen rendered. */
const ROUTES: [path: string, headingKey: string][] = [
  ['/', 'landing.heroTitle'],
  ['/welcome', 'welcome.title'],
  ['/photobooth', 'booth.title'],
  ['/preview', 'preview.title'],
  ['/privacy-policy', 'privacy.title'],
  ['/about', 'privacy.title'],
  ['/contact', 'contact.title'],
  ['/photo-tutorial', 'photoTutorial.title'],
  ['/user-guide', 'userGuide.title'],
  ['/terms', 'terms.title'],
  ['/blog', 'blog.title'],
];

const prefixed = (lang: string, path: string) => (lang === 'en' ? path : path === '/' ? `/${lang}` : `/${lang}${path}`);

for (const lang of ['en', 'ja', 'es']) {
  test(`every route renders its own screen in ${lang}`, async ({ page }) => {
    for (const [path, key] of ROUTES) {
      await page.goto(prefixed(lang, path));
      await expect(page.locator('h1').first(), `${lang} ${path}`).toHaveText(tr(lang, key));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    }
  });
}

test('an unknown path shows the translated not-found page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.locator('h1')).toHaveText(tr('en', 'notFound.title'));
  await expect(page).toHaveTitle(homeTitle('en'));
  await page.goto('/zh/no-such-page');
  await expect(page.locator('h1')).toHaveText(tr('zh', 'notFound.title'));
  await page.getByRole('link', { name: tr('zh', 'notFound.home') }).click();
  await expect(page).toHaveURL(/\/zh$/);
  await expect(page.locator('h1')).toHaveText(tr('zh', 'landing.heroTitle'));
});

test('the language switcher keeps the path and updates lang and title', async ({ page }) => {
  await page.goto('/ja/photobooth');
  await expect(page).toHaveTitle(tr('ja', 'titles.booth'));
  const switcher = page.locator('.lang-button');
  await switcher.click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await switcher.click(); // a second click closes it
  await expect(page.getByRole('listbox')).toBeHidden();
  await switcher.click();
  await page.getByRole('option', { name: /Español/ }).click();
  await expect(page.getByRole('listbox')).toBeHidden(); // closes after a choice
  await expect(page).toHaveURL(/\/es\/photobooth$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(tr('es', 'titles.booth'));
  expect(await page.evaluate(() => localStorage.getItem('photobooth.lang'))).toBe('es');

  await switcher.click();
  await page.getByRole('option', { name: /English/ }).click();
  await expect(page).toHaveURL(/\/photobooth$/);
  expect(new URL(page.url()).pathname).toBe('/photobooth');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(tr('en', 'titles.booth'));
});

test('the language switcher works with the keyboard, Escape and an outside click', async ({ page }) => {
  await page.goto('/contact');
  const switcher = page.locator('.lang-button');
  await switcher.focus();
  await page.keyboard.press('ArrowDown');
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(switcher).toBeFocused();
  await page.mouse.click(5, 5); // nothing open: harmless
  await switcher.click();
  await page.mouse.click(600, 500);
  await expect(list).toBeHidden();
  // English is first; five steps down is Japanese (en, zh, id, vi, pt, ja).
  await switcher.focus();
  await page.keyboard.press('Enter');
  await expect(list).toBeVisible();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ja\/contact$/);
  await expect(page.locator('h1')).toHaveText(tr('ja', 'contact.title'));
});

test('the saved preference is used on "/" and an invalid saved value is ignored', async ({ browser }) => {
  const ctx = await browser.newContext();
  await ctx.addInitScript(() => localStorage.setItem('photobooth.lang', 'th'));
  const page = await ctx.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page).toHaveURL(/\/th$/);
  await expect(page.locator('h1')).toHaveText(tr('th', 'landing.heroTitle'));
  await ctx.close();

  const ctx2 = await browser.newContext();
  await ctx2.addInitScript(() => localStorage.setItem('photobooth.lang', 'klingon'));
  const page2 = await ctx2.newPage();
  await page2.goto('/');
  await expect(page2.locator('h1')).toHaveText(tr('en', 'landing.heroTitle'));
  expect(new URL(page2.url()).pathname).toBe('/');
  await expect(page2.locator('html')).toHaveAttribute('lang', 'en');
  await ctx2.close();
});

test('document titles follow the spec', async ({ page }) => {
  const cases: [string, string][] = [
    ['/', homeTitle('en')],
    ['/ja', homeTitle('ja')],
    ['/photobooth', tr('en', 'titles.booth')],
    ['/it/preview', tr('it', 'titles.preview')],
    ['/privacy-policy', `${tr('en', 'nav.privacy')} | ${tr('en', 'app.name')}`],
    ['/zh/contact', `${tr('zh', 'nav.contact')} | ${tr('zh', 'app.name')}`],
    ['/user-guide', homeTitle('en')],
    ['/vi/photo-tutorial', homeTitle('vi')],
  ];
  for (const [path, title] of cases) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});

test('the tutorial overlay opens from the header and closes on Escape or when finished', async ({ page }) => {
  await page.goto('/privacy-policy');
  const header = page.locator('header');
  await header.getByRole('button', { name: tr('en', 'nav.tutorial') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText(tr('en', 'tutorial.camera.title'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await header.getByRole('button', { name: tr('en', 'nav.tutorial') }).click();
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Enter'); // the focused Next button
  await expect(dialog.getByRole('heading')).toHaveText(tr('en', 'tutorial.share.title'));
  await dialog.getByRole('button', { name: tr('en', 'tutorial.finish') }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/privacy-policy$/);
});

test('the tutorial asked for on one page never opens over the next: its code came after the visitor left', async ({ page }) => {
  // A slow network, simulated: the overlay's chunk is held until the visitor has gone to another
  // page (the random walk, seed 794351993, found it open over the privacy page).
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let asked = false;
  await page.route(/\/assets\/TutorialOverlay-[^/]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.locator('header').getByRole('button', { name: tr('en', 'nav.tutorial') }).click();
  await expect.poll(() => asked).toBe(true);
  await page.getByRole('banner').getByRole('link', { name: tr('en', 'nav.privacy'), exact: true }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  release();
  await page.waitForResponse(/\/assets\/TutorialOverlay-/);
  await expect(page.locator('h1').first()).toBeVisible();
  // Its code is in; given every chance to open, it does not.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 500))));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Asked for here, it opens.
  await page.locator('header').getByRole('button', { name: tr('en', 'nav.tutorial') }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a screen that is still loading: the current one stays, with a spinner and the localised loading text over it', async ({ page }) => {
  // A slow network, simulated: the screen's chunk is held until the test lets it go.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/TermsPage-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // (From a page the app runs from its load: the landing page's links are plain page loads until
  // a visitor reaches for one of its controls.)
  await page.goto('/zh/privacy-policy');
  const left = await page.locator('h1').textContent();
  await page.locator('footer').getByRole('link', { name: tr('zh', 'footer.terms') }).click();
  await expect(page.getByRole('status')).toContainText('加载中…');
  await expect(page.locator('h1'), 'the page left stays until the next is ready').toHaveText(left!);
  release();
  await expect(page.locator('h1')).toHaveText(tr('zh', 'terms.title'));
  await expect(page.getByRole('status').filter({ hasText: '加载中…' })).toHaveCount(0);
});

test.describe('a screen chunk that fails to load', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource|Failed to fetch dynamically imported module/] });
  test('is retried once, then a translated error with a reload button appears', async ({ page }) => {
    let hits = 0;
    const termsChunk = /\/assets\/TermsPage-[^/]+\.js$/;
    await page.route(termsChunk, (route) => {
      hits++;
      return route.abort();
    });
    await page.goto('/ja/privacy-policy');
    await page.locator('footer').getByRole('link', { name: tr('ja', 'footer.terms') }).click();
    await expect(page.getByRole('alert')).toContainText(tr('ja', 'errors.chunkTitle'));
    expect(hits).toBe(2);
    await page.unroute(termsChunk);
    await page.getByRole('button', { name: tr('ja', 'errors.reload') }).click();
    await expect(page.locator('h1')).toHaveText(tr('ja', 'terms.title'));
  });
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });
  test('the service worker is registered and the landing page loads offline', async ({ page, context }) => {
    await page.goto('/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toMatch(/\/$/);
    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(script).toMatch(/\/sw\.js$/);
    // Wait until the service worker controls the page, so the reload goes through it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('h1')).toHaveText(tr('en', 'landing.heroTitle'));
    await page.goto('/ja/user-guide');
    await expect(page.locator('h1')).toHaveText(tr('ja', 'userGuide.title'));
    await context.setOffline(false);
  });
});

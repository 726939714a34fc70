import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectAccessible, expectOnlyOwnOrigin, test } from './fixtures';
import { tr } from './i18n';

const here = dirname(fileURLToPath(import.meta.url));
const prefixed = (lang: string, path: string) => (lang === 'en' ? path : path === '/' ? `/${lang}` : `/${lang}${path}`);

/** The articles as they are in the repo: every Markdown file's slug and front-matter title. */
const BLOG_DIR = resolve(here, '../../content/blog');
const ARTICLES = readdirSync(BLOG_DIR)
  .filter((f) => f.endsWith('.md'))
  .map((f) => ({
    slug: f.replace(/\.md$/, ''),
    title: /^title:\s*(.+)$/m.exec(readFileSync(resolve(BLOG_DIR, f), 'utf8'))?.[1]?.trim() ?? '',
  }));

const SHOWCASE = ['Classic', 'Grid', 'Polaroid', 'Magazine'];

for (const lang of ['en', 'ja']) {
  test(`the landing page shows four example strips, ideas (marked as examples, not reviews) and the FAQ in ${lang}`, async ({ page, requests }) => {
    await page.goto(prefixed(lang, '/'));
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).toHaveText(tr(lang, 'landing.heroTitle'));
    for (const id of ['features', 'gallery', 'ideas', 'faq']) await expect(page.locator(`section#${id}`)).toHaveCount(1);

    const gallery = page.locator('#gallery');
    await gallery.scrollIntoViewIfNeeded();
    const strips = gallery.locator('figure img');
    await expect(strips).toHaveCount(4);
    for (const [i, id] of SHOWCASE.entries()) {
      const img = strips.nth(i);
      await img.scrollIntoViewIfNeeded();
      await expect(img).toHaveAttribute('alt', tr(lang, `landing.gallery${id}Alt`));
      await expect(gallery.locator('figcaption').nth(i)).toHaveText(tr(lang, `landing.gallery${id}`));
      // The illustration really loaded and was drawn (a broken image has no natural size).
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(100);
    }

    // Honest copy: ideas, said to be examples, with no invented people quoted.
    const ideas = page.locator('#ideas');
    await expect(ideas.getByRole('heading', { level: 2 })).toHaveText(tr(lang, 'testimonials.title'));
    await expect(ideas).toContainText(tr(lang, 'testimonials.intro'));
    await expect(ideas.getByRole('heading', { level: 3 })).toHaveText(
      ['party', 'retro', 'family', 'keyboard'].map((id) => tr(lang, `testimonials.${id}Title`)),
    );
    await expect(ideas).toContainText(tr(lang, 'testimonials.keyboardBody'));
    await expect(ideas.locator('blockquote, q')).toHaveCount(0);
    // The layouts feature names as many layouts as the registry has (seven).
    await expect(page.locator('#features')).toContainText(tr(lang, 'landing.featureLayoutsTitle'));

    const faq = page.locator('#faq');
    await expect(faq.getByRole('heading', { level: 2 })).toHaveText(tr(lang, 'faq.title'));
    await expect(faq.locator('details')).toHaveCount(7);
    await expect(faq.locator('summary').first()).toHaveText(tr(lang, 'faq.freeQ'));
    await expect(faq.getByText(tr(lang, 'faq.freeA'))).toBeHidden(); // closed until asked

    // The privacy promise and the licence note with its way to the contact page.
    const promise = page.locator('.promise');
    for (const id of ['Local', 'Server', 'Free']) {
      await expect(promise.getByRole('heading', { name: tr(lang, `landing.promise${id}Title`), exact: true })).toBeVisible();
    }
    const licence = page.getByRole('link', { name: tr(lang, 'landing.licenceCta') });
    await expect(licence).toHaveAttribute('href', prefixed(lang, '/contact') + '#licence');

    // Every image in the page content says what it shows.
    const images = page.locator('main img');
    for (let i = 0; i < (await images.count()); i++) {
      expect((await images.nth(i).getAttribute('alt'))?.trim().length ?? 0).toBeGreaterThan(20);
    }
    await page.waitForLoadState('networkidle');
    expectOnlyOwnOrigin(requests, new URL(page.url()).origin);
  });
}

test('the FAQ opens and closes with the keyboard', async ({ page }) => {
  await page.goto('/');
  const item = page.locator('#faq details').nth(1);
  const summary = item.locator('summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(item).toHaveAttribute('open', '');
  await expect(item.getByText(tr('en', 'faq.privacyA'))).toBeVisible();
  await page.keyboard.press('Space');
  await expect(item).not.toHaveAttribute('open');
  // Tab reaches the next question, which opens with Space too.
  await page.keyboard.press('Tab');
  await expect(page.locator('#faq summary').nth(2)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByText(tr('en', 'faq.storageA'))).toBeVisible();
  await expectAccessible(page, 'landing with an open FAQ');
});

test('"How it works" on the landing page opens the tutorial, which Escape closes', async ({ page }) => {
  await page.goto('/es');
  await page.getByRole('button', { name: tr('es', 'landing.howItWorks') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText(tr('es', 'tutorial.camera.title'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

/** Each guidance page, its h1 key and one more translated piece that proves its content rendered. */
const GUIDES: [path: string, heading: string, content: string][] = [
  ['/welcome', 'welcome.title', 'welcome.step1'],
  ['/privacy-policy', 'privacy.title', 'privacy.storageTitle'],
  ['/about', 'privacy.title', 'privacy.notCollectedTitle'],
  ['/contact', 'contact.title', 'contact.careersTitle'],
  ['/photo-tutorial', 'photoTutorial.title', 'photoTutorial.step5Title'],
  ['/user-guide', 'userGuide.title', 'userGuide.troubleshootingTitle'],
  ['/terms', 'terms.title', 'terms.commercialTitle'],
  ['/blog', 'blog.title', 'blog.intro'],
];

for (const lang of ['en', 'zh', 'th', 'pt']) {
  test(`every guidance page renders its translated heading and content in ${lang}`, async ({ page }) => {
    for (const [path, heading, content] of GUIDES) {
      await page.goto(prefixed(lang, path));
      await expect(page.locator('h1'), path).toHaveCount(1);
      await expect(page.locator('h1'), path).toHaveText(tr(lang, heading));
      await expect(page.getByText(tr(lang, content), { exact: true }).first(), path).toBeVisible();
    }
  });
}

test('the privacy policy names the browser storage the app really uses and the contact address', async ({ page }) => {
  await page.goto('/privacy-policy');
  const storage = page.locator('#storage');
  await expect(storage).toContainText('photobooth.lang');
  await expect(storage).toContainText('IndexedDB');
  await expect(storage).toContainText('Service worker cache');
  await expect(page.getByRole('link', { name: 'hello@photobooth.example' })).toHaveAttribute('href', 'mailto:hello@photobooth.example');
});

test('the user guide documents shortcuts 1–9 and six troubleshooting topics', async ({ page }) => {
  await page.goto('/ja/user-guide#troubleshooting');
  const trouble = page.locator('#troubleshooting');
  await expect(trouble).toBeInViewport();
  const topics = ['cameraTitle', 'blurryTitle', 'slowTitle', 'downloadTitle', 'filtersIssueTitle', 'mobileTitle'];
  await expect(trouble.locator('h3')).toHaveText(topics.map((k) => tr('ja', `userGuide.${k}`)));
  for (const list of await trouble.locator('article ul').all()) {
    expect(await list.locator('li').count()).toBeGreaterThanOrEqual(4);
  }
  await expect(trouble).toContainText('https://');
  // The table renders from the booth's action registry: keys 1–9 name the filters they pick.
  const rows = page.locator('#shortcuts tbody tr');
  // (The registry's key → filter mapping itself is checked in tests/unit/filters.test.ts.)
  const keyed = ['none', 'grayscale', 'sepia', 'high-contrast', 'bright', 'portrait-enhance', 'dramatic-light', 'advanced-bw', 'film-look'];
  for (const [i, id] of keyed.entries()) {
    await expect(rows.nth(i)).toHaveText(`${i + 1}${tr('ja', `filters.names.${id}`)}`);
  }
  await expect(page.locator('#shortcuts')).toContainText(tr('ja', 'userGuide.keyCapture'));
  await expect(page.locator('#shortcuts')).toContainText(tr('ja', 'userGuide.keyEscape'));
});

test('every blog article in the list opens with its title, date, reading time and own document title', async ({ page }) => {
  expect(ARTICLES.length).toBeGreaterThanOrEqual(4);
  await page.goto('/blog');
  const cards = page.locator('.blog-card');
  await expect(cards).toHaveCount(ARTICLES.length);
  const links = await cards.locator('h2 a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
  expect(links.map(([, href]) => href).sort()).toEqual(ARTICLES.map((a) => `/blog/${a.slug}`).sort());

  for (const { slug, title } of ARTICLES) {
    await page.goto('/blog');
    await page.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
    await expect(page.locator('h1')).toHaveText(title);
    await expect(page).toHaveTitle(`${title} | ${tr('en', 'app.name')}`);
    await expect(page.locator('article time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    await expect(page.locator('article .doc-meta')).toContainText(/\d+ min read/);
    // Real articles: rendered Markdown with sections, several hundred words.
    await expect(page.locator('.article-body h2').first()).toBeVisible();
    const words = (await page.locator('.article-body').innerText()).split(/\s+/).length;
    expect(words).toBeGreaterThan(400);
  }
});

test('the blog under a language prefix shows translated chrome and the English articles', async ({ page }) => {
  await page.goto('/ja/blog');
  await expect(page.locator('h1')).toHaveText(tr('ja', 'blog.title'));
  await expect(page.getByText(tr('ja', 'blog.englishOnly'))).toBeVisible();
  const first = ARTICLES[0];
  if (!first) throw new Error('no articles');
  await page.getByRole('link', { name: first.title }).click();
  await expect(page).toHaveURL(new RegExp(`/ja/blog/${first.slug}$`));
  await expect(page.locator('h1')).toHaveText(first.title);
  await expect(page.locator('article').first()).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: tr('ja', 'blog.back') })).toHaveAttribute('href', '/ja/blog');
  await expectAccessible(page, 'a blog article under /ja');
});

test('an unknown blog slug shows the not-found page', async ({ page }) => {
  await page.goto('/blog/unknown-slug');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.locator('h1')).toHaveText(tr('en', 'notFound.title'));
  await page.goto('/it/blog/..%2Fsecrets');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.locator('h1')).toHaveText(tr('it', 'notFound.title'));
});

test.describe('the contact form', () => {
  // Handing the draft to the mail app is a navigation to mailto:, which headless Chromium can't open.
  test.use({ allowConsoleErrors: [/Failed to launch 'mailto:/] });

  test('rejects an invalid e-mail visibly, then builds a mailto link with the subject and body', async ({ page }) => {
    await page.goto('/es/contact');
    const submit = page.getByRole('button', { name: tr('es', 'contact.submit') });
    await submit.click();
    // Each problem shows beside its field and in the summary announced at the top of the form.
    await expect(page.locator('#contact-name-error')).toHaveText(tr('es', 'contact.nameRequired'));
    await expect(page.locator('#contact-email-error')).toHaveText(tr('es', 'contact.emailRequired'));
    await expect(page.locator('#contact-message-error')).toHaveText(tr('es', 'contact.messageRequired'));
    await expect(page.getByRole('alert')).toContainText(tr('es', 'contact.errorsTitle'));
    await expect(page.getByRole('alert').getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('textbox', { name: tr('es', 'contact.name') })).toBeFocused();

    await page.getByRole('textbox', { name: tr('es', 'contact.name') }).fill('Lucía Pérez');
    const email = page.getByRole('textbox', { name: tr('es', 'contact.email') });
    await email.fill('lucia@example');
    await page.getByRole('textbox', { name: tr('es', 'contact.message') }).fill('¿Puedo usarlo en la boda de mi prima?\nSerá en junio.');
    await submit.click();
    await expect(page.locator('#contact-email-error')).toHaveText(tr('es', 'contact.emailInvalid'));
    await expect(page.getByRole('alert').getByRole('listitem')).toHaveText([tr('es', 'contact.emailInvalid')]);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(page.locator('.contact-sent')).toHaveCount(0); // nothing pretends to be sent
    await expectAccessible(page, 'contact form with errors');

    await email.fill('lucia@example.com');
    await expect(page.locator('#contact-email-error')).toBeHidden();
    await expect(page.getByRole('alert')).toBeHidden();
    await submit.click();
    const draft = page.locator('.contact-sent a');
    await expect(draft).toBeVisible();
    const href = (await draft.getAttribute('href')) ?? '';
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('hello@photobooth.example');
    expect(url.searchParams.get('subject')).toBe(tr('es', 'contact.subject', { name: 'Lucía Pérez' }));
    const body = url.searchParams.get('body') ?? '';
    expect(body).toContain('¿Puedo usarlo en la boda de mi prima?\r\nSerá en junio.');
    expect(body).toContain(tr('es', 'contact.bodyFrom', { name: 'Lucía Pérez', email: 'lucia@example.com' }));
  });
});

test('the careers link lands on a careers section of the contact page', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: tr('en', 'footer.careers') }).click();
  await expect(page).toHaveURL(/\/contact#careers$/);
  await expect(page.locator('#careers')).toBeInViewport();
  await expect(page.locator('#careers')).toContainText(tr('en', 'contact.careersBody'));
});

// One test per page: axe on a long page takes seconds on a shared, software-rendered machine.
// The languages' pages and an article; a11y.spec checks the English pages and /ja.
for (const path of ['/th/privacy-policy', '/vi/photo-tutorial', '/id/user-guide', '/it/terms', '/zh/welcome', '/es/contact', '/pt/blog', '/blog/' + (ARTICLES[1]?.slug ?? '')]) {
  test(`axe-core finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, path);
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('no page scrolls sideways', async ({ page }) => {
    for (const path of ['/', '/th', '/welcome', '/privacy-policy', '/contact', '/photo-tutorial', '/vi/user-guide', '/terms', '/blog', `/blog/${ARTICLES[0]?.slug}`]) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
    }
  });
});

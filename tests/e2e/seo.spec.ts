import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchWithCamera } from './env';
import { layoutShift } from './helpers/layout';
import { expect, test } from './fixtures';
import { tr } from './i18n';
import { ROUTES } from '../../src/app/routes';
import { LANGUAGES } from '../../src/i18n/languages';

// The prerendered site (scripts/vite-plugin-prerender.ts) on the production build: every page
// reads whole with JavaScript off, says what it is to search engines in its own language, and the
// app takes it over without a console error and without moving it.

// A 16:9 camera, as most are at 1280×720 (a 4:3 one: booth-stage.spec; a phone's: booth-phone.spec).
test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });

const ORIGIN = 'https://photobooth.example'; // the build's SITE_ORIGIN (its default)
const LANGS = LANGUAGES.map((l) => l.code);
const SLUGS = readdirSync(resolve(import.meta.dirname, '../../content/blog')).map((f) => f.replace(/\.md$/, ''));
/** Every page without its language prefix (an article for each blog post), and the ones canonical elsewhere. */
const PAGES = ROUTES.flatMap((r) => (r.path === '/blog/:slug' ? SLUGS.map((s) => `/blog/${s}`) : [r.path]));
const DUPLICATES = ['/about'];
/** Full-screen screens with no header or footer (event mode's guest booth): noindex, not in the sitemap. */
const BARE = ROUTES.filter((r) => r.bare).map((r) => r.path);
const pathFor = (lang: string, rest: string) => (lang === 'en' ? rest : rest === '/' ? `/${lang}` : `/${lang}${rest}`);

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, lang, h1, body] of [
    ['/', 'en', 'landing.heroTitle', 'landing.heroBody'],
    ['/ja', 'ja', 'landing.heroTitle', 'landing.heroBody'],
    ['/es/user-guide', 'es', 'userGuide.title', 'userGuide.motionBody'],
    // The booth's controls wait for the camera (a <template> until the early script puts them in
    // place: src/lib/start/afterCamera.ts); its text here is the filters' beside the picture.
    ['/it/photobooth', 'it', 'booth.title', 'filters.keysHint'],
  ] as const) {
    test(`${path} shows its translated heading and text`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('h1')).toHaveText(tr(lang, h1));
      await expect(page.locator('main')).toContainText(tr(lang, body).slice(0, 60));
    });
  }

  test('a blog article reads whole', async ({ page }) => {
    await page.goto(`/blog/${SLUGS[0]}`);
    await expect(page.locator('h1')).not.toBeEmpty();
    expect((await page.locator('main').innerText()).length, 'the article text').toBeGreaterThan(1500);
    await expect(page).toHaveTitle(/\| Photobooth$/);
  });
});

test('every page in every language has its title, description, canonical and nine hreflang alternates', async ({ request }) => {
  for (const lang of LANGS) {
    for (const rest of PAGES) {
      const path = pathFor(lang, rest);
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      const canonicalRest = rest === '/about' ? '/privacy-policy' : rest;
      expect(html, `${path}: lang`).toContain(`<html lang="${lang}">`);
      expect(html.match(/<title>[^<]+<\/title>/g)?.length, `${path}: one title`).toBe(1);
      expect(html, `${path}: description`).toMatch(/<meta name="description" content="[^"]{20,}">/);
      expect(html, `${path}: canonical`).toContain(`<link rel="canonical" href="${ORIGIN}${pathFor(lang, canonicalRest)}">`);
      for (const other of LANGS) {
        expect(html, `${path}: hreflang ${other}`).toContain(`<link rel="alternate" hreflang="${other}" href="${ORIGIN}${pathFor(other, canonicalRest)}">`);
      }
      expect(html, `${path}: x-default`).toContain(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}${canonicalRest}">`);
      expect(html, `${path}: og:locale`).toMatch(/<meta property="og:locale" content="[a-z]{2}_[A-Z]{2}">/);
      expect(html.includes('<meta name="robots" content="noindex">'), `${path}: noindex`).toBe(BARE.includes(rest));
    }
  }
});

test('each language has its share image, of the size its tags say', async ({ request }) => {
  const sizes = new Set<number>();
  for (const lang of LANGS) {
    const html = await (await request.get(pathFor(lang, '/'))).text();
    const url = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
    expect(url, `${lang}: og:image`).toBe(`${ORIGIN}/og/${lang}.png`);
    expect(html).toContain(`<meta name="twitter:image" content="${url}">`);
    const width = Number(/<meta property="og:image:width" content="(\d+)">/.exec(html)?.[1]);
    const height = Number(/<meta property="og:image:height" content="(\d+)">/.exec(html)?.[1]);
    const png = await (await request.get(new URL(url!).pathname)).body();
    expect(png.subarray(1, 4).toString('latin1'), `${lang}: a PNG`).toBe('PNG');
    // IHDR: width and height, big-endian, right after the signature and the chunk header.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], `${lang}: size`).toEqual([width, height]);
    expect([width, height]).toEqual([1200, 630]);
    sizes.add(png.length);
  }
  // Nine different pictures (each in its own words), not one copied nine times.
  expect(sizes.size).toBe(LANGS.length);
});

test('the landing page carries WebApplication and FAQPage structured data in its language', async ({ request }) => {
  for (const lang of ['en', 'th'] as const) {
    const html = await (await request.get(pathFor(lang, '/'))).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(blocks.map((b) => b['@type'])).toEqual(['WebApplication', 'FAQPage']);
    expect(blocks[0].inLanguage).toBe(lang);
    expect(blocks[1].mainEntity[0].name).toBe(tr(lang, 'faq.freeQ'));
  }
});

test('sitemap.xml lists every page in every language and nothing else; robots.txt points to it', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const expected = LANGS.flatMap((lang) => PAGES.filter((p) => !DUPLICATES.includes(p) && !BARE.includes(p)).map((p) => `${ORIGIN}${pathFor(lang, p)}`));
  expect(listed.sort()).toEqual(expected.sort());
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
});

test('with JavaScript on, the pages take over without a console error or a hydration warning', async ({ page }) => {
  // The fixture fails the test on any console error (React reports a hydration mismatch as one).
  for (const lang of ['en', 'ja']) {
    for (const rest of PAGES.filter((p) => p !== '/photobooth')) {
      await page.goto(pathFor(lang, rest));
      await expect(page.locator('h1').first()).toBeVisible();
      // A bare screen has no language menu (no header at all): it is the app's once it is ready.
      if (BARE.includes(rest)) continue;
      // Hydrated: the language menu opens (a click only the app handles; one made before the code
      // has taken the page over does nothing, so it is made again until the menu opens).
      const button = page.locator('.lang-button');
      await expect(async () => {
        if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
        await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
      }).toPass();
    }
  }
});

test('the landing page loads no app code until a visitor reaches for a control, and a click made meanwhile is not lost', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // The prerendered page is whole: links, text, pictures and the FAQ need no app code.
  expect(scripts.filter((s) => /\/assets\/(app|LandingPage|landing|shell|SessionPersistence|sessionStore|BoothPage|TutorialOverlay|tutorial|meta)-/.test(s))).toEqual([]);
  await page.locator('#faq summary').first().click();
  await expect(page.locator('#faq details').first()).toHaveAttribute('open', '');
  // A control the app runs: its first click brings the app (no session, booth or tutorial code
  // before it is asked for) and is made again once the app has the page.
  await page.locator('main').getByRole('button', { name: tr('en', 'landing.howItWorks') }).click();
  await expect(page.getByRole('dialog').getByRole('heading')).toHaveText(tr('en', 'tutorial.camera.title'));
  expect(scripts.some((s) => /\/assets\/app-/.test(s)), "the app's code").toBe(true);
  expect(scripts.filter((s) => /\/(SessionPersistence|sessionStore|BoothPage|meta)-/.test(s))).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The booth then brings the saved session with it.
  await page.locator('main a[href="/photobooth"]').first().click();
  await expect.poll(() => scripts.some((s) => /\/SessionPersistence-/.test(s))).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the landing page takes a first touch anywhere (a scroll, a tap on text) as the sign to load the app', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /\/assets\/(app|react)-/.test(s)), 'no app code at load').toEqual([]);
    // A tap on the heading: no control, but a finger on the page.
    const box = (await page.locator('h1').first().boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => scripts.filter((s) => /\/assets\/(app|react)-/.test(s)).length, { message: "React's and the app's code" }).toBe(2);
    // By the time the finger reaches a control, the app answers it.
    await page.locator('main').getByRole('button', { name: tr('en', 'landing.howItWorks') }).tap();
    await expect(page.getByRole('dialog').getByRole('heading')).toHaveText(tr('en', 'tutorial.camera.title'));
  });
});

test.describe('layout shift', () => {
  for (const path of ['/', '/ja', '/photobooth', '/user-guide']) {
    test(`${path}: the layout does not shift while the app starts (CLS ≤ 0.02)`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      // Long enough for the code, the strings and the screen's chunk to have arrived and rendered.
      await page.waitForLoadState('networkidle');
      if (path === '/photobooth') await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live');
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    });
  }
  // Every other page too, the preview among them (its empty card holds its place while the saved
  // session is read: the spinner it showed before moved the footer, CLS 0.08).
  test('every other page and the 404: CLS ≤ 0.02', async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of [...PAGES.filter((p) => !['/', '/photobooth', '/user-guide'].includes(p)), '/no-such-page']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      if (path === '/preview') await expect(page.getByTestId('preview-empty')).toBeVisible();
      expect(await layoutShift(page), path).toBeLessThanOrEqual(0.02);
    }
  });
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('with the service worker, offline navigations get their own language: a visited page and one never opened', async ({ page, context }) => {
    await page.goto('/ja/user-guide');
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
    // Visited with the service worker in control: kept as it came.
    await page.reload();
    await expect(page.locator('h1')).toHaveText(tr('ja', 'userGuide.title'));
    await context.setOffline(true);
    try {
      await page.goto('/ja/user-guide');
      await expect(page.locator('h1')).toHaveText(tr('ja', 'userGuide.title'));
      // Never opened (and perhaps not kept yet): the page the URL asks for, in its language.
      await page.goto('/es/contact');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.locator('h1')).toHaveText(tr('es', 'contact.title'));
      await page.goto('/terms');
      await expect(page.locator('h1')).toHaveText(tr('en', 'terms.title'));
    } finally {
      await context.setOffline(false);
    }
  });
});

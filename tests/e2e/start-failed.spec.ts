import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Route } from '@playwright/test';
import { securityHeaders } from '../../scripts/security-headers';
import { expect, test } from './fixtures';
import { tr } from './i18n';

// A failed app start on the booth's early path (issue 38): the booth page's early script imports
// the app, and when that import fails the page says so in its language, with a Reload. And a host
// whose policy refuses the inline early script (issue 54).

/** The app's entry chunk in the served build (what the booth pages' early script imports). */
function appEntry(): string {
  const manifest = JSON.parse(readFileSync(resolve(process.env.PB_TEST_DIST ?? 'dist-test', '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  return `/${manifest['index.html']!.file}`;
}

test('a booth page whose app cannot be loaded says so in its language, and Reload brings the app', async ({ context }) => {
  // SIMULATED: the entry chunk answers 404 (route-intercepted), as a file of this version missing
  // from the server after an update, or a dropped connection, would. A page of its own: the
  // fixture's navigation waits for the app, which is the point here not to come.
  const tab = await context.newPage();
  const entry = appEntry();
  const isEntry = (url: URL) => url.pathname === entry;
  const missing = (route: Route) => route.fulfill({ status: 404, body: 'Not found' });
  await tab.route(isEntry, missing);

  // Japanese, with the app's stylesheets missing too: the message is styled by itself.
  await tab.route(/\.css$/, (route) => route.fulfill({ status: 404, body: '' }));
  await tab.goto('/ja/photobooth');
  const message = tab.getByTestId('start-failed');
  await expect(message).toBeVisible({ timeout: 30_000 });
  await expect(message).toHaveAttribute('role', 'alert');
  await expect(message.locator('p')).toHaveText(tr('ja', 'errors.startFailed'));
  const box = await message.evaluate((el) => {
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return { position: s.position, background: s.backgroundColor, inView: r.top >= 0 && r.left >= 0 && r.right <= innerWidth && r.height > 40 };
  });
  expect(box).toEqual({ position: 'fixed', background: 'rgb(255, 255, 255)', inView: true });
  await expect(message.getByRole('button', { name: tr('ja', 'errors.reload') })).toBeFocused();
  await tab.unroute(/\.css$/);

  // English; then the chunk is back (the visitor's connection, or the new version's page) and Reload works.
  await tab.goto('/photobooth');
  await expect(message.locator('p')).toHaveText(tr('en', 'errors.startFailed'));
  await expect(tab.locator('html.app-ready')).toHaveCount(0);
  await tab.unroute(isEntry, missing);
  await message.getByRole('button', { name: tr('en', 'errors.reload') }).click();
  await expect(tab.locator('html.app-ready')).toHaveCount(1, { timeout: 30_000 });
  await expect(tab.getByTestId('start-capture')).toBeEnabled({ timeout: 30_000 });
  await expect(message).toHaveCount(0);
});

test('a booth page whose React chunk cannot be loaded (the entry can) says so too', async ({ context }) => {
  // SIMULATED as above: React's chunk, which the entry imports once it runs, answers 404.
  const manifest = JSON.parse(readFileSync(resolve(process.env.PB_TEST_DIST ?? 'dist-test', '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; name?: string }>;
  const react = Object.values(manifest).find((chunk) => chunk.name === 'react')?.file;
  expect(react, "React's chunk in the build").toBeTruthy();
  const tab = await context.newPage();
  await tab.route((url) => url.pathname === `/${react}`, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await tab.goto('/photobooth');
  const message = tab.getByTestId('start-failed');
  await expect(message).toBeVisible({ timeout: 30_000 });
  await expect(message.locator('p')).toHaveText(tr('en', 'errors.startFailed'));
  await expect(tab.locator('html.app-ready')).toHaveCount(0);
});

test("a host that sends a policy without the early script's hash: the inline script is refused, the page runs it as a file, and the booth starts", async ({ context }) => {
  // SIMULATED host: the booth page's response (route-fetched from the real server) is fulfilled
  // with the policy of a build without the inline script (securityHeaders([]), as the README's
  // table read before the hash came, or a host configured once and never again). The refusal is
  // the browser's own: a securitypolicyviolation for an inline script.
  const tab = await context.newPage();
  await tab.addInitScript(() => {
    const refused: string[] = [];
    (window as unknown as { __refused: string[] }).__refused = refused;
    document.addEventListener('securitypolicyviolation', (e) => refused.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  const oldPolicy = securityHeaders([])['Content-Security-Policy']!;
  await tab.route((url) => /^\/(ja\/)?photobooth$/.test(url.pathname), async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': oldPolicy } });
  });
  const scripts: string[] = [];
  tab.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  // The app's entry missing too: the page still says so, in its language (the words come from the refused tag).
  const entry = appEntry();
  const isEntry = (url: URL) => url.pathname === entry;
  const missing = (route: Route) => route.fulfill({ status: 404, body: 'Not found' });
  await tab.route(isEntry, missing);
  await tab.goto('/ja/photobooth');
  const message = tab.getByTestId('start-failed');
  await expect(message.locator('p')).toHaveText(tr('ja', 'errors.startFailed'), { timeout: 30_000 });
  expect(await tab.evaluate(() => (window as unknown as { __refused: string[] }).__refused)).toContain('script-src-elem inline');
  expect(scripts.filter((s) => /^\/assets\/early-[\w-]+\.js$/.test(s))).toHaveLength(1);

  // The entry back: the booth starts, with the camera live.
  await tab.unroute(isEntry, missing);
  await tab.goto('/photobooth');
  await expect(tab.getByTestId('start-capture')).toBeEnabled({ timeout: 30_000 });
  await expect(tab.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live');
  expect(scripts.filter((s) => /^\/assets\/early-[\w-]+\.js$/.test(s))).toHaveLength(2);
});

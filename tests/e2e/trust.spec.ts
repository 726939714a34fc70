import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Download, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { cspMeta, HEADERS_FILE, readHeadersFile, securityHeaders } from '../../scripts/security-headers';
import { LAYOUTS } from '../../src/features/strip/layouts';
import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { toStrip } from './drivers/strip';
import { enableBeauty } from './helpers/beauty';
import { captureSequence } from './helpers/capture';
import { cspViolations, expectNothingLeaves, listenForCspViolations, recordRequests } from './helpers/trust';
import { tr } from './i18n';
import { openBooth } from './drivers/booth';

/**
 * Trust: nothing leaves the device and the CSP holds over the whole flow. What faults cannot do
 * (lose a photo, leave the app broken) is trust-faults.spec.ts.
 */
test.use({
  launchOptions: launchWithCamera({ clip: 'face-640x480.mjpeg' }),
  permissions: ['camera', 'clipboard-read', 'clipboard-write'],
});

async function readDownload(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

async function clickForDownload(page: Page, name: string): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
  return file;
}

test('the whole flow sends nothing anywhere: own origin only, no request with a body, no CSP violation, no console error', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const origin = new URL(baseURL!).origin;
  const requests = recordRequests(context);
  await listenForCspViolations(page);

  // Booth with beauty on (the model and its WebAssembly load from the app itself), 4 shots.
  await openBooth(page);
  await enableBeauty(page);
  await captureSequence(page, { shots: 4, countdown: 0 });
  await toStrip(page, 4);
  const canvas = page.getByTestId('strip-canvas');

  for (const layout of LAYOUTS) {
    await page.getByLabel(tr('en', `strip.layouts.${layout.id}`), { exact: true }).check();
    await expect(canvas).toHaveAttribute('data-drawn-layout', layout.id);
  }

  const resolutions = await page
    .getByLabel(tr('en', 'strip.resolution'))
    .locator('option')
    .evaluateAll((opts) => opts.map((o) => (o as HTMLOptionElement).value));
  expect(resolutions.length).toBeGreaterThanOrEqual(3);
  for (const resolution of resolutions) {
    await page.getByLabel(tr('en', 'strip.resolution')).selectOption(resolution);
    const file = await clickForDownload(page, tr('en', 'strip.downloadJpg'));
    const img = jpeg.decode(await readDownload(file), { maxMemoryUsageInMB: 1024 });
    expect(img.width, resolution).toBeGreaterThan(500);
  }
  const zip = unzipSync(new Uint8Array(await readDownload(await clickForDownload(page, tr('en', 'strip.downloadAll')))));
  expect(Object.keys(zip)).toHaveLength(5);

  // Share actions: copy link, the e-mail draft, the social links (none of them may carry a photo).
  await page.getByRole('button', { name: tr('en', 'share.copy') }).click();
  await expect(page.getByTestId('share-status')).toHaveText(tr('en', 'share.copied'));
  const mail = await page.getByRole('link', { name: tr('en', 'share.email') }).getAttribute('href');
  expect(mail).toMatch(/^mailto:/);
  expect(mail).not.toMatch(/blob:|data:/);
  await page.getByRole('button', { name: tr('en', 'share.social') }).click();
  const links = page.locator('.share-links a');
  await expect(links.first()).toBeVisible();
  for (const href of await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) {
    expect(href).not.toMatch(/blob:|data:|base64/);
    expect(href.length, 'a share link is only an address, never a picture').toBeLessThan(1000);
  }

  // Back to the booth and the content pages: the same holds everywhere.
  await page.goto('/photobooth');
  await expect(page.getByTestId('captured-thumb')).toHaveCount(4);
  await page.goto('/');
  await page.goto('/privacy-policy');

  expect(await cspViolations(page)).toEqual([]);
  expectNothingLeaves(requests, origin);
  // The model and the app's scripts were among them, all from the app itself.
  expect(requests.some((r) => r.url.endsWith('.wasm'))).toBe(true);
  expect(requests.some((r) => r.url.endsWith('.task'))).toBe(true);
});

test('every page carries the build\'s CSP meta tag and headers; the one inline script is the booth\'s early one, allowed by its hash', async ({ request }) => {
  // The build's headers, as it writes them for the host (dist/_headers) and `vite preview` sends them.
  const built = readHeadersFile(readFileSync(resolve(process.env.PB_DIST ?? 'dist', HEADERS_FILE), 'utf8'));
  const hashes = /'sha256-[A-Za-z0-9+/=]+'/.exec(built['Content-Security-Policy'] ?? '') ?? [];
  expect(hashes, 'one script hash in the built policy').toHaveLength(1);
  const hash = hashes[0] as `'sha256-${string}'`;
  expect(built).toEqual(securityHeaders([hash]));
  for (const path of ['/', '/ja/preview', '/photobooth', '/ja/photobooth']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const headers = res.headers();
    for (const [name, value] of Object.entries(built)) expect(headers[name.toLowerCase()], `${path} ${name}`).toBe(value);
    const html = await res.text();
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/i.exec(html);
    const served = meta?.[1]?.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    expect(served, `${path} meta CSP`).toBe(cspMeta([hash]));
    // What the policy promises, read from the served page.
    expect(served).toContain("default-src 'self'");
    expect(served).toContain(`script-src 'self' 'wasm-unsafe-eval' ${hash};`);
    expect(served).toContain("connect-src 'self'");
    expect(served).toContain("img-src 'self' blob: data:");
    // No <style> element; style attributes only (the prerendered pages carry React's).
    expect(served).toContain("style-src 'self';");
    expect(served).toContain("style-src-attr 'unsafe-inline'");
    expect(served?.replace("style-src-attr 'unsafe-inline'", '')).not.toContain('unsafe-inline');
    expect(served).not.toContain("'unsafe-eval'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("form-action 'self'");
    // Every script has a src (JSON-LD blocks are data, never run) but the booth pages' early one,
    // whose text is what the hash allows; no on* attribute anywhere.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);
    if (path.endsWith('/photobooth')) {
      expect(inline, `${path} inline scripts`).toHaveLength(1);
      expect(`'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`, `${path} the inline script's hash`).toBe(hash);
    } else {
      expect(inline, `${path} inline scripts`).toEqual([]);
    }
    expect(html.match(/\son[a-z]+\s*=/gi) ?? [], `${path} inline handlers`).toEqual([]);
  }
});

test.describe('the CSP check can fail', () => {
  test.use({ allowConsoleErrors: [/Content Security Policy/] });

  test('a foreign image, an inline script, an inline handler and a foreign fetch are refused and reported', async ({ page, context }) => {
    // Chromium announces a request before CSP refuses it; none may finish.
    const finished: string[] = [];
    context.on('requestfinished', (r) => finished.push(r.url()));
    await listenForCspViolations(page);
    await page.goto('/');
    await expect(page.locator('h1')).toBeVisible();
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { __inline?: boolean; __handler?: boolean };
      const img = document.createElement('img');
      img.src = 'https://example.com/pixel.png';
      document.body.append(img);
      const script = document.createElement('script');
      script.textContent = 'window.__inline = true';
      document.body.append(script);
      const button = document.createElement('button');
      button.setAttribute('onclick', 'window.__handler = true');
      document.body.append(button);
      button.click();
      const fetched = await fetch('https://example.com/upload', { method: 'POST', body: 'photo' }).then(
        () => true,
        () => false,
      );
      return { inline: Boolean(w.__inline), handler: Boolean(w.__handler), fetched };
    });
    expect(ran).toEqual({ inline: false, handler: false, fetched: false });
    // Violation reports are events that may come after the script: wait for each.
    for (const directive of ['img-src', 'script-src-elem', 'script-src-attr', 'connect-src'])
      await expect.poll(async () => (await cspViolations(page)).join('\n')).toContain(directive);
    expect(finished.filter((url) => url.includes('example.com'))).toEqual([]);
    expect(finished.length).toBeGreaterThan(0);
  });
});

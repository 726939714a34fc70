import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';
import { openBooth } from './drivers/booth';

/**
 * What ships to visitors (dist/, the production build) carries no test or bench code: no test
 * seam, no debug query parameters, no automation checks, and the drawing buffer is not preserved
 * for tests. The test build (dist-test/) is the control: it must have the seam, or this proves nothing.
 */

const DIST = resolve(process.env.PB_DIST ?? 'dist');
const TEST_DIST = resolve(process.env.PB_TEST_DIST ?? 'dist-test');
/** Marks of test-only code, as they survive minification. */
const TEST_ONLY = [/__pbTest/, /timeBeautyPasses/, /profileFrame/, /navigator\.webdriver/, /beauty-debug/, /pb-debug/, /preserveDrawingBuffer:\s*(!0|true)/];

function scripts(dir: string): { name: string; text: string }[] {
  const assets = readdirSync(join(dir, 'assets')).filter((f) => f.endsWith('.js'));
  return [...assets.map((f) => `assets/${f}`), 'sw.js'].map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

/** The URLs the service worker precaches (its injected manifest). */
function precached(dir: string): string[] {
  const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
  return [...sw.matchAll(/"url":\s*"([^"]+)"/g)].map((m) => m[1]!);
}

test('the production bundle and its precache hold no test or bench code; the test build does', () => {
  const hits = (dir: string) => scripts(dir).flatMap(({ name, text }) => TEST_ONLY.filter((re) => re.test(text)).map((re) => `${name}: ${re}`));
  expect(hits(DIST)).toEqual([]);
  expect(hits(TEST_DIST).some((h) => h.includes('__pbTest')), 'the control build has the seam').toBe(true);

  const urls = precached(DIST);
  expect(urls.length).toBeGreaterThan(20);
  expect(urls).toContain('index.html');
  const testOnlyChunks = scripts(TEST_DIST)
    .filter(({ text }) => /__pbTest|timeBeautyPasses/.test(text))
    .map(({ name }) => name.replace(/-[\w-]{8}\.js$/, ''));
  for (const url of urls) {
    expect(url).not.toMatch(/bench|test-seam/i);
    for (const chunk of testOnlyChunks) expect(url.startsWith(chunk + '-'), `${url} is the test build's ${chunk}`).toBe(false);
  }
});

test('a visitor’s booth has no test seam and does not preserve its drawing buffer', async ({ page }) => {
  await openBooth(page);
  const seen = await page.evaluate(() => ({
    seam: 'window.__pbTest' in window || (window as unknown as { __pbTest?: unknown }).__pbTest !== undefined,
    preserved: document.querySelector<HTMLCanvasElement>('[data-testid=booth-canvas]')!.getContext('webgl2')!.getContextAttributes()!
      .preserveDrawingBuffer,
  }));
  expect(seen).toEqual({ seam: false, preserved: false });
});

/**
 * Send to a phone across engines (issue 51), Firefox's side: a booth or a phone in Firefox (driven
 * by puppeteer-core over BiDi), the other side a Chromium of tests/e2e/drivers/phone.ts. The QR
 * codes between them are read as a person's camera would: from screenshots, decoded here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { ALLOWED_CONSOLE_ERRORS } from '../../e2e/fixtures';

// The reader's WebAssembly from the package on disk: its default is a CDN, and nothing here goes to the network.
prepareZXingModule({ overrides: { wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')) } });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The element `selector` once it is on the page and shown. */
export async function shown(page: Page, selector: string, timeout = 30_000): Promise<ElementHandle<Element>> {
  const el = await page.waitForSelector(selector, { visible: true, timeout });
  if (!el) throw new Error(`${selector} is not shown`);
  return el;
}

/** The text of the QR code a screenshot of `el` shows. */
export async function readQrOf(el: ElementHandle<Element>): Promise<string> {
  const png = await el.screenshot({ type: 'png' });
  const [found] = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
  if (!found?.text) throw new Error('No QR code in the screenshot');
  return found.text;
}

/** A button a person finds by its words (exact, trimmed), clicked. */
export async function clickButton(page: Page, words: string): Promise<void> {
  await page.locator(`button::-p-text(${words})`).click();
}

/** The Firefox booth opened with its (clip) camera live, `shots` photos taken with no countdown, and its strip page reached. */
export async function ffOpenStrip(page: Page, baseURL: string, shots: number): Promise<void> {
  await page.goto(`${baseURL}/photobooth`);
  await shown(page, '[data-testid="booth-stage"][data-camera-status="live"][data-render-mode="webgl"]');
  await page.select('[data-testid="shot-count"]', String(shots));
  await page.select('[data-testid="countdown"]', '0');
  await page.locator('[data-testid="start-capture"]').click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="captured-thumb"]').length === n, { timeout: 60_000 }, shots);
  await page.waitForSelector('[data-testid="booth-stage"][data-capturing="false"]', { timeout: 30_000 });
  await page.locator('[data-testid="to-preview"]').click();
  await page.waitForFunction((n) => location.pathname.endsWith('/preview') && document.querySelectorAll('[data-testid="preview-photo"]').length === n, { timeout: 30_000 }, shots);
  await page.waitForFunction(() => {
    const renders = document.querySelector('[data-testid="strip-canvas"]')?.getAttribute('data-renders');
    return !!renders && renders !== '0';
  }, { timeout: 30_000 });
}

/**
 * A file the browser downloaded into `dir` whose name matches `name`, once whole: Firefox writes a
 * `.part` file first and renames it when done. `before`: names already there, not this download.
 */
export async function downloaded(dir: string, name: RegExp, { before = [] as string[], timeout = 30_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeout;
  let last = '';
  let lastSize = -1;
  for (;;) {
    const files = readdirSync(dir);
    const found = files.find((f) => name.test(f) && !f.endsWith('.part') && !before.includes(f));
    if (found && !files.some((f) => f.endsWith('.part'))) {
      const size = statSync(join(dir, found)).size;
      if (found === last && size === lastSize && size > 0) return join(dir, found);
      last = found;
      lastSize = size;
    }
    if (Date.now() > deadline) throw new Error(`No download matching ${name} in ${dir} (there: ${files.join(', ') || 'nothing'})`);
    await sleep(200);
  }
}

/** The names in a download folder now (to tell the next download from earlier ones). */
export const namesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

/** Page errors but the one harmless line MediaPipe logs through console.error (the Chromium suite allows it too). */
export const realErrors = (errors: string[]) => errors.filter((e) => !ALLOWED_CONSOLE_ERRORS.some((re) => re.test(e)));

/** Page errors of a further tab (launchFirefox collects its first tab's only). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String((e as Error).message ?? e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

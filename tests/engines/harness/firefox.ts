/**
 * Firefox ESR driven by puppeteer-core over WebDriver BiDi (Playwright cannot drive a stock
 * Firefox), headful on the display from ./display.ts. Its fake camera is a plain moving colour
 * (media.navigator.streams.fake); tests that need a face feed the app a clip through the test
 * seam's camera (test build) and say so.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDisplay } from './display';

export const FIREFOX = '/usr/bin/firefox-esr';

export interface FirefoxOptions {
  /** 'fake': Firefox's own fake camera, granted without a prompt; 'none': no camera is allowed. */
  camera?: 'fake' | 'none';
  /** Extra preferences (e.g. to take an API away). */
  prefs?: Record<string, string | number | boolean>;
}

export interface FirefoxSession {
  browser: Browser;
  page: Page;
  /** The profile's download folder. */
  downloads: string;
  /** Page errors seen so far (uncaught exceptions and console errors). */
  errors: string[];
  close(): Promise<void>;
}

export async function launchFirefox({ camera = 'fake', prefs = {} }: FirefoxOptions = {}): Promise<FirefoxSession> {
  await ensureDisplay();
  const downloads = mkdtempSync(join(tmpdir(), 'pb-ff-dl-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: false,
    defaultViewport: { width: 1280, height: 800 },
    extraPrefsFirefox: {
      'media.navigator.streams.fake': camera === 'fake',
      'media.navigator.permission.disabled': camera === 'fake',
      'media.autoplay.default': 0,
      'media.autoplay.blocking_policy': 0,
      // Nothing of the browser's own talks to the network during a test.
      'app.update.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
      'browser.download.dir': downloads,
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      'browser.helperApps.neverAsk.saveToDisk': 'image/jpeg,image/png,image/gif,video/mp4,video/webm,application/zip,application/octet-stream',
      'print.always_print_silent': true,
      ...prefs,
    },
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String((e as Error).message ?? e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return {
    browser,
    page,
    downloads,
    errors,
    async close() {
      await browser.close().catch(() => {});
      rmSync(downloads, { recursive: true, force: true });
    },
  };
}

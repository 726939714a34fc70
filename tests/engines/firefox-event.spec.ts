import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import jpeg from 'jpeg-js';
import type { Page } from 'puppeteer-core';
import { sha256 } from '../e2e/drivers/phone';
import { launchFirefox } from './harness/firefox';
import { useClipCamera } from './harness/clipCamera';
import { downloaded, realErrors, shown } from './harness/ffSend';
import { ffAskToLeave, ffStartEvent, ffTryPin } from './harness/ffEvent';

// Event mode in Firefox (issue 51): the host starts an event behind a PIN, a guest's turn is
// started and shot with a presenter clicker's Page Down, the strip is kept; the second screen (a
// second tab) shows it; leaving the guest booth asks for the PIN (a wrong one keeps the booth, the
// right one lets the host out); the gallery shows the strip, and its export (Firefox has no
// showSaveFilePicker, so the ZIP downloads) holds exactly that strip. The camera is the face clip
// fed through ./harness/clipCamera.ts (Firefox's own fake camera is a plain colour).

const PIN = '2468';

/** The sha-256 of the picture an <img> shows (its blob: URL, read in the page). */
const shownSha = (page: Page, selector: string) =>
  page.$eval(selector, async (img) => {
    const bytes = await (await fetch((img as HTMLImageElement).src)).arrayBuffer();
    return [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
  });

test('Firefox runs an event: PIN, a clicker-triggered turn, the second screen, the PIN to leave, the gallery and its ZIP', async ({ baseURL }) => {
  test.setTimeout(150_000);
  const ff = await launchFirefox();
  try {
    // The second screen, in a tab of its own, open before the event starts.
    const show = await ff.browser.newPage();
    await show.goto(`${baseURL}/event/show`);
    await show.waitForSelector('html.app-ready');
    const page = ff.page;
    await page.bringToFront();
    await useClipCamera(page);
    await ffStartEvent(page, baseURL!, PIN);

    // ---- A guest with a presenter clicker: Page Down starts the turn, Page Down takes the shot. ----
    await page.keyboard.press('PageDown');
    await shown(page, '[data-testid="event-booth"][data-phase="pose"]');
    await page.keyboard.press('PageDown');
    await page.waitForSelector('[data-testid="event-booth"]:is([data-phase="shooting"], [data-phase="composing"], [data-phase="strip"])', { timeout: 10_000 });
    await page.waitForSelector('[data-testid="event-strip"][data-kept="kept"]', { timeout: 60_000 });
    const guestSha = await shownSha(page, '[data-testid="event-strip-image"]');
    // The second screen shows the kept strip once its guest's moment to hide it has passed.
    await show.waitForSelector('[data-testid="event-show-strip"]', { visible: true, timeout: 15_000 });
    expect(await shownSha(show, '[data-testid="event-show-strip"]'), 'the second screen shows the guest’s strip').toBe(guestSha);
    await page.locator('[data-testid="event-done"]').click();
    await shown(page, '[data-testid="event-attract"]');

    // ---- Leaving: a wrong PIN keeps the booth, the right one lets the host out. ----
    await ffAskToLeave(page);
    await ffTryPin(page, '1357');
    await page.waitForFunction(() => /\S/.test(document.querySelector('[data-testid="event-pin-wrong"]')?.textContent ?? ''));
    expect(new URL(page.url()).pathname).toMatch(/\/event\/booth$/);
    await ffTryPin(page, PIN);
    await page.waitForFunction(() => /\/event$/.test(location.pathname), { timeout: 15_000 });

    // ---- The gallery: the strip, shown; its ZIP (downloaded: no file picker in Firefox) holds exactly it. ----
    await shown(page, '[data-testid="event-gallery"][data-count="1"]');
    const thumb = '[data-testid="event-thumb"] img';
    await page.waitForFunction((s) => ((document.querySelector(s) as HTMLImageElement | null)?.naturalWidth ?? 0) > 0, {}, thumb);
    expect(await shownSha(page, thumb), 'the gallery holds the guest’s strip').toBe(guestSha);
    await page.locator('[data-testid="event-export"]').click();
    const zip = await downloaded(ff.downloads, /^photobooth-\d{4}-\d{2}-\d{2}-\d{4}-event\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(zip)));
    const names = Object.keys(files);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^photobooth-.*-001\.jpg$/);
    expect(sha256(files[names[0]!]!), 'the ZIP holds exactly the kept strip').toBe(guestSha);
    const strip = jpeg.decode(files[names[0]!]!, { useTArray: true });
    const [w, h] = await page.$eval(thumb, (img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]);
    expect([strip.width, strip.height]).toEqual([w, h]);

    expect(realErrors(ff.errors), 'no page error in Firefox').toEqual([]);
  } finally {
    await ff.close();
  }
});

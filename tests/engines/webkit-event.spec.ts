import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { KEYS, launchWebKit, type WebKitSession } from './harness/webkit';
import { downloaded, watchDownloads } from './harness/wkDownloads';
import { appReady, pathIs, waitShown, wkAskToLeave, wkStartEvent, wkTryPin } from './harness/wkEvent';

// Event mode in WebKit (the engine of every iPhone and iPad browser) at an iPad's size in portrait
// (1024×1366), its camera WebKit's own mock device (a moving test card). The host starts an event
// behind a PIN; three guests take their turn — two with a presenter clicker's Page Down (it starts
// the turn, then takes the shot), one with taps on the screen — and each strip is kept in the
// event gallery; the second screen, in a second window, shows them; leaving the guest booth asks
// for the PIN (a wrong one keeps the booth, the right one lets the host out); the gallery shows
// the three strips, and its export (WebKit has no showSaveFilePicker, so the ZIP downloads) holds
// exactly them, each a whole JPEG.
//
// MiniBrowser under automation is an ephemeral session, which keeps no Blob in IndexedDB (as
// Safari's Private Browsing does): the strips are kept as their bytes (src/lib/idbBlobs.ts), so
// this is also the proof of that fallback in the engine that needs it.

const PIN = '2468';
/** Shots a guest may take before the test gives up (see guestTurn): one, since the booth itself takes a black read again. */
const ATTEMPTS = 1;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The sha-256 of the picture an <img> shows (its blob: URL, read in the page). */
const shownSha = (wk: WebKitSession, css: string) =>
  wk.executeAsync<string>(async (css: string) => {
    const bytes = await (await fetch(document.querySelector<HTMLImageElement>(css)!.src)).arrayBuffer();
    return [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
  }, css);

const pictureIn = (wk: WebKitSession, css: string) =>
  wk.execute<boolean>((css: string) => (document.querySelector<HTMLImageElement>(css)?.naturalWidth ?? 0) > 0, css);

/**
 * Whether the element is whole inside the viewport as it stands: the guest booth fills the screen
 * and never scrolls, so a control outside it is one a guest cannot reach (WebDriver's own click
 * would scroll to it and hide that).
 */
const wholeOnScreen = (wk: WebKitSession, css: string) =>
  wk.execute<boolean>((css: string) => {
    const r = document.querySelector(css)?.getBoundingClientRect();
    return !!r && r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
  }, css);

const phase = (wk: WebKitSession) => wk.attribute('[data-testid="event-booth"]', 'data-phase');

/**
 * One guest's turn, from the attract screen to their strip kept: `clicker` presses Page Down to
 * start and to shoot, else the guest taps the screen's buttons. Resolves with the strip's sha-256,
 * back on the attract screen.
 */
async function guestTurn(wk: WebKitSession, guest: number, clicker: boolean): Promise<string> {
  if (clicker) await wk.keys(KEYS.PageDown);
  else await wk.click('[data-testid="event-start"]');
  await wk.waitFor(async () => (await phase(wk)) === 'pose', `guest ${guest}: the pose screen`);
  expect(await wholeOnScreen(wk, '[data-testid="event-go"]'), `guest ${guest}: the shutter button on screen`).toBe(true);
  for (let attempt = 1; ; attempt++) {
    await wk.waitFor(() => wk.execute(() => !document.querySelector<HTMLButtonElement>('[data-testid="event-go"]')?.disabled), `guest ${guest}: ready to shoot`);
    if (clicker) await wk.keys(KEYS.PageDown);
    else await wk.click('[data-testid="event-go"]');
    await wk.waitFor(async () => (await phase(wk)) !== 'pose', `guest ${guest}: the shot started`, 10_000);
    // The strip screen once the gallery's write is done ('saving' until then), or the pose screen
    // again with the booth's "could not be taken, try again".
    const end = await wk.waitFor(
      async () => {
        const now = await phase(wk);
        if (now === 'pose') return 'again';
        const kept = now === 'strip' ? await wk.attribute('[data-testid="event-strip"]', 'data-kept') : null;
        return kept === 'kept' || kept === 'failed' ? kept : null;
      },
      `guest ${guest}: the strip kept`,
      60_000,
    );
    if (end === 'again') {
      // What a guest does when the booth asks them to try again. On a loaded machine WebKitGTK
      // hands back a black still for about one shot in five or more; the booth takes it again from
      // the <video> (src/features/booth/renderer/capture.ts) and says so only when every way is
      // black: each retry is named in the report; a guest may try ATTEMPTS times, no more.
      const said = await wk.execute<string>(() => document.querySelector('[data-testid="event-failed"]')?.textContent ?? '(no message)');
      test.info().annotations.push({ type: 'guest tried again', description: `guest ${guest}, attempt ${attempt}: ${said}` });
      if (attempt >= ATTEMPTS) throw new Error(`guest ${guest}: the shot failed ${attempt} times (${said})`);
      continue;
    }
    if (end !== 'kept') writeFileSync(`/tmp/webkit-event-guest${guest}.png`, await wk.screenshot());
    expect(end, `guest ${guest}'s strip kept in the gallery`).toBe('kept');
    break;
  }
  await wk.waitFor(() => pictureIn(wk, '[data-testid="event-strip-image"]'), `guest ${guest}: the strip shown`);
  const sha = await shownSha(wk, '[data-testid="event-strip-image"]');
  expect(await wholeOnScreen(wk, '[data-testid="event-done"]'), `guest ${guest}: Done on screen`).toBe(true);
  await wk.click('[data-testid="event-done"]');
  await waitShown(wk, '[data-testid="event-attract"]');
  return sha;
}

test('WebKit at iPad size runs an event: PIN, three guests (clicker and taps), the second screen, the PIN to leave, the gallery and its ZIP', async ({ baseURL }) => {
  test.setTimeout(150_000);
  const wk = await launchWebKit({ width: 1024, height: 1366, camera: true });
  try {
    await wkStartEvent(wk, baseURL!, PIN);
    // The iPad's width; its height less the browser's own bar where full screen was not granted.
    const [width, height] = await wk.execute<[number, number]>(() => [innerWidth, innerHeight]);
    expect(width).toBe(1024);
    expect(height).toBeGreaterThan(1300);
    expect(await wholeOnScreen(wk, '[data-testid="event-host"]'), 'the host’s corner on screen').toBe(true);

    // ---- Three guests: two with the presenter clicker, one with taps. ----
    const guests: string[] = [];
    for (const [guest, clicker] of [
      [1, true],
      [2, true],
      [3, false],
    ] as const)
      guests.push(await guestTurn(wk, guest, clicker));
    // Not asked to differ: the test card's clock moves, but a loaded machine can hold the mock
    // camera on one frame for seconds. The gallery and the ZIP are checked against each guest's own.

    // ---- The second screen, in a window of its own beside the booth's, plays the kept strips. ----
    // Opened once the guests are done: with a second window drawing beside the booth's, the
    // shots on this loaded machine read black more often (see guestTurn).
    const booth = await wk.windowHandle();
    const boothRect = await wk.windowRect();
    const show = await wk.newWindow();
    await wk.switchTo(show);
    await wk.windowRect({ x: boothRect.x + boothRect.width, y: 0, width: 560, height: 700 });
    await wk.navigate(`${baseURL}/event/show`);
    await appReady(wk, '/event/show');
    await wk.waitFor(async () => (await wk.attribute('[data-testid="event-show"]', 'data-count')) === '3', 'the second screen with three strips', 15_000);
    await wk.waitFor(() => pictureIn(wk, '[data-testid="event-show-strip"]'), 'a strip on the second screen');
    expect(guests, 'the second screen shows a guest’s strip').toContain(await shownSha(wk, '[data-testid="event-show-strip"]'));
    expect(await wk.errors(), 'window errors on the second screen').toEqual([]);
    await wk.switchTo(booth);

    // ---- Leaving: a wrong PIN keeps the booth, the right one lets the host out. ----
    await wkAskToLeave(wk);
    expect(await wholeOnScreen(wk, '[data-testid="event-pin-submit"]'), 'the PIN dialog’s button on screen').toBe(true);
    await wkTryPin(wk, '1357');
    await wk.waitFor(() => wk.execute(() => /\S/.test(document.querySelector('[data-testid="event-pin-wrong"]')?.textContent ?? '')), 'the wrong PIN said');
    expect(await pathIs(wk, /\/event\/booth$/)).toBe(true);
    await wkTryPin(wk, PIN);
    await wk.waitFor(() => pathIs(wk, /\/event$/), 'the host’s page', 15_000);

    // ---- The gallery: the three strips, shown; its ZIP (downloaded) holds exactly them. ----
    await waitShown(wk, '[data-testid="event-gallery"][data-count="3"]');
    const thumbs = await wk.waitFor(
      () =>
        wk.execute<{ w: number; h: number }[] | null>(() => {
          const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid="event-thumb"] img')];
          return imgs.length === 3 && imgs.every((i) => i.complete && i.naturalWidth > 0) ? imgs.map((i) => ({ w: i.naturalWidth, h: i.naturalHeight })) : null;
        }),
      'the three strips drawn in the gallery',
    );
    const inGallery = await Promise.all([1, 2, 3].map((n) => shownSha(wk, `[data-testid="event-thumb"]:nth-of-type(${n}) img`)));
    expect([...inGallery].sort(), 'the gallery holds the three guests’ strips').toEqual([...guests].sort());
    const sizeOf = new Map(inGallery.map((sha, i) => [sha, thumbs[i]!]));

    await watchDownloads(wk);
    await wk.click('[data-testid="event-export"]');
    const zip = await downloaded(wk);
    expect(zip.name).toMatch(/^photobooth-\d{4}-\d{2}-\d{2}-\d{4}-event\.zip$/);
    const files = unzipSync(new Uint8Array(zip.bytes));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(3);
    for (const name of names) expect(name).toMatch(/^photobooth-.*-00[123]\.jpg$/);
    // Numbered in the evening's order: 001 is the first guest's.
    expect(
      names.map((n) => sha256(files[n]!)),
      'the ZIP holds exactly the guests’ strips, in order',
    ).toEqual(guests);
    for (const n of names) {
      const strip = jpeg.decode(files[n]!, { useTArray: true });
      const shown = sizeOf.get(sha256(files[n]!))!;
      expect([strip.width, strip.height], `${n} decodes at the gallery's size`).toEqual([shown.w, shown.h]);
    }
    expect(await wk.execute(() => [...document.querySelectorAll('.screen-error')].length)).toBe(0);
    expect(await wk.errors(), 'window errors').toEqual([]);
  } finally {
    await wk.close();
  }
});

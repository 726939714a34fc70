import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { CSP_META, SECURITY_HEADERS } from '../../scripts/security-headers';
import { LANGUAGES } from '../../src/i18n/languages';
import { LAYOUTS } from '../../src/features/strip/layouts';
import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { enableBeauty } from './helpers/beauty';
import { captureSequence } from './helpers/capture';
import {
  cspViolations,
  expectNothingLeaves,
  listenForCspViolations,
  liveCameraTracks,
  mulberry32,
  recordRequests,
  setTabHidden,
  spyOnCameraStreams,
  storedPhotoCount,
  unplugCamera,
} from './helpers/trust';
import { tr } from './i18n';

/**
 * Trust: nothing leaves the device, the CSP holds over the whole flow, and no sequence of clicks,
 * keys, reloads or device faults loses a photo or leaves the app broken.
 */
test.use({
  launchOptions: launchWithCamera({ clip: 'face-640x480.mjpeg' }),
  permissions: ['camera', 'clipboard-read', 'clipboard-write'],
});

const CAMERA = { width: 640, height: 480 };

async function readDownload(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

async function clickForDownload(page: Page, name: string): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
  return file;
}

async function thumbIds(page: Page): Promise<string[]> {
  return page.getByTestId('captured-thumb').evaluateAll((els) => els.map((e) => e.getAttribute('data-photo-id') ?? ''));
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
  await page.goto('/photobooth');
  await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
  await enableBeauty(page);
  await captureSequence(page, { shots: 4, countdown: 0 });
  await page.getByTestId('to-preview').click();
  await expect(page.getByTestId('preview-photo')).toHaveCount(4);
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

test('the served index.html carries the CSP meta tag and the documented headers; no inline script or handler', async ({ request }) => {
  for (const path of ['/', '/ja/preview', '/photobooth']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const headers = res.headers();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name.toLowerCase()], `${path} ${name}`).toBe(value);
    const html = await res.text();
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/i.exec(html);
    const served = meta?.[1]?.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    expect(served, `${path} meta CSP`).toBe(CSP_META);
    // What the policy promises, read from the served page.
    expect(served).toContain("default-src 'self'");
    expect(served).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(served).toContain("connect-src 'self'");
    expect(served).toContain("img-src 'self' blob: data:");
    expect(served).not.toContain('unsafe-inline');
    expect(served).not.toContain("'unsafe-eval'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("form-action 'self'");
    // Every script has a src; no on* attribute anywhere.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/gi) ?? [], `${path} inline scripts`).toEqual([]);
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
      await new Promise((r) => setTimeout(r, 300));
      return { inline: Boolean(w.__inline), handler: Boolean(w.__handler), fetched };
    });
    expect(ran).toEqual({ inline: false, handler: false, fetched: false });
    const found = (await cspViolations(page)).join('\n');
    for (const directive of ['img-src', 'script-src-elem', 'script-src-attr', 'connect-src']) expect(found).toContain(directive);
    expect(finished.filter((url) => url.includes('example.com'))).toEqual([]);
    expect(finished.length).toBeGreaterThan(0);
  });
});

/** The booth, live, set for `shots` shots with a 3 s countdown (time to act between shots). */
async function openBoothFor(page: Page, shots: number) {
  await page.goto('/photobooth');
  const stage = page.getByTestId('booth-stage');
  await expect(stage).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
  await page.getByTestId('shot-count').selectOption(String(shots));
  await page.getByTestId('countdown').selectOption('3');
  return stage;
}

async function startAndWaitForFirstShot(page: Page) {
  await page.getByTestId('start-capture').click();
  await expect(page.getByTestId('captured-thumb')).toHaveCount(1, { timeout: 15_000 });
}

test.describe('the booth at the worst moments', () => {
  test.beforeEach(async ({ page }) => {
    await spyOnCameraStreams(page);
  });

  test('the camera is unplugged during the countdown: the message shows, the sequence stops, the photo taken is kept', async ({ page }) => {
    test.setTimeout(90_000);
    const stage = await openBoothFor(page, 4);
    await startAndWaitForFirstShot(page);
    await expect(page.getByTestId('countdown-number')).toBeVisible();
    const kept = await thumbIds(page);

    expect(await unplugCamera(page)).toBeGreaterThan(0);
    await expect(page.getByTestId('camera-error')).toHaveAttribute('data-error', 'ended');
    await expect(page.getByTestId('camera-error')).toContainText(tr('en', 'camera.errors.ended'));
    await expect(stage).toHaveAttribute('data-capturing', 'false', { timeout: 5_000 });
    // No half-taken second photo, no failure message on top of the camera message.
    expect(await thumbIds(page)).toEqual(kept);
    await expect(page.getByText(tr('en', 'booth.captureFailed'))).toHaveCount(0);
    await expect(page.getByTestId('start-capture')).toBeDisabled();

    await page.getByTestId('camera-retry').click();
    await expect(stage).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    expect(await thumbIds(page)).toEqual(kept);
    await expect(page.getByTestId('start-capture')).toBeEnabled();
    await expect.poll(() => storedPhotoCount(page)).toBe(1);
  });

  test('the tab goes to the background mid-sequence: the sequence ends cleanly, the photos taken are kept, the camera is live', async ({ page }) => {
    test.setTimeout(90_000);
    const stage = await openBoothFor(page, 3);
    await startAndWaitForFirstShot(page);
    const [first] = await thumbIds(page);
    await setTabHidden(page, true);
    await page.waitForTimeout(1500);
    await setTabHidden(page, false);
    // Whether the booth finishes the sequence or stops it, it ends, and nothing taken is lost.
    await expect(stage).toHaveAttribute('data-capturing', 'false', { timeout: 30_000 });
    await expect(stage).toHaveAttribute('data-camera-status', 'live');
    await expect(page.getByText(tr('en', 'booth.captureFailed'))).toHaveCount(0);
    const ids = await thumbIds(page);
    expect(ids[0]).toBe(first);
    expect(ids.length).toBeGreaterThanOrEqual(1);
    expect(ids.length).toBeLessThanOrEqual(3);
    expect(await liveCameraTracks(page)).toBe(1);
    const sizes = await page
      .getByTestId('captured-thumb')
      .locator('img')
      .evaluateAll((imgs) => Promise.all((imgs as HTMLImageElement[]).map(async (i) => (await i.decode(), [i.naturalWidth, i.naturalHeight]))));
    expect(sizes).toEqual(ids.map(() => [CAMERA.width, CAMERA.height]));
    await expect.poll(() => storedPhotoCount(page)).toBe(ids.length);
  });

  test('pressing Start twice runs one sequence, not two', async ({ page }) => {
    test.setTimeout(90_000);
    const stage = await openBoothFor(page, 2);
    // Two clicks in the same task: the button cannot have been disabled in between.
    await page.getByTestId('start-capture').evaluate((b: HTMLButtonElement) => {
      b.click();
      b.click();
    });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('capturing-message')).toContainText(tr('en', 'booth.capturing', { n: 1, total: 2 }));
    await expect(page.getByTestId('captured-thumb')).toHaveCount(2, { timeout: 30_000 });
    await expect(stage).toHaveAttribute('data-capturing', 'false', { timeout: 10_000 });
    // Wait past where a second sequence would have shot again: still the same two photos.
    const ids = await thumbIds(page);
    await page.waitForTimeout(3500);
    expect(await thumbIds(page)).toEqual(ids);
    expect(new Set(ids).size).toBe(2);
  });

  test('leaving the booth during capture keeps the photos taken, stops the camera and shoots no more', async ({ page }) => {
    test.setTimeout(90_000);
    const stage = await openBoothFor(page, 4);
    await startAndWaitForFirstShot(page);
    const kept = await thumbIds(page);
    // The booth hides its own "to preview" link while shooting; the footer is always there.
    await page.getByRole('contentinfo').getByRole('link', { name: tr('en', 'nav.contact'), exact: true }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect.poll(() => liveCameraTracks(page)).toBe(0);
    // No shot lands later from the abandoned sequence.
    await page.waitForTimeout(4500);
    await expect.poll(() => storedPhotoCount(page)).toBe(1);
    await page.goto('/preview');
    await expect(page.getByTestId('preview-photo')).toHaveCount(1);
    await expect(page.getByTestId('strip-canvas')).not.toHaveAttribute('data-renders', '0');
    await page.getByRole('link', { name: tr('en', 'preview.takeNew') }).click();
    await expect(stage).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    expect(await thumbIds(page)).toEqual(kept);
    await expect(stage).toHaveAttribute('data-capturing', 'false');
  });
});

test.describe('storage faults', () => {
  test('IndexedDB.open throws (private mode): the booth says photos will not survive a reload, and the session works in memory', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      };
    });
    await page.goto('/it/photobooth');
    await expect(page.getByTestId('storage-notice')).toContainText(tr('it', 'storage.memory'));
    await captureSequence(page, { shots: 2, countdown: 0 });
    const ids = await thumbIds(page);
    // In-app navigation keeps them in memory, both ways.
    await page.getByTestId('to-preview').click();
    await expect(page.getByTestId('preview-photo')).toHaveCount(2);
    await expect(page.getByTestId('strip-canvas')).not.toHaveAttribute('data-renders', '0');
    await expect(page.getByTestId('storage-notice')).toContainText(tr('it', 'storage.memory'));
    await page.getByRole('link', { name: tr('it', 'preview.takeNew') }).first().click();
    await expect(page.getByTestId('captured-thumb')).toHaveCount(2);
    expect(await thumbIds(page)).toEqual(ids);
  });

  test('storage fills up after the first photos: later photos stay in memory and the booth says so', async ({ page }) => {
    test.setTimeout(90_000);
    // The first save works; from the second on every write fails as a full disk makes it fail.
    await page.addInitScript(() => {
      const put = IDBObjectStore.prototype.put;
      let writes = 0;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (this.name === 'photos' && ++writes > 1) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.apply(this, args);
      };
    });
    await page.goto('/photobooth');
    await captureSequence(page, { shots: 1, countdown: 0 });
    await expect.poll(() => storedPhotoCount(page)).toBe(1);
    await expect(page.getByTestId('storage-notice')).toHaveCount(0);
    await page.getByTestId('retake-1').click();
    await expect.poll(() => thumbIds(page).then((x) => x.length)).toBe(1);
    await expect(page.getByTestId('storage-notice')).toContainText(tr('en', 'storage.full').slice(0, 30));
    await expect(page.getByTestId('captured-thumb')).toHaveCount(1);
    await page.getByTestId('to-preview').click();
    await expect(page.getByTestId('preview-photo')).toHaveCount(1);
    await expect(page.getByTestId('strip-canvas')).not.toHaveAttribute('data-renders', '0');
  });
});

test.describe('the global error banner', () => {
  test.use({ allowConsoleErrors: [/boom/] });

  test('an unhandled rejection shows a translated banner with reload and a ZIP of every photo', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/ja/photobooth');
    await captureSequence(page, { shots: 2, countdown: 0 });
    await page.evaluate(() => {
      void Promise.reject(new Error('boom'));
    });
    const banner = page.locator('.global-error');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(tr('ja', 'errors.crashTitle'));
    await expect(banner.getByRole('button', { name: tr('ja', 'errors.reload') })).toBeVisible();
    const rescue = banner.getByRole('button', { name: tr('ja', 'errors.rescue', { count: 2 }) });
    const [file] = await Promise.all([page.waitForEvent('download'), rescue.click()]);
    expect(file.suggestedFilename()).toMatch(/\.zip$/);
    const entries = unzipSync(new Uint8Array(await readDownload(file)));
    const names = Object.keys(entries).sort();
    expect(names).toHaveLength(2);
    for (const name of names) {
      expect(name).toMatch(/\.jpg$/);
      const img = jpeg.decode(entries[name]!, { useTArray: true });
      expect([img.width, img.height], name).toEqual([CAMERA.width, CAMERA.height]);
    }
    // The page underneath still works; the banner can be dismissed.
    await banner.getByRole('button', { name: tr('ja', 'errors.dismiss') }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByTestId('captured-thumb')).toHaveCount(2);
  });
});

/* ------------------------------------------------------------------------------------------ */
/* The random walk                                                                            */
/* ------------------------------------------------------------------------------------------ */

const WALK_STEPS = Number(process.env.RANDOM_WALK_STEPS ?? 250);
const WALK_ROUTES = ['/', '/photobooth', '/preview', '/welcome', '/privacy-policy', '/user-guide', '/blog', '/contact', '/no-such-page'];

/**
 * Controls the walk never presses, because pressing them loses photos on purpose or leaves the
 * app: Clear (and its confirmation), Retake all / retake one (they replace photos), links that
 * open another app or tab (mailto:, target=_blank), and the downloads (proven in the whole-flow
 * test; at HD they would take most of the walk's time).
 */
function walkExclusions(): string[] {
  const keys = ['preview.clear', 'preview.clearYes', 'booth.retakeAll', 'strip.downloadJpg', 'strip.downloadAll', 'errors.rescue'];
  const labels: string[] = [];
  for (const { code } of LANGUAGES) for (const key of keys) labels.push(tr(code, key, { count: 0 }).replace(/\(0\)|0/, '').trim());
  return labels;
}

test('a seeded random walk over clicks, keys, routes, reloads, camera faults and context loss keeps every photo', async ({
  page,
  baseURL,
}) => {
  const seed = Number(process.env.RANDOM_WALK_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(`random walk seed: ${seed} (replay with RANDOM_WALK_SEED=${seed}), ${WALK_STEPS} steps`);
  test.info().annotations.push({ type: 'seed', description: String(seed) });
  // ~1.5 min alone; up to ~3 min beside another browser test on two busy cores.
  test.setTimeout(360_000);
  const rand = mulberry32(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const origin = new URL(baseURL!).origin;

  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/XNNPACK delegate/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('popup', (p) => problems.push(`popup opened: ${p.url()}`));
  await spyOnCameraStreams(page);

  await page.goto('/photobooth');
  await captureSequence(page, { shots: 3, countdown: 0 });
  const photos = await thumbIds(page);
  await expect.poll(() => storedPhotoCount(page)).toBe(3);

  const excluded = walkExclusions();
  const log: string[] = [];
  const closeDialogs = async () => {
    for (let i = 0; i < 3 && (await page.locator('dialog[open]').count()); i++) await page.keyboard.press('Escape');
    await expect(page.locator('dialog[open]')).toHaveCount(0, { timeout: 5_000 });
  };
  const onBooth = () => /\/photobooth$/.test(new URL(page.url()).pathname);

  const actions: [weight: number, name: string, run: () => Promise<string>][] = [
    [
      10,
      'click',
      async () => {
        const n = await page.evaluate(
          ({ excluded, origin }) => {
            document.querySelectorAll('[data-walk]').forEach((e) => e.removeAttribute('data-walk'));
            const all = [...document.querySelectorAll<HTMLElement>('button, a[href], input[type=checkbox], input[type=radio], summary')];
            let i = 0;
            for (const el of all) {
              if (!el.getClientRects().length || (el as HTMLButtonElement).disabled) continue;
              const text = (el.textContent ?? '').trim();
              if (excluded.some((x) => x && text.startsWith(x))) continue;
              const testid = el.dataset.testid ?? '';
              if (testid === 'start-capture' || testid.startsWith('retake-')) continue;
              if (el instanceof HTMLAnchorElement && (el.target === '_blank' || !el.href.startsWith(origin))) continue;
              el.setAttribute('data-walk', String(i++));
            }
            return i;
          },
          { excluded, origin },
        );
        if (!n) return 'nothing to click';
        const k = Math.floor(rand() * n);
        const target = page.locator(`[data-walk="${k}"]`);
        const label = ((await target.textContent().catch(() => '')) ?? '').trim().slice(0, 40) || (await target.getAttribute('aria-label').catch(() => '')) || '?';
        await target.click({ timeout: 2000 }).catch(() => undefined);
        return `click "${label}"`;
      },
    ],
    [
      4,
      'key',
      async () => {
        const key = pick(['1', '2', '3', '4', '5', '6', '7', '8', '9', 'Escape', 'Tab', 'Tab', 'Shift+Tab']);
        await page.keyboard.press(key);
        return `key ${key}`;
      },
    ],
    [
      2,
      'goto',
      async () => {
        const lang = pick(['', '', '', '/ja', '/es', '/th']);
        const route = pick(WALK_ROUTES);
        await page.goto(`${lang}${route === '/' && lang ? '' : route}`);
        return `goto ${lang}${route}`;
      },
    ],
    [
      1,
      'reload',
      async () => {
        await page.reload();
        return 'reload';
      },
    ],
    [
      1,
      'resize',
      async () => {
        const [width, height] = pick([[360, 740], [768, 1024], [1280, 800]] as const);
        await page.setViewportSize({ width, height });
        return `viewport ${width}×${height}`;
      },
    ],
    [
      1,
      'back',
      async () => {
        await page.goBack().catch(() => undefined);
        // Back past the first page leaves the app; the visitor comes back with Forward.
        if (!page.url().startsWith(origin)) {
          await page.goForward();
          return 'back out of the app and forward again';
        }
        return 'back';
      },
    ],
    [
      1,
      'unplug camera',
      async () => {
        await closeDialogs();
        if (!onBooth()) await page.goto('/photobooth');
        const stage = page.getByTestId('booth-stage');
        await expect(stage).toHaveAttribute('data-camera-status', /live|error/, { timeout: 30_000 });
        if ((await stage.getAttribute('data-camera-status')) !== 'live') return 'unplug skipped (camera not live)';
        await unplugCamera(page);
        await expect(page.getByTestId('camera-error')).toHaveAttribute('data-error', 'ended');
        // A visitor closes an open dialog (the tutorial) before pressing Try again.
        await closeDialogs();
        await page.getByTestId('camera-retry').click({ timeout: 10_000 });
        await expect(stage).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
        return 'camera unplugged and back';
      },
    ],
    [
      1,
      'lose context',
      async () => {
        if (!onBooth()) await page.goto('/photobooth');
        const stage = page.getByTestId('booth-stage');
        await expect(stage).toHaveAttribute('data-camera-status', /live|error/, { timeout: 30_000 });
        if ((await stage.getAttribute('data-render-mode')) !== 'webgl') return 'context loss skipped (not webgl)';
        const lost = await page.evaluate(() => {
          const gl = document.querySelector<HTMLCanvasElement>('[data-testid=booth-canvas]')?.getContext('webgl2');
          const ext = gl?.getExtension('WEBGL_lose_context');
          if (!ext) return false;
          (window as unknown as { __lose: WEBGL_lose_context }).__lose = ext;
          ext.loseContext();
          return true;
        });
        if (!lost) return 'context loss skipped (no extension)';
        await expect(stage).toHaveAttribute('data-render-mode', 'plain');
        await page.evaluate(() => (window as unknown as { __lose: WEBGL_lose_context }).__lose.restoreContext());
        await expect(stage).toHaveAttribute('data-render-mode', 'webgl');
        return 'webgl context lost and restored';
      },
    ],
  ];
  const total = actions.reduce((s, [w]) => s + w, 0);

  const fail = (step: number, why: string) => {
    throw new Error(`random walk seed ${seed} failed at step ${step}: ${why}\nlast steps:\n${log.slice(-15).join('\n')}`);
  };

  const started = Date.now();
  for (let step = 0; step < WALK_STEPS; step++) {
    if (step % 50 === 0) console.log(`  step ${step} after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    let r = rand() * total;
    const action = actions.find(([w]) => (r -= w) < 0) ?? actions[0]!;
    try {
      log.push(`${step}: ${await action[2]()} @ ${new URL(page.url()).pathname}`);
    } catch (e) {
      log.push(`${step}: ${action[1]} threw`);
      fail(step, (e as Error).message);
    }
    if (problems.length) fail(step, problems.join('; '));
    // Every page that opened stays on the app's own origin.
    if (!page.url().startsWith(origin)) fail(step, `left the app: ${page.url()}`);
  }

  console.log(`  ${WALK_STEPS} steps in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const count = (re: RegExp) => log.filter((l) => re.test(l)).length;
  console.log(
    `  ${count(/: click "/)} clicks, ${count(/: key /)} keys, ${count(/: (goto|reload|back)/)} navigations, ` +
      `${count(/camera unplugged and back/)} unplugs, ${count(/context lost and restored/)} context losses`,
  );
  try {
    // Each device fault happens at least once, whatever the seed.
    for (const [done, name] of [
      [/camera unplugged and back/, 'unplug camera'],
      [/context lost and restored/, 'lose context'],
    ] as const) {
      if (count(done)) continue;
      await closeDialogs();
      if (!onBooth()) await page.goto('/photobooth');
      await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
      const result = await actions.find(([, n]) => n === name)![2]();
      log.push(`end: ${result}`);
      expect(result).toMatch(done);
    }
    // Photos intact, in the same order, on /preview and back in the booth; no spinner left spinning.
    await page.goto('/preview');
    await expect(page.getByTestId('preview-photo')).toHaveCount(photos.length);
    const widths = await page
      .getByTestId('preview-photo')
      .evaluateAll((imgs) => Promise.all((imgs as HTMLImageElement[]).map(async (i) => (await i.decode(), i.naturalWidth))));
    expect(widths).toEqual(photos.map(() => CAMERA.width));
    await expect(page.locator('.spinner:visible')).toHaveCount(0, { timeout: 20_000 });
    await page.goto('/photobooth');
    await expect(page.getByTestId('captured-thumb')).toHaveCount(photos.length);
    expect(await thumbIds(page)).toEqual(photos);
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    await expect(page.locator('.spinner:visible')).toHaveCount(0, { timeout: 20_000 });
    expect(problems).toEqual([]);
  } catch (e) {
    fail(WALK_STEPS, (e as Error).message);
  }
  console.log(`random walk seed ${seed}: ${WALK_STEPS} steps passed`);
});

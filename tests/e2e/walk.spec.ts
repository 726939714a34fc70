import { readFileSync } from 'node:fs';
import { launchWithCamera } from './env';
import type { Locator, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { tr } from './i18n';
import { fillQuota, freeQuota, limitQuota } from './helpers/quota';
import { spyOnCameraStreams, unplugCamera } from './helpers/trust';
import { clickables, langOfUrl, readScreen, storedIds, walkExclusions } from './helpers/walk';
import { seeded } from '../../src/features/strip/draw';

/**
 * The random walk: a visitor who does everything, in any order, on the production build. Clicks
 * and keys anywhere, Start (with and without a countdown, cancelled or not), retake one, retake
 * all, Clear (confirmed or not), downloads, filter and beauty changes, in-app and full navigations,
 * reloads, and the faults real devices have: the camera unplugged, the WebGL context lost, the
 * the strip worker failing to
 * load (a real 404).
 *
 * The walk keeps a model of the photos the visitor should have, and after every step checks the
 * invariants: the photos on screen are the model's, in its order; the screen rendered; no
 * uncaught error reached the console. One seed per run (playwright.config.ts draws it, a retry
 * reuses it), printed; RANDOM_WALK_SEED=<seed> replays it, RANDOM_WALK_STEPS=<n> sets the length.
 */
test.use({
  launchOptions: launchWithCamera({ clip: 'face-640x480.mjpeg' }),
  permissions: ['camera'],
  acceptDownloads: true,
  // A control that never becomes clickable fails its step quickly, with the walk's log.
  actionTimeout: 15_000,
});

const STEPS = Number(process.env.RANDOM_WALK_STEPS ?? 300);
const MIN_PHOTOS = 10;
const ROUTES = ['/', '/photobooth', '/preview', '/welcome', '/privacy-policy', '/user-guide', '/blog', '/contact', '/no-such-page'];
const LANG_PREFIXES = ['', '', '', '/ja', '/es', '/th'];
const COMPOSER_WORKER = /\/assets\/composer\.worker[^/]*\.js$/;

test('a seeded random walk keeps the photos the visitor took, in order, through every action and fault', async ({ page, baseURL }) => {
  const seed = Number(process.env.RANDOM_WALK_SEED);
  expect(Number.isInteger(seed), 'playwright.config.ts sets RANDOM_WALK_SEED').toBe(true);
  console.log(`random walk seed: ${seed} (replay with RANDOM_WALK_SEED=${seed}), ${STEPS} steps, retry ${test.info().retry}`);
  test.info().annotations.push({ type: 'seed', description: String(seed) });
  test.setTimeout(600_000);
  const rand = seeded(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const origin = new URL(baseURL!).origin;

  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/XNNPACK delegate/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  const consoleTail: string[] = [];
  page.on('console', (m) => void (m.type() !== 'debug' && !/Long task/.test(m.text()) && consoleTail.push(`${m.type()}: ${m.text().slice(0, 160)}`)));
  page.on('popup', (p) => problems.push(`popup opened: ${p.url()}`));
  await spyOnCameraStreams(page);
  // Requests in flight: a step has settled only when the page fetches nothing more (a screen or
  // the tutorial loads its code on first use, and opens only then).
  const inFlight = new Map<Request, number>();
  page.on('request', (r) => inFlight.set(r, Date.now()));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  /**
   * Requests started in the last 10 s and not done, by URL. Older ones were cut off by a navigation
   * without a report (Playwright does not always send one); the step's own wait is 15 s, so a lost
   * report cannot fail it, and a real hang shows on screen (a spinner, a missing heading).
   */
  const pending = () => [...inFlight].filter(([, t]) => Date.now() - t < 10_000).map(([r]) => r.url());

  /** The photos the visitor should have, in order. */
  let model: string[] = [];
  let photosTaken = 0;
  const done = new Map<string, number>();
  const log: string[] = [];
  const excluded = walkExclusions();
  const note = (what: string) => (done.set(what, (done.get(what) ?? 0) + 1), what);

  // ---- moving around ----------------------------------------------------------------------
  /** Before a full page load: what the screen holds has reached IndexedDB (the writer is debounced). */
  const flush = () => expect.poll(() => storedIds(page), { message: 'the session reached IndexedDB', timeout: 15_000 }).toEqual(model);
  const load = async (path: string) => {
    await flush();
    await page.goto(path);
  };
  /**
   * Closes the tutorial as a visitor would: Escape, and its close button if Escape did not (the
   * walk says so in its output, with where the focus was: a keyboard test covers Escape itself).
   */
  const closeDialogs = async () => {
    const open = page.locator('dialog[open]');
    for (let i = 0; i < 2 && (await open.count()); i++) {
      await page.keyboard.press('Escape');
      await open.waitFor({ state: 'detached', timeout: 1_500 }).catch(() => undefined);
    }
    if (await open.count()) {
      const focus = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 100) ?? 'none');
      console.log(`  Escape left the tutorial open (focus on ${focus}); its close button closes it`);
      await open.locator('.tutorial-close').click({ timeout: 5_000 });
    }
    await expect(open).toHaveCount(0, { timeout: 5_000 });
  };
  /**
   * The visitor presses a control. A dialog that opened late over it (the tutorial opens only once
   * its code has loaded, a moment after the click that asked for it) is closed first, as a visitor
   * would close it.
   */
  const press = async (target: Locator, options: { timeout?: number } = {}) => {
    const timeout = options.timeout ?? 15_000;
    try {
      await target.click({ timeout: 4_000 });
    } catch {
      if (!(await page.locator('dialog[open]').count())) {
        await target.click({ timeout: timeout - 4_000 });
        return;
      }
      await closeDialogs();
      await target.click({ timeout });
    }
  };
  /** On the booth with the camera live (after Try again if a fault left it in error). */
  const toBooth = async () => {
    await closeDialogs();
    if ((await readScreen(page)).kind !== 'booth') await load('/photobooth');
    const stage = page.getByTestId('booth-stage');
    await expect(stage).toHaveAttribute('data-camera-status', /live|error/, { timeout: 30_000 });
    if ((await stage.getAttribute('data-camera-status')) === 'error') {
      await press(page.getByTestId('camera-retry'));
      await expect(stage).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    }
    await expect(stage).toHaveAttribute('data-capturing', 'false', { timeout: 30_000 });
  };
  /**
   * Full screen (a random click can turn it on) shows the stage alone, by design: preview, shutter
   * and filters. The photos and the beauty panel are outside it; the visitor leaves full screen to
   * reach them.
   */
  const leaveFullScreen = () => page.evaluate(() => (document.fullscreenElement ? document.exitFullscreen() : undefined));
  const toPreview = async () => {
    await closeDialogs();
    if ((await readScreen(page)).kind !== 'preview') await load('/preview');
    await expect(page.getByTestId(model.length ? 'preview-photo' : 'preview-empty').first()).toBeVisible({ timeout: 15_000 });
  };
  /** The language the screen is in (the walk visits /ja, /es and /th as well as English). */
  const lang = () => langOfUrl(page.url());
  const thumbs = () => page.getByTestId('captured-thumb').evaluateAll((els) => els.map((e) => e.getAttribute('data-photo-id') ?? ''));

  // ---- taking photos ----------------------------------------------------------------------
  /** Start (or Retake all): `shots` photos replace the old ones once the first is taken. */
  const shoot = async (shots: number, countdown: 0 | 3, cancel = false): Promise<string> => {
    await toBooth();
    await page.getByTestId('shot-count').selectOption(String(shots));
    await page.getByTestId('countdown').selectOption(String(countdown));
    const before = model;
    const what = before.length ? 'retake all' : 'start';
    await press(page.getByTestId('start-capture'));
    const stage = page.getByTestId('booth-stage');
    if (cancel) {
      await expect(page.getByTestId('countdown-number')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(stage).toHaveAttribute('data-capturing', 'false', { timeout: 15_000 });
      // Cancelled in the first countdown: nothing replaced, nothing lost.
      expect(await thumbs()).toEqual(before);
      return note(`${what} with a ${countdown} s countdown, cancelled`);
    }
    await expect(page.getByTestId('captured-thumb')).toHaveCount(shots, { timeout: 20_000 + shots * (countdown + 5) * 1000 });
    await expect(stage).toHaveAttribute('data-capturing', 'false', { timeout: 15_000 });
    const ids = await thumbs();
    expect(ids.filter((id) => before.includes(id)), 'every photo of a new sequence is new').toEqual([]);
    model = ids;
    photosTaken += shots;
    return note(`${what}: ${shots} shot(s), countdown ${countdown}`);
  };
  const retakeOne = async (): Promise<string> => {
    if (!model.length) return shoot(1, 0);
    await toBooth();
    await leaveFullScreen();
    // The photos are under the beauty drawer when it is open (phones, tablets): close it first.
    const close = page.locator('.beauty-close');
    if (await close.isVisible()) await press(close);
    await page.getByTestId('countdown').selectOption('0');
    const i = Math.floor(rand() * model.length);
    const old = model[i];
    await press(page.getByTestId(`retake-${i + 1}`));
    await expect.poll(async () => (await thumbs())[i], { timeout: 20_000 }).not.toBe(old);
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-capturing', 'false', { timeout: 15_000 });
    const ids = await thumbs();
    expect(ids.filter((_, k) => k !== i), 'a retake changes only its own photo').toEqual(model.filter((_, k) => k !== i));
    model = ids;
    photosTaken++;
    return note(`retake photo ${i + 1}`);
  };

  // ---- the preview ------------------------------------------------------------------------
  const clear = async (): Promise<string> => {
    await toPreview();
    if (!model.length) return 'clear skipped (no photos)';
    await press(page.locator('.session-actions').getByTestId('clear-session'));
    if (rand() < 0.3) {
      await press(page.getByRole('button', { name: tr(lang(), 'storage.clearNo') }));
      return note('clear, then keep them');
    }
    await press(page.locator('.session-actions').getByTestId('clear-session-yes'));
    model = [];
    await expect(page.getByTestId('preview-empty')).toBeVisible();
    return note('clear, confirmed');
  };
  const download = async (): Promise<string> => {
    if (!model.length) await shoot(1, 0);
    await toPreview();
    await expect(page.getByTestId('strip-canvas')).not.toHaveAttribute('data-renders', '0', { timeout: 20_000 });
    const [file] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      press(page.getByRole('button', { name: tr(lang(), 'strip.downloadJpg'), exact: true })),
    ]);
    const bytes = readFileSync(await file.path());
    expect([bytes[0], bytes[1], bytes.length > 10_000], 'a JPEG strip').toEqual([0xff, 0xd8, true]);
    return note('download the strip');
  };

  // ---- faults -----------------------------------------------------------------------------
  const unplug = async (): Promise<string> => {
    await toBooth();
    await unplugCamera(page);
    await expect(page.getByTestId('camera-error')).toHaveAttribute('data-error', 'ended');
    await closeDialogs();
    await press(page.getByTestId('camera-retry'), { timeout: 10_000 });
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    return note('camera unplugged and back');
  };
  const loseContext = async (): Promise<string> => {
    await toBooth();
    const stage = page.getByTestId('booth-stage');
    if ((await stage.getAttribute('data-render-mode')) !== 'webgl') return 'context loss skipped (not webgl)';
    await page.evaluate(() => {
      const gl = document.querySelector<HTMLCanvasElement>('[data-testid=booth-canvas]')!.getContext('webgl2')!;
      const ext = gl.getExtension('WEBGL_lose_context')!;
      (window as unknown as { __lose: WEBGL_lose_context }).__lose = ext;
      ext.loseContext();
    });
    await expect(stage).toHaveAttribute('data-render-mode', 'plain');
    await page.evaluate(() => (window as unknown as { __lose: WEBGL_lose_context }).__lose.restoreContext());
    await expect(stage).toHaveAttribute('data-render-mode', 'webgl');
    return note('webgl context lost and restored');
  };
  /** The strip's worker answers 404 (a stale deploy): the preview draws on the main thread. */
  const workerFails = async (): Promise<string> => {
    if (!model.length) await shoot(1, 0);
    let refused = 0;
    await page.route(COMPOSER_WORKER, (route) => (refused++, route.fulfill({ status: 404, body: 'not found' })));
    try {
      await load('/preview');
      await expect(page.getByTestId('strip-canvas')).not.toHaveAttribute('data-renders', '0', { timeout: 20_000 });
      expect(refused, 'the worker was asked for and refused').toBeGreaterThan(0);
      await download();
    } finally {
      await page.unroute(COMPOSER_WORKER);
    }
    return note('strip worker 404');
  };

  /**
   * The disk fills up (a real quota, see helpers/quota.ts): the next photo stays in memory and the
   * booth says so; once space is freed, the next photo is saved with the rest and the notice goes.
   */
  const storageFull = async (): Promise<string> => {
    await toBooth();
    await flush();
    expect(await fillQuota(page), 'the filler took the free space').toBeGreaterThan(0);
    try {
      await shoot(1, 0);
      await expect(page.getByTestId('storage-notice')).toHaveAttribute('data-kind', 'full');
      expect(await storedIds(page), 'the photo that did not fit is not saved').not.toEqual(model);
    } finally {
      await freeQuota(page);
    }
    await retakeOne();
    await expect(page.getByTestId('storage-notice')).toHaveCount(0);
    await flush();
    return note('storage full, then freed');
  };

  // ---- anything at all --------------------------------------------------------------------
  const click = async (): Promise<string> => {
    const targets = await clickables(page, excluded);
    if (!targets.length) return 'nothing to click';
    const { label, x, y } = targets[Math.floor(rand() * targets.length)]!;
    // A tap where the control was a moment ago: if something moved over it since (an animation, a
    // notice), that is what the visitor taps, as on a real screen.
    await page.mouse.click(x, y);
    // The tutorial's code loads on its first opening: the step ends when it is open (or, if the
    // tap missed, after a moment), so it cannot open under the next step.
    if (label === tr(lang(), 'nav.tutorial')) await page.locator('dialog[open]').waitFor({ timeout: 5_000 }).catch(() => undefined);
    return `click "${label}"`;
  };
  const scroll = async (): Promise<string> => {
    const dy = pick([-700, -300, 300, 700, 1400]);
    await page.mouse.move(200, 300);
    await page.mouse.wheel(0, dy);
    return `scroll ${dy}`;
  };
  const key = async (): Promise<string> => {
    const k = pick(['1', '2', '3', '4', '5', '6', '7', '8', '9', 'Escape', 'Tab', 'Shift+Tab', 'ArrowLeft', 'ArrowRight']);
    await page.keyboard.press(k);
    return `key ${k}`;
  };
  const beauty = async (): Promise<string> => {
    await toBooth();
    await leaveFullScreen();
    const toggle = page.getByTestId('beauty-drawer-toggle');
    // Phones and tablets open the beauty panel from the bar; wide screens show it beside the preview.
    if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await press(toggle);
    const enable = page.getByTestId('beauty-enable');
    const on = rand() < 0.5;
    // Through press, like every other control: a dialog that opened late over it is closed first.
    if ((await enable.isChecked()) !== on) await press(enable);
    await expect(enable).toBeChecked({ checked: on });
    if (!on) return note('beauty off');
    const preset = pick(['natural', 'fresh', 'glamour', 'cute'] as const);
    const button = page.getByRole('button', { name: tr(lang(), `beauty.presets.${preset}`), exact: true });
    await press(button);
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    return note(`beauty on, ${preset}`);
  };
  const goto = async (): Promise<string> => {
    const lang = pick(LANG_PREFIXES);
    const route = pick(ROUTES);
    await load(`${lang}${route === '/' && lang ? '' : route}`);
    return `goto ${lang}${route}`;
  };
  const reload = async (): Promise<string> => {
    await flush();
    await page.reload();
    return note('reload');
  };
  const back = async (): Promise<string> => {
    await flush();
    await page.goBack().catch(() => undefined);
    if (new URL(page.url()).origin !== origin) {
      await page.goForward();
      return 'back out of the app and forward again';
    }
    return 'back';
  };
  const resize = async (): Promise<string> => {
    const [width, height] = pick([[360, 740], [768, 1024], [1280, 800]] as const);
    await page.setViewportSize({ width, height });
    return `viewport ${width}×${height}`;
  };

  // Weights: cheap steps (clicks, keys, scrolls) most often; photos often enough for a dozen or
  // more per run; each fault a few times in 300 steps.
  const ACTIONS: [weight: number, name: string, run: () => Promise<string>][] = [
    [14, 'click', click],
    [7, 'key', key],
    [2, 'scroll', scroll],
    [1.1, 'start', () => shoot(1 + Math.floor(rand() * 2), 0)],
    [0.3, 'start with countdown', () => shoot(1, 3, rand() < 0.5)],
    [0.7, 'retake one', retakeOne],
    [0.5, 'clear', clear],
    [0.5, 'download', download],
    [0.7, 'beauty', beauty],
    [1.2, 'goto', goto],
    [0.6, 'reload', reload],
    [1, 'back', back],
    [0.6, 'resize', resize],
    [0.2, 'unplug camera', unplug],
    [0.2, 'lose context', loseContext],
    [0.2, 'worker fails', workerFails],
    [0.2, 'storage full', storageFull],
  ];
  const total = ACTIONS.reduce((s, [w]) => s + w, 0);

  /** The invariants, after every step. */
  const check = async () => {
    expect(problems, 'uncaught errors').toEqual([]);
    expect(new URL(page.url()).origin, 'still in the app').toBe(origin);
    await expect
      .poll(async () => {
        const busy = pending();
        if (busy.length) return `requests still in flight: ${busy.join(' ')}`;
        const s = await readScreen(page);
        if (s.crashed) return 'crash screen';
        if (!s.rendered) return 'no heading on screen';
        if (s.loading) return 'a spinner still spinning';
        if (s.kind === 'booth' && !['live', 'error'].includes(s.cameraStatus ?? '')) return 'camera still starting';
        if (s.capturing || s.ids === null) return 'ok';
        return s.ids.join(',') === model.join(',') ? 'ok' : `photos ${JSON.stringify(s.ids)} ≠ model ${JSON.stringify(model)}`;
      }, { timeout: 15_000 })
      .toBe('ok');
  };

  const fail = (step: number | string, why: string): never => {
    throw new Error(`random walk seed ${seed} failed at step ${step}: ${why}\nlast steps:\n${log.slice(-25).join('\n')}`);
  };
  const time = new Map<string, [n: number, ms: number]>();
  const run = async (step: number | string, name: string, action: () => Promise<string>) => {
    const t0 = Date.now();
    try {
      log.push(`${step}: ${await action()} @ ${new URL(page.url()).pathname}`);
      await check();
      const [n, ms] = time.get(name) ?? [0, 0];
      time.set(name, [n + 1, ms + Date.now() - t0]);
    } catch (e) {
      log.push(`${step}: ${name} failed`);
      const notice = await page.getByTestId('storage-notice').getAttribute('data-kind', { timeout: 1000 }).catch(() => 'none');
      fail(step, `${(e as Error).message}\n(storage notice: ${notice}; console: ${consoleTail.slice(-8).join(' | ')})`);
    }
  };

  // A small quota of the browser's own, so the storage-full step can fill it (set before the app
  // first opens IndexedDB).
  await limitQuota(page, origin, 60 << 20);
  await page.goto('/photobooth');
  const started = Date.now();
  for (let step = 0; step < STEPS; step++) {
    if (step % 50 === 0) {
      console.log(`  step ${step} after ${((Date.now() - started) / 1000).toFixed(0)} s, ${photosTaken} photos`);
      if (step) console.log(`  time by kind: ${[...time.entries()].map(([k, [n, ms]]) => `${k} ${n}× ${(ms / n).toFixed(0)} ms`).join('; ')}`);
    }
    let r = rand() * total;
    const [, name, action] = ACTIONS.find(([w]) => (r -= w) < 0) ?? ACTIONS[0]!;
    await run(step, name, action);
  }
  // Whatever the seed, every kind of step happens at least once, and at least MIN_PHOTOS photos are taken.
  const musts: [RegExp, string, () => Promise<string>][] = [
    [/^(start|retake all): /, 'start', () => shoot(2, 0)],
    [/cancelled/, 'start with countdown', () => shoot(1, 3, true)],
    [/: 1 shot\(s\), countdown 3/, 'start with countdown', () => shoot(1, 3)],
    [/^retake/, 'retake one', retakeOne],
    [/clear, confirmed/, 'clear', clear],
    [/download/, 'download', download],
    [/beauty on/, 'beauty', beauty],
    [/reload/, 'reload', reload],
    [/unplugged/, 'unplug camera', unplug],
    [/context lost/, 'lose context', loseContext],
    [/worker 404/, 'worker fails', workerFails],
    [/storage full/, 'storage full', storageFull],
  ];
  for (const [re, name, action] of musts) if (![...done.keys()].some((k) => re.test(k))) await run(`end (${name})`, name, action);
  while (photosTaken < MIN_PHOTOS) await run('end (more photos)', 'start', () => shoot(3, 0));
  await run('end (a last reload)', 'reload', reload);

  const seconds = (Date.now() - started) / 1000;
  console.log(`random walk seed ${seed}: ${STEPS} steps and the musts in ${seconds.toFixed(0)} s, ${photosTaken} photos taken`);
  console.log(`  ${[...done.entries()].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
  console.log(`  time by kind: ${[...time.entries()].map(([k, [n, ms]]) => `${k} ${n}× ${(ms / n).toFixed(0)} ms`).join('; ')}`);
});

import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { tr } from '../i18n';
import { expectPictureOnScreen } from './phoneSettings';
import { fillQuota, freeQuota } from './quota';
import { unplugCamera } from './trust';
import { clickables, storedIds, walkExclusions } from './walk';
import { walkMoves } from './walkMoves';

/**
 * The random walk's steps (tests/e2e/walk.spec.ts): each does one thing a visitor (or a device's
 * fault) does, keeps the model of the photos the visitor should have, and says what it did.
 */

const ROUTES = ['/', '/photobooth', '/preview', '/welcome', '/privacy-policy', '/user-guide', '/blog', '/contact', '/no-such-page'];
const LANG_PREFIXES = ['', '', '', '/ja', '/es', '/th'];
const COMPOSER_WORKER = /\/assets\/composer\.worker[^/]*\.js$/;

export function walkSteps(page: Page, rand: () => number, origin: string) {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  /** The photos the visitor should have, in order. */
  let model: string[] = [];
  let photosTaken = 0;
  const done = new Map<string, number>();
  const excluded = walkExclusions();
  const note = (what: string) => (done.set(what, (done.get(what) ?? 0) + 1), what);
  /** Phone-sized booth: the live picture on screen after a setting changed (counted where checked). */
  let pictureChecks = 0;
  const pictureRule = async (after: string) => void ((await expectPictureOnScreen(page, after)) && pictureChecks++);

  const { flush, load, closeDialogs, press, toBooth, leaveFullScreen, toPreview, lang, thumbs } = walkMoves(page, () => model);

  /** The photos and the photo settings are under the beauty drawer when it is open (phones, tablets): a visitor closes it first. */
  const closeBeautyDrawer = async () => {
    const close = page.locator('.beauty-close');
    if (await close.isVisible()) await press(close);
  };

  // ---- taking photos ----------------------------------------------------------------------
  /** Start (or Retake all): `shots` photos replace the old ones once the first is taken. */
  const shoot = async (shots: number, countdown: 0 | 3, cancel = false): Promise<string> => {
    await toBooth();
    await page.getByTestId('shot-count').selectOption(String(shots));
    await page.getByTestId('countdown').selectOption(String(countdown));
    await pictureRule('the number of shots and the countdown');
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
    // Done when the tray holds `shots` photos, none of them from before: a count alone can match
    // the old photos before the sequence has even begun (the walk's one flake, seed 1329252008).
    await expect
      .poll(
        async () => {
          const now = await thumbs();
          return now.length === shots && now.every((id) => !before.includes(id)) ? 'all new' : `${now.length} photos, ${now.filter((id) => before.includes(id)).length} from before`;
        },
        { timeout: 20_000 + shots * (countdown + 5) * 1000, message: 'every photo of a new sequence is new' },
      )
      .toBe('all new');
    await expect(stage).toHaveAttribute('data-capturing', 'false', { timeout: 15_000 });
    const ids = await thumbs();
    model = ids;
    photosTaken += shots;
    return note(`${what}: ${shots} shot(s), countdown ${countdown}`);
  };
  const retakeOne = async (): Promise<string> => {
    if (!model.length) return shoot(1, 0);
    await toBooth();
    await leaveFullScreen();
    await closeBeautyDrawer();
    await page.getByTestId('countdown').selectOption('0');
    await pictureRule('the countdown');
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
    // Whatever it changed (a filter, a setting): on a phone, the picture stays on screen.
    await pictureRule(`a click on "${label}"`);
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
    await pictureRule(`key ${k}`);
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
    await pictureRule(`beauty ${on ? 'on' : 'off'}`);
    if (!on) return note('beauty off');
    const preset = pick(['natural', 'fresh', 'glamour', 'cute'] as const);
    const button = page.getByRole('button', { name: tr(lang(), `beauty.presets.${preset}`), exact: true });
    await press(button);
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await pictureRule(`the beauty preset ${preset}`);
    return note(`beauty on, ${preset}`);
  };
  /** Motion on or off: with it on, every shot also records a burst (and the preview shows loops). */
  const motion = async (): Promise<string> => {
    await toBooth();
    await leaveFullScreen();
    // The photo settings are under the drawer too (seed 1413906427, step 53, timed out on it).
    await closeBeautyDrawer();
    const box = page.getByTestId('motion-on');
    const on = rand() < 0.5;
    if ((await box.isChecked()) !== on) await press(box);
    await expect(box).toBeChecked({ checked: on });
    await pictureRule(`motion ${on ? 'on' : 'off'}`);
    return note(`motion ${on ? 'on' : 'off'}`);
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


  return {
    /** The photos the visitor should have, in order. */
    get model() {
      return model;
    },
    get photosTaken() {
      return photosTaken;
    },
    /** How often the picture was checked on a phone-sized booth after a setting changed. */
    get pictureChecks() {
      return pictureChecks;
    },
    /** What each kind of step did, and how often. */
    done,
    flush,
    shoot,
    retakeOne,
    clear,
    download,
    unplug,
    loseContext,
    workerFails,
    storageFull,
    click,
    scroll,
    key,
    beauty,
    motion,
    goto,
    reload,
    back,
    resize,
  };
}

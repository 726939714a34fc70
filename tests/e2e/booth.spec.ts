import { launchWithCamera } from './env';
import { test, expect } from './fixtures';
import { toStrip } from './drivers/strip';
import { capturedJpegs, correlation, firstClipFrame, grid, meanRgb, pickFilter, previewPixels } from './helpers/booth';
import { captureSequence } from './helpers/capture';
import { liveCameraTracks, spyOnCameraStreams, unplugCamera } from './helpers/trust';
import { tr } from './i18n';
import { SLOW_GPU_MAX_PIXELS } from '../../src/features/booth/meta';
import { openBooth } from './drivers/booth';

test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });

test.describe('booth with a camera', () => {

  test('the preview shows the camera picture, mirrored by default', async ({ page }) => {
    await openBooth(page, { drawn: true });
    const frame = firstClipFrame('face-1280x720.mjpeg');
    const shown = await previewPixels(page);
    const seen = shown.cells;
    // The clip pans a few pixels, so compare coarse grids: the mirrored clip matches, the plain one less so.
    const mirrored = correlation(seen, grid(frame.data, frame.width, frame.height, 32, 18, true));
    const plain = correlation(seen, grid(frame.data, frame.width, frame.height));
    expect(mirrored).toBeGreaterThan(0.85);
    expect(mirrored).toBeGreaterThan(plain + 0.05);
    // The preview renders at display size × DPR, not the camera's 1280×720 (once the layout has
    // settled: a render can come just before the stage takes its final width), or, where the upload
    // probe found a slow GPU (SwiftShader under load) and frames are scaled in a worker, at most
    // SLOW_GPU_MAX_PIXELS.
    expect(shown.width).toBeLessThan(1280);
    await expect
      .poll(async () => {
        const { width, height } = await previewPixels(page);
        const box = Math.round((await page.getByTestId('booth-canvas').boundingBox())!.width);
        const path = await page.evaluate(() => window.__pbTest!.renderer()!.uploadPath);
        return Math.abs(width - box) <= 1 || (path === 'scaled-in-worker' && width < box && width * height <= SLOW_GPU_MAX_PIXELS);
      })
      .toBe(true);

    await page.getByTestId('mirror-preview').uncheck();
    await expect
      .poll(async () => {
        const s = await previewPixels(page);
        return correlation(s.cells, grid(frame.data, frame.width, frame.height));
      })
      .toBeGreaterThan(0.85);
  });

  test('grayscale removes colour and sepia makes R > G > B', async ({ page }) => {
    await openBooth(page, { drawn: true });
    const plain = await previewPixels(page);
    expect(plain.saturation).toBeGreaterThan(0.1);

    await pickFilter(page, 'grayscale');
    await expect.poll(async () => (await previewPixels(page)).saturation).toBeLessThan(0.02);

    await pickFilter(page, 'sepia');
    await expect
      .poll(async () => {
        const s = await previewPixels(page);
        return s.r > s.g + 5 && s.g > s.b + 5;
      })
      .toBe(true);
  });

  test('keys 1–9 pick filters, arrows move through the list, light level is shown', async ({ page }) => {
    await openBooth(page, { drawn: true });
    // Live thumbnails: the visitor under each filter (grey under grayscale, colour under none).
    const thumb = (id: string) =>
      page.getByTestId(`filter-${id}`).locator('canvas').evaluate((c: HTMLCanvasElement) => {
        const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let luma = 0;
        let sat = 0;
        for (let i = 0; i < d.length; i += 4) {
          const max = Math.max(d[i]!, d[i + 1]!, d[i + 2]!);
          luma += (d[i]! + d[i + 1]! + d[i + 2]!) / 3;
          sat += max ? (max - Math.min(d[i]!, d[i + 1]!, d[i + 2]!)) / max : 0;
        }
        return { luma: luma / (d.length / 4), sat: sat / (d.length / 4) };
      });
    await expect.poll(async () => (await thumb('grayscale')).luma, { timeout: 20_000 }).toBeGreaterThan(30);
    expect((await thumb('grayscale')).sat).toBeLessThan(0.03);
    await expect.poll(async () => (await thumb('none')).sat, { timeout: 20_000 }).toBeGreaterThan(0.1);
    await page.locator('body').press('2');
    await expect(page.getByTestId('filter-grayscale')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('filter-none')).toHaveAttribute('aria-checked', 'false');
    await expect.poll(async () => (await previewPixels(page)).saturation).toBeLessThan(0.02);

    await page.locator('body').press('9');
    await expect(page.getByTestId('filter-film-look')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('filter-film-look').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('filter-dreamy-blue')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('filter-dreamy-blue')).toBeFocused();

    // The 1280×720 clip's mean luma is ~93: normal light, with a one-click recommendation.
    await expect(page.getByTestId('light-banner')).toHaveAttribute('data-level', 'normal');
    await page.getByTestId('apply-recommended').click();
    await expect(page.getByTestId('filter-portrait-enhance')).toHaveAttribute('aria-checked', 'true');

    // With the tutorial open over the booth, its keys are its own: the filter behind stays.
    await page.getByRole('banner').getByRole('button', { name: tr('en', 'nav.tutorial') }).click();
    const tutorial = page.locator('dialog[open]');
    await expect(tutorial).toBeVisible();
    await page.keyboard.press('2');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(tutorial).toHaveCount(0);
    await expect(page.getByTestId('filter-portrait-enhance')).toHaveAttribute('aria-checked', 'true');
  });

  test('a 4-shot capture keeps 4 full-resolution photos with the filter baked in; retake replaces one', async ({ page }) => {
    test.setTimeout(120_000);
    await openBooth(page, { drawn: true });
    await captureSequence(page, { shots: 4, countdown: 3, filterId: 'sepia' });

    const photos = await capturedJpegs(page);
    expect(photos).toHaveLength(4);
    for (const p of photos) {
      expect(p.type).toBe('image/jpeg');
      expect([p.width, p.height]).toEqual([1280, 720]);
      const m = meanRgb(p);
      expect(m.r).toBeGreaterThan(m.g + 5);
      expect(m.g).toBeGreaterThan(m.b + 5);
    }
    // Photos are not mirrored by default: they match the camera frame as it is.
    const frame = firstClipFrame('face-1280x720.mjpeg');
    const ref = grid(frame.data, frame.width, frame.height);
    expect(correlation(grid(photos[0]!.data, 1280, 720), ref)).toBeGreaterThan(0.85);

    const ids = await page.getByTestId('captured-thumb').evaluateAll((els) => els.map((e) => e.getAttribute('data-photo-id')));
    await pickFilter(page, 'grayscale');
    await page.getByTestId('retake-2').click();
    await expect(page.getByTestId('captured-thumb').nth(1)).not.toHaveAttribute('data-photo-id', ids[1]!, { timeout: 20_000 });
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-capturing', 'false');
    const after = await page.getByTestId('captured-thumb').evaluateAll((els) => els.map((e) => e.getAttribute('data-photo-id')));
    expect(after).toHaveLength(4);
    expect([after[0], after[2], after[3]]).toEqual([ids[0], ids[2], ids[3]]);
    const retaken = await capturedJpegs(page);
    const m2 = meanRgb(retaken[1]!);
    expect(Math.abs(m2.r - m2.b)).toBeLessThan(4); // shot 2 is now grayscale
    const m1 = meanRgb(retaken[0]!);
    expect(m1.r).toBeGreaterThan(m1.b + 10); // shot 1 is still sepia
    // Send to a phone is in the tray once there are photos (its code loads when a sequence starts).
    await expect(page.getByTestId('send-open')).toBeVisible();

    await toStrip(page, 4);
  });

  test('Escape stops the countdown and keeps the photos taken so far', async ({ page }) => {
    await openBooth(page, { drawn: true });
    await page.getByTestId('shot-count').selectOption('3');
    await page.getByTestId('countdown').selectOption('3');
    const stageSize = async () => {
      const box = await page.getByTestId('booth-stage').boundingBox();
      return box && { width: Math.round(box.width), height: Math.round(box.height) };
    };
    const idleSize = await stageSize();
    // Keyboard only: Enter on the focused Start Capture button.
    await page.getByTestId('start-capture').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('capturing-message')).toContainText(tr('en', 'booth.capturing', { n: 1, total: 3 }));
    await expect(page.getByTestId('countdown-number')).toBeVisible();
    // The "capturing" line sits over the picture: the stage, and the page below it, do not move.
    expect(await stageSize()).toEqual(idleSize);
    await expect(page.getByTestId('captured-thumb')).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByTestId('capturing-message')).toContainText(tr('en', 'booth.capturing', { n: 2, total: 3 }));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-capturing', 'false');
    await expect(page.getByTestId('countdown-number')).toHaveCount(0);
    await expect(page.getByTestId('captured-thumb')).toHaveCount(1);
    expect(await stageSize()).toEqual(idleSize);
  });

  test('a lost WebGL context falls back to the plain preview and comes back on restore', async ({ page }) => {
    await openBooth(page, { drawn: true });
    await page.evaluate(() => {
      const gl = (document.querySelector('[data-testid=booth-canvas]') as HTMLCanvasElement).getContext('webgl2')!;
      (window as unknown as { __lose: WEBGL_lose_context }).__lose = gl.getExtension('WEBGL_lose_context')!;
      (window as unknown as { __lose: WEBGL_lose_context }).__lose.loseContext();
    });
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-render-mode', 'plain');
    await expect(page.getByTestId('webgl-notice')).toHaveText(tr('en', 'booth.webglLost'));
    await expect(page.locator('.booth-video')).toBeVisible();
    await page.evaluate(() => (window as unknown as { __lose: WEBGL_lose_context }).__lose.restoreContext());
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-render-mode', 'webgl');
    await pickFilter(page, 'grayscale');
    await expect.poll(async () => (await previewPixels(page)).saturation).toBeLessThan(0.02);
  });

  test('without WebGL the booth says so and still takes full-size (unfiltered) photos', async ({ page }) => {
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        if (type === 'webgl2' || type === 'webgl') return null;
        return (original as (...a: unknown[]) => RenderingContext | null).call(this, type, ...rest);
      } as typeof original;
    });
    await page.goto('/photobooth');
    const stage = page.getByTestId('booth-stage');
    await expect(stage).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    await expect(stage).toHaveAttribute('data-render-mode', 'plain');
    await expect(page.getByTestId('webgl-notice')).toHaveText(tr('en', 'booth.webglUnavailable'));
    await expect(page.locator('.booth-video')).toBeVisible();
    await captureSequence(page, { shots: 1, countdown: 0, filterId: 'sepia' });
    const [photo] = await capturedJpegs(page);
    expect([photo!.width, photo!.height]).toEqual([1280, 720]);
    const frame = firstClipFrame('face-1280x720.mjpeg');
    expect(correlation(grid(photo!.data, 1280, 720), grid(frame.data, frame.width, frame.height))).toBeGreaterThan(0.85);
  });

  test('a camera unplugged mid-session: a message and a retry, and the photos are kept', async ({ page }) => {
    await spyOnCameraStreams(page);
    await openBooth(page, { drawn: true });
    await captureSequence(page, { shots: 1, countdown: 0 });
    // What the browser does when the camera goes away: the track ends.
    expect(await unplugCamera(page)).toBe(1);
    const err = page.getByTestId('camera-error');
    await expect(err).toHaveAttribute('data-error', 'ended');
    await expect(err).toContainText(tr('en', 'camera.errors.ended'));
    await expect(page.getByTestId('captured-thumb')).toHaveCount(1);
    await expect(page.getByTestId('to-preview')).toBeVisible();
    await page.getByTestId('camera-retry').click();
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    await expect(page.getByTestId('captured-thumb')).toHaveCount(1);
  });

  test('the camera first: the booth page asks for it before its own code runs, shows the picture while the app still loads, and the app takes that very stream', async ({ page }) => {
    // Each getUserMedia call, and whether the page was still being parsed (no module of the app can
    // have run yet: module scripts run once parsing is over).
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { __gum: string[] }).__gum = calls;
      // The page's colour when DOMContentLoaded comes (the browser lays the page out then).
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __dclBackground: string }).__dclBackground = getComputedStyle(document.body).backgroundColor;
      });
      // When the booth's controls came into the page (the parser, or the early script's reveal).
      new MutationObserver((records, observer) => {
        if (!records.some((r) => [...r.addedNodes].some((n) => n instanceof Element && n.matches('.booth-controls > .card')))) return;
        (window as unknown as { __controlsAt: number }).__controlsAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
      // The first camera frame painted while the video is in the page (a
      // message posted from its requestVideoFrameCallback is handled after that frame's paint).
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        const video = this as HTMLVideoElement;
        const onFrame = () => {
          if (!video.isConnected) return void video.requestVideoFrameCallback(onFrame);
          const channel = new MessageChannel();
          channel.port1.onmessage = () => ((window as unknown as { __firstFrameAt: number }).__firstFrameAt ??= performance.now());
          channel.port2.postMessage(null);
        };
        video.requestVideoFrameCallback(onFrame);
        return play.call(this);
      };
      if (!navigator.mediaDevices) return;
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = (c) => {
        calls.push(document.readyState);
        return original(c);
      };
    });
    await spyOnCameraStreams(page);
    // The app's entry is held back: the picture must play without it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // (The frame's own goto: the fixture's page.goto would wait for the app.)
    await page.mainFrame().goto('/photobooth', { waitUntil: 'commit' });
    const video = page.getByTestId('booth-picture').locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 2 && v.videoWidth), { timeout: 15_000 }).toBe(1280);
    await expect(page.getByTestId('booth-picture')).toHaveAttribute('data-shown', 'true');
    await expect(page.getByTestId('booth-stage')).not.toHaveAttribute('data-camera-status', 'live'); // the app has not started
    // Mirrored from the first frame, as the booth shows a camera facing the visitor: no flip when the app takes over.
    expect(await video.evaluate((v) => getComputedStyle(v).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    // The page only preloads the app: the early script starts it once the picture plays, so the
    // app's code never competes with the camera's start (the bench measures what that gains).
    // Its one module script is the one after the stylesheets: DOMContentLoaded waits for them, so
    // the page is styled by then (before, Chromium laid out the unstyled page there, then again).
    await expect(page.locator('script[type="module"]')).toHaveCount(1);
    await expect(page.locator('head > script[type="module"]:last-child')).toHaveAttribute('src', /^\/assets\/after-styles-[\w-]+\.js$/);
    expect(await page.evaluate(() => (window as unknown as { __dclBackground?: string }).__dclBackground)).toBe('rgb(255, 247, 251)'); // --page
    await expect(page.locator('link[rel="modulepreload"][href*="/assets/index-"]')).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { __gum: string[] }).__gum)).toEqual(['loading']);
    await video.evaluate((v) => ((window as unknown as { __early: Element }).__early = v));
    // The controls column (some 270 elements) waited for the camera: not in the page when its first
    // frame was painted, put in place from the prerendered page's template right after, before the
    // app's code (held back here) has run.
    // (The early script waits 600 ms at most: on a loaded machine the controls may come first then.)
    const { controlsAt, firstFrameAt } = await page.evaluate(() => ({ controlsAt: (window as unknown as { __controlsAt: number }).__controlsAt, firstFrameAt: (window as unknown as { __firstFrameAt: number }).__firstFrameAt }));
    expect(controlsAt >= firstFrameAt || controlsAt >= 600, `controls at ${controlsAt} ms, first frame painted at ${firstFrameAt} ms`).toBe(true);
    await expect(page.locator('.booth-controls > .card').first()).toBeVisible();
    expect(await page.locator('.booth-controls > .card').count()).toBeGreaterThanOrEqual(8);
    await expect(page.locator('.booth-controls template')).toHaveCount(0);

    release();
    await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
    await expect.poll(async () => (await previewPixels(page)).r, { timeout: 15_000 }).toBeGreaterThan(10);
    // Still one request for the camera, one live track, and the booth shows it in the same <video>.
    expect(await page.evaluate(() => (window as unknown as { __gum: string[] }).__gum)).toEqual(['loading']);
    expect(await liveCameraTracks(page)).toBe(1);
    expect(await video.evaluate((v) => v === (window as unknown as { __early: Element }).__early)).toBe(true);

    // The early script is inline: no request for it, here or on other pages, which never ask for the camera.
    const scripts: string[] = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js')).map((e) => new URL(e.name).pathname));
    expect(scripts.filter((s) => /\/early-/.test(s))).toEqual([]);
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    for (const path of ['/', '/about']) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      expect(await page.evaluate(() => (window as unknown as { __gum: string[] }).__gum)).toEqual([]);
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /\/early-/.test(s))).toEqual([]);
  });

  test('leaving the booth stops every camera track', async ({ page }) => {
    await spyOnCameraStreams(page);
    await openBooth(page, { drawn: true });
    expect(await liveCameraTracks(page)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: tr('en', 'nav.contact'), exact: true }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect.poll(() => liveCameraTracks(page)).toBe(0);
  });
});

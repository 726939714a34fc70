import { expect, type Page } from '@playwright/test';

/**
 * Camera-first booth checks, measured on the page as a person sees it: the preview canvas's box
 * against the viewport, without scrolling back; the face from the landmarks the app itself found
 * (test seam).
 */

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** Share (0–1) of the preview canvas's area inside the viewport, and its box. */
export async function previewInView(page: Page) {
  return page.getByTestId('booth-canvas').evaluate((c) => {
    const r = c.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
    const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
    return { share: (w * h) / (r.width * r.height), top: r.top, bottom: r.bottom, left: r.left, width: r.width, height: r.height, viewport: innerHeight };
  });
}

export async function expectInView(page: Page, after: string, min = 0.8) {
  const v = await previewInView(page);
  expect(v.share, `preview in view after ${after}`).toBeGreaterThanOrEqual(min);
}

/**
 * The whole face is inside the preview: every landmark the app found is inside the camera frame,
 * the canvas shows the whole frame (same shape), and the face's box on the page is in the viewport.
 */
export async function expectWholeFaceInPreview(page: Page, searchMs = 30_000) {
  const faceNow = () =>
    page.evaluate(() => {
      const [pts] = window.__pbTest!.landmarks().live;
      if (!pts) return null;
      const xs = pts.map((p) => p.x);
      const ys = pts.map((p) => p.y);
      const video = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video')!;
      const c = document.querySelector<HTMLCanvasElement>('[data-testid="booth-canvas"]')!.getBoundingClientRect();
      return {
        minX: Math.min(...xs),
        maxX: Math.max(...xs),
        minY: Math.min(...ys),
        maxY: Math.max(...ys),
        frameAspect: video.videoWidth / video.videoHeight,
        boxAspect: c.width / c.height,
        pageTop: c.top + Math.min(...ys) * c.height,
        pageBottom: c.top + Math.max(...ys) * c.height,
        viewport: innerHeight,
      };
    });
  let found: Awaited<ReturnType<typeof faceNow>> = null;
  // The model loads first (a few MB, then a WebAssembly compile): slow when both cores are busy.
  const panel = page.getByTestId('beauty-panel');
  await expect(panel, 'the face model loaded').toHaveAttribute('data-model', 'ready', { timeout: 60_000 });
  await expect
    .poll(async () => ((found = await faceNow()) !== null ? 'found' : `no face yet (landmarks ${await panel.getAttribute('data-landmarks')})`), {
      timeout: searchMs,
      message: 'the app found a face',
    })
    .toBe('found');
  const face = found!;
  expect(face.minX, 'face inside the frame (left)').toBeGreaterThan(0);
  expect(face.maxX, 'face inside the frame (right)').toBeLessThan(1);
  expect(face.minY, 'face inside the frame (top of the head)').toBeGreaterThan(0);
  expect(face.maxY, 'face inside the frame (chin)').toBeLessThan(1);
  expect(face.boxAspect / face.frameAspect, 'the preview shows the whole camera frame, uncropped').toBeCloseTo(1, 1);
  expect(face.pageTop).toBeGreaterThanOrEqual(0);
  expect(face.pageBottom).toBeLessThanOrEqual(face.viewport);
  return face;
}

/** Filters by tap and by key, beauty (each slider and a preset), then the shot settings. */
export async function useEveryControl(page: Page, tap: boolean) {
  const pick = page.getByTestId('filter-sepia');
  if (tap) await pick.tap();
  else await pick.click();
  await expect(pick).toHaveAttribute('aria-checked', 'true');
  await expectInView(page, 'a filter by tap');
  await page.locator('body').press('2');
  await expect(page.getByTestId('filter-grayscale')).toHaveAttribute('aria-checked', 'true');
  await expectInView(page, 'a filter by key');

  const toggle = page.getByTestId('beauty-drawer-toggle');
  if (await toggle.isVisible()) await toggle.click(); // the phone's drawer
  await page.getByTestId('beauty-enable').check();
  await expectInView(page, 'beauty on');
  for (const level of ['smooth', 'brightness', 'enhance', 'slim', 'eyes']) {
    const slider = page.locator(`input[data-level="${level}"]`);
    await slider.fill('60');
    await expect(slider).toHaveValue('60');
    await expectInView(page, `the ${level} slider`);
  }
  await page.locator('.beauty-presets button').first().click();
  await expectInView(page, 'a beauty preset');
  const face = await expectWholeFaceInPreview(page);
  if (await toggle.isVisible()) {
    // The drawer leaves the face visible: it starts below the chin.
    const drawerTop = await page.getByTestId('beauty-panel').evaluate((el) => el.getBoundingClientRect().top);
    expect(drawerTop, 'the beauty drawer stays below the face').toBeGreaterThan(face.pageBottom);
    await page.getByRole('button', { name: 'Done' }).click();
  }

  await page.getByTestId('shot-count').selectOption('2');
  await expectInView(page, 'the number of shots');
  await page.getByTestId('countdown').selectOption('0');
  await expectInView(page, 'the countdown');
}


/** The photos IndexedDB holds: their size and where their faces are (focus y, 0..1). */
export function storedPhotos(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ w: number; h: number; focusY: number | null }[]>((resolve) => {
        const open = indexedDB.open('photobooth-session');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('photos')) return resolve([]);
          const req = db.transaction('photos', 'readonly').objectStore('photos').getAll();
          req.onsuccess = () => {
            db.close();
            resolve((req.result as { width: number; height: number; focus?: { y: number } }[]).map((p) => ({ w: p.width, h: p.height, focusY: p.focus?.y ?? null })));
          };
        };
      }),
  );
}

/** Layout shift (the sum of layout-shift entries without recent input) from the page's start. */
export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 500);
      }),
  );
}

/**
 * The booth's stage kept the shape it had before the camera started (nothing moved: CLS), and the
 * camera's whole picture is shown in it at its own shape, centred.
 */
export async function expectSteadyStage(page: Page, stage: number, picture: number) {
  await expect(page.getByTestId('booth-picture')).toHaveAttribute('data-shown', 'true');
  await page.waitForLoadState('networkidle');
  expect(await layoutShift(page), 'layout shift while the booth starts').toBeLessThanOrEqual(0.02);
  const outer = (await page.locator('.booth-screen').boundingBox())!;
  const inner = (await page.getByTestId('booth-canvas').boundingBox())!;
  expect(outer.width / outer.height, "the stage's shape").toBeCloseTo(stage, 1);
  expect(inner.width / inner.height, "the picture's shape").toBeCloseTo(picture, 1);
  expect(Math.abs(inner.x + inner.width / 2 - (outer.x + outer.width / 2)), 'centred across').toBeLessThan(1);
  expect(Math.abs(inner.y + inner.height / 2 - (outer.y + outer.height / 2)), 'centred down').toBeLessThan(1);
}

/** The boxes of the elements `selector` finds, and whether each is in view as a person sees it: wholly inside the viewport, neither clipped by a scroller nor covered. */
export async function boxesInView(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const inside = r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
      // Not clipped by a scroller or covered: what is at its centre and near its corners is itself.
      const seen = [
        [0.5, 0.5],
        [0.1, 0.1],
        [0.9, 0.9],
      ].every(([fx, fy]) => el.contains(document.elementFromPoint(r.left + r.width * fx!, r.top + r.height * fy!)));
      return { id: (el as HTMLElement).dataset.testid ?? el.tagName, inView: inside && seen, top: Math.round(r.top), bottom: Math.round(r.bottom) };
    }),
  );
}

import { expect, test } from '@playwright/test';
import { launchWithCamera } from '../e2e/env';
import { captureSequence } from '../e2e/helpers/capture';
import { openDesignerFromBooth } from '../e2e/drivers/designer';
import { overlayPng } from '../e2e/helpers/designs';

// The designer while a slot is dragged (issue 39): laptop 1280×800, four real photos in the slots,
// a host's overlay over them and a text layer, a pointer drag of 120 moves over ~2 s (one per
// animation frame). Measured in the page: the interval between animation frames during the drag,
// the strip canvas's redraws, and every long task (> 50 ms, PerformanceObserver 'longtask').
// Prints figures; never asserts on time.

test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }), viewport: { width: 1280, height: 800 } });

const MOVES = 120;

test('frame time while dragging a slot in the designer', async ({ page }) => {
  await page.goto('/photobooth');
  await captureSequence(page, { shots: 4, countdown: 0 });
  await openDesignerFromBooth(page);
  await page.getByTestId('designer-overlay-input').setInputFiles({ name: 'overlay.png', mimeType: 'image/png', buffer: await overlayPng(page) });
  await expect.poll(async () => page.getByTestId('designer-layer').and(page.locator('[data-kind="overlay"]')).count()).toBe(1);
  await page.getByTestId('designer-add-text').click();
  // The top slot (the list is topmost first: its last photo is the first slot), in view.
  await page.locator('[data-testid="designer-layer"][data-kind="photo"]').last().click();
  await page.getByTestId('designer-canvas').scrollIntoViewIfNeeded();
  const box = await page.getByTestId('designer-canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  const sel = await page.getByTestId('designer-stage').evaluate((el) => ({ x: Number(el.getAttribute('data-x')), y: Number(el.getAttribute('data-y')), w: Number(el.getAttribute('data-w')), h: Number(el.getAttribute('data-h')) }));
  const selId = await page.getByTestId('designer-stage').getAttribute('data-selected-id');
  const from = { x: box.x + (sel.x + sel.w / 2) * box.width, y: box.y + (sel.y + sel.h / 2) * box.height };
  await page.evaluate(() => {
    const w = window as unknown as { __drag: { long: number[]; frames: number[]; renders0: number } };
    w.__drag = { long: [], frames: [], renders0: Number(document.querySelector('[data-testid="designer-canvas"]')?.getAttribute('data-renders')) };
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__drag.long.push(e.duration))).observe({ type: 'longtask' });
    let last = performance.now();
    const tick = (t: number) => {
      w.__drag.frames.push(t - last);
      last = t;
      if (w.__drag.frames.length < 100000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= MOVES; i++) {
    const a = (i / MOVES) * Math.PI * 2;
    // Round a loop and back: the slot passes over the paper's centre lines (snapping) and returns.
    await page.mouse.move(from.x + Math.sin(a) * box.width * 0.2, from.y + (1 - Math.cos(a)) * Math.min(box.height * 0.1, 60));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  }
  await page.mouse.up();
  const after = await page.getByTestId('designer-stage').evaluate((el) => ({ id: el.getAttribute('data-selected-id') }));
  expect(after.id, 'the slot was dragged').toBe(selId);
  const r = await page.evaluate(() => {
    const w = window as unknown as { __drag: { long: number[]; frames: number[]; renders0: number } };
    const renders = Number(document.querySelector('[data-testid="designer-canvas"]')?.getAttribute('data-renders')) - w.__drag.renders0;
    return { long: w.__drag.long, frames: w.__drag.frames.slice(1), renders };
  });
  const sorted = [...r.frames].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  console.log(
    [
      '',
      `Designer: dragging a photo slot under an overlay (4 photos, a text layer), ${MOVES} pointer moves, laptop 1280×800 (Chromium, SwiftShader machine)`,
      '',
      '| animation frames | interval median | p95 | max | strip redraws | long tasks (> 50 ms) |',
      '|---|---|---|---|---|---|',
      `| ${r.frames.length} | ${pct(0.5).toFixed(1)} ms | ${pct(0.95).toFixed(1)} ms | ${sorted.at(-1)!.toFixed(1)} ms | ${r.renders} | ${r.long.length}${r.long.length ? ` (${r.long.map((d) => d.toFixed(0)).join(', ')} ms)` : ''} |`,
      '',
    ].join('\n'),
  );
});

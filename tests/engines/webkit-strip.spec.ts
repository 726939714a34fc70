import { expect, test } from '@playwright/test';
import { decodeJpeg } from '../e2e/helpers/designs';
import { launchWebKit, type WebKitSession } from './harness/webkit';
import { downloaded, watchDownloads } from './harness/wkDownloads';

// WebKitGTK's strip page with photos of two plain colours, told apart at a glance in each slot
// (webkit-sequence takes real photos with the mock camera): they are given to the visit through
// the test seam (window.__pbTest.givePhotos, test build only), as if the booth had
// taken them: everything from there on (the strip drawn, its JPG composed and downloaded) is the
// app's own path in this engine.
let wk: WebKitSession;
test.beforeAll(async () => {
  wk = await launchWebKit();
});
test.afterAll(async () => {
  await wk?.close();
});

test('WebKitGTK: the strip page draws given photos and downloads the strip JPG with each photo in its slot', async ({ baseURL }) => {
  await wk.navigate(`${baseURL}/preview`);
  await wk.waitFor(() => wk.execute(() => document.documentElement.classList.contains('app-ready') && Boolean(window.__pbTest)), 'the app', 30_000);
  await wk.watchErrors();
  // Two photos a person tells apart at a glance: a red one and a blue one.
  await wk.executeAsync(async () => {
    const photo = (colour: string) => {
      const c = document.createElement('canvas');
      Object.assign(c, { width: 1280, height: 720 });
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1280, 720);
      return new Promise<Blob>((ok) => c.toBlob((b) => ok(b!), 'image/jpeg', 0.9));
    };
    await window.__pbTest!.givePhotos([await photo('#d02020'), await photo('#2040d0')]);
  });
  await wk.waitFor(() => wk.execute(() => document.querySelectorAll('[data-testid="preview-photo"]').length === 2), 'two photos on the strip page');
  await wk.waitFor(() => wk.execute(() => document.querySelector('[data-testid="strip-canvas"]')?.getAttribute('data-renders') !== '0'), 'the strip drawn');

  await watchDownloads(wk);
  await wk.click('[data-testid="download-jpg"]');
  const file = await downloaded(wk);
  expect(file.name).toMatch(/^photobooth-.*\.jpg$/);
  const strip = decodeJpeg(file.bytes);
  // The classic strip: a 2×6 in paper, its photos one above the other.
  expect(strip.height / strip.width).toBeCloseTo(3, 1);
  const colourAt = (fy: number) => {
    let r = 0;
    let b = 0;
    let n = 0;
    for (let x = Math.round(strip.width * 0.3); x < strip.width * 0.7; x += 4) {
      const i = (Math.round(fy * strip.height) * strip.width + x) * 4;
      r += strip.data[i]!;
      b += strip.data[i + 2]!;
      n++;
    }
    return { r: r / n, b: b / n };
  };
  // Where each slot is, from the first photo's red down to the second's blue.
  const rows = Array.from({ length: 40 }, (_, k) => colourAt((k + 0.5) / 40));
  const red = rows.findIndex((c) => c.r > 150 && c.b < 90);
  const blue = rows.findIndex((c) => c.b > 150 && c.r < 90);
  expect(red, 'the red photo in the strip').toBeGreaterThanOrEqual(0);
  expect(blue, 'the blue photo in the strip, below the red one').toBeGreaterThan(red);
  expect(await wk.execute(() => [...document.querySelectorAll('.screen-error')].length)).toBe(0);
  expect(await wk.errors(), 'window errors').toEqual([]);
});

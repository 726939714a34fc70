import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium, expect, test, type Page } from '@playwright/test';
import { launchWithCamera } from '../e2e/env';
import { halvesPng, sidewaysJpeg, type PictureFile } from '../e2e/helpers/backgrounds';

// The visitor's backdrop picture (issue 38): the peak memory of decoding a 16000×16000 PNG
// (256 megapixels, a few hundred KB of file) and a 48-megapixel JPEG (8000×6000, EXIF
// orientation 6), printed, never asserted. Memory is the renderer process's peak RSS on Linux
// (VmHWM in /proc/<pid>/status, reset with `echo 5 > /proc/<pid>/clear_refs` just before), the
// workers (the app's picture worker) included. Each way is measured in a fresh booth page (a
// renderer of its own, a backdrop drawn behind the person so the person model is loaded, then the
// camera paused so the page is quiet), so none inherits another's memory:
//  - before: the app until issue 38 (createImageBitmap(file) whole, drawn scaled, JPEG-encoded);
//  - createImageBitmap with resizeWidth/resizeHeight (resizeQuality 'high' and 'pixelated');
//  - WebCodecs ImageDecoder with desiredWidth/desiredHeight (drawn to the kept size);
//  - after: the app now, the picture chosen through the picker's file input;
//  - after: the strip designer's way with a logo (src/features/strip/template/pictures.ts);
//  - and, as the reference, the booth alone for as long as the slowest way takes.

const MB = 1024 * 1024;
const MAX_SIDE = 1920;

/** The pids under `root` in the process tree (Linux /proc). */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const [child, p] of parent) {
      if (p !== pid) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

const cmdline = (pid: number | string) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

/** The browser launched with `marker` among its switches (not its children, which lack it). */
function browserPid(marker: string): number {
  const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d) && cmdline(d).includes(marker) && !cmdline(d).includes('--type='));
  if (pids.length !== 1) throw new Error(`${pids.length} browser processes launched with ${marker}`);
  return Number(pids[0]);
}

const statusMB = (pid: number, key: 'VmRSS' | 'VmHWM') => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${key}:\\s+(\\d+)`))![1]) / 1024;
const isRenderer = (pid: number) => cmdline(pid).includes('--type=renderer');

/**
 * The renderer process of `page`: among the browser's renderers, the one whose memory grows when
 * the page fills 64 MB (then let go and collected).
 */
async function rendererOf(marker: string, page: Page): Promise<number> {
  const renderers = descendants(browserPid(marker)).filter(isRenderer);
  const before = renderers.map((p) => statusMB(p, 'VmRSS'));
  await page.evaluate(() => ((window as unknown as { ballast: Uint8Array }).ballast = new Uint8Array(64 * 1024 * 1024).fill(1)));
  const grew = renderers.map((p, i) => statusMB(p, 'VmRSS') - before[i]!);
  await page.evaluate(() => {
    delete (window as unknown as { ballast?: Uint8Array }).ballast;
    (globalThis as unknown as { gc?: () => void }).gc?.();
  });
  const best = grew.indexOf(Math.max(...grew));
  if (!(grew[best]! > 40)) throw new Error(`no renderer grew with the page's 64 MB (${grew.map((g) => g.toFixed(0)).join(', ')} MB)`);
  return renderers[best]!;
}

/**
 * Waits until the renderer's RSS has stayed within 8 MB for 4 s (at most 60 s): the booth's own
 * work after start (the face model is loaded once the browser is idle, some 130 MB) is done.
 */
async function settled(pid: number): Promise<void> {
  const seen: number[] = [];
  for (const end = Date.now() + 60_000; Date.now() < end; ) {
    seen.push(statusMB(pid, 'VmRSS'));
    const last = seen.slice(-9);
    if (last.length === 9 && Math.max(...last) - Math.min(...last) < 8) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

interface Row {
  picture: string;
  way: string;
  startMB: number;
  peakMB: number;
  ms: number;
  result: string;
}

/** One way of decoding the picture to the kept size; says what it made. */
type Way = { name: string; run: (page: Page, file: PictureFile) => Promise<string> };
type InPage = { maxSide: number; quality: ResizeQuality };

/** A way run in the page on `window.__file` (its stored and upright sizes beside it). */
const inPage = (name: string, fn: (arg: InPage) => Promise<string>, quality: ResizeQuality = 'high'): Way => ({
  name,
  run: (page) => page.evaluate(fn, { maxSide: MAX_SIDE, quality }),
});

const WAYS: Way[] = [
  {
    // The reference: what the renderer's peak grows by in the time of the slowest way, decoding nothing.
    name: 'none: the booth alone for 8 s (the reference)',
    run: async (page) => {
      await page.waitForTimeout(8000);
      return 'nothing decoded';
    },
  },
  inPage('before: createImageBitmap(file) whole, then scaled', async ({ maxSide }) => {
    const file = (window as unknown as { __file: File }).__file;
    const full = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const s = Math.min(1, maxSide / Math.max(full.width, full.height));
    const c = new OffscreenCanvas(Math.max(1, Math.round(full.width * s)), Math.max(1, Math.round(full.height * s)));
    const g = c.getContext('2d')!;
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, c.width, c.height);
    g.imageSmoothingQuality = 'high';
    g.drawImage(full, 0, 0, c.width, c.height);
    const [bitmap] = await Promise.all([createImageBitmap(c), c.convertToBlob({ type: 'image/jpeg', quality: 0.9 })]);
    const made = `${full.width}×${full.height} decoded → ${c.width}×${c.height}`;
    full.close();
    bitmap.close();
    return made;
  }),
  ...(['high', 'pixelated'] as const).map((quality) =>
    inPage(
      `createImageBitmap(file, { resizeWidth/Height, resizeQuality: '${quality}' })`,
      async ({ maxSide, quality }) => {
      const file = (window as unknown as { __file: File }).__file;
      const { width, height } = (window as unknown as { __upright: { width: number; height: number } }).__upright;
      const s = Math.min(1, maxSide / Math.max(width, height));
      const [w, h] = [Math.round(width * s), Math.round(height * s)];
      const b = await createImageBitmap(file, { resizeWidth: w, resizeHeight: h, resizeQuality: quality, imageOrientation: 'from-image' });
      const c = new OffscreenCanvas(w, h);
      c.getContext('2d')!.drawImage(b, 0, 0);
      await c.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      b.close();
      return `→ ${w}×${h}`;
      },
      quality,
    ),
  ),
  inPage('ImageDecoder({ desiredWidth/Height }), drawn scaled', async ({ maxSide }) => {
    const file = (window as unknown as { __file: File }).__file;
    const { width, height } = (window as unknown as { __stored: { width: number; height: number } }).__stored;
    // As the app asks for a JPEG: the smallest n/8 scale still at least the kept size.
    const n = Math.min(8, Math.max(1, Math.ceil((8 * maxSide) / Math.max(width, height))));
    const decoder = new ImageDecoder({ type: file.type, data: file.stream(), desiredWidth: Math.ceil((width * n) / 8), desiredHeight: Math.ceil((height * n) / 8) });
    const { image } = await decoder.decode();
    const s = Math.min(1, maxSide / Math.max(image.displayWidth, image.displayHeight));
    const c = new OffscreenCanvas(Math.round(image.displayWidth * s), Math.round(image.displayHeight * s));
    c.getContext('2d')!.drawImage(image, 0, 0, c.width, c.height);
    await c.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    const made = `${image.codedWidth}×${image.codedHeight} decoded → ${c.width}×${c.height}`;
    image.close();
    decoder.close();
    return made;
  }),
  {
    // The designer's pictures (a logo, an overlay): kept as PNG with their transparency, 2400 px.
    name: 'after: the designer (its logo picture, 2400 px)',
    run: (page) => page.evaluate(() => window.__pbTest!.designPicture((window as unknown as { __file: File }).__file, 2400)),
  },
  {
    name: 'after: the app (chosen in the picker)',
    run: async (page, file) => {
      const input = page.getByTestId('background-file');
      await input.setInputFiles(file);
      await expect(input).toBeEnabled({ timeout: 180_000 });
      const notice = page.getByTestId('background-file-notice');
      if (await notice.count()) return `refused: ${await notice.textContent()}`;
      await expect(page.getByTestId('background-custom')).toBeChecked();
      return 'the backdrop';
    },
  },
];

async function measurePicture(baseURL: string, picture: string, file: PictureFile, stored: { width: number; height: number }, upright: { width: number; height: number }): Promise<Row[]> {
  const rows: Row[] = [];
  for (const way of WAYS) {
    const launch = launchWithCamera({ clip: 'face-1280x720.mjpeg' });
    // A switch of no meaning to Chromium that marks this browser's process among any others here.
    const marker = `--picture-bench=${process.pid}-${Date.now()}`;
    const browser = await chromium.launch({ ...launch, args: [...launch.args, '--js-flags=--expose-gc', marker] });
    try {
      const context = await browser.newContext({ baseURL, permissions: ['camera'], serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto('/photobooth');
      await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
      await page.waitForFunction(() => (window.__pbTest?.renderer()?.stats.renderedFrames ?? 0) > 10, undefined, { timeout: 30_000 });
      // A backdrop first: the person model loaded and running before anything is measured (the
      // app's own way puts the picture in as the backdrop, which would otherwise load it then).
      await page.getByTestId('background-backdrop:pastel').check();
      await expect(page.getByTestId('background-picker')).toHaveAttribute('data-model', 'ready', { timeout: 60_000 });
      await page.evaluate(
        ({ b64, type, name, stored, upright }) => {
          const bin = atob(b64);
          const bytes = new Uint8Array(bin.length);
          for (let i = 0; i < bytes.length; i++) bytes[i] = bin.charCodeAt(i);
          Object.assign(window, { __file: new File([bytes], name, { type }), __stored: stored, __upright: upright });
        },
        { b64: file.buffer.toString('base64'), type: file.mimeType, name: file.name, stored, upright },
      );
      const pid = await rendererOf(marker, page);
      // The camera paused: the preview and the person model stop making garbage (with the camera
      // running the renderer's peak moves by some 400 MB in 8 s on its own), so the peak is the decode's.
      await page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video')!.pause());
      await page.evaluate(() => (globalThis as unknown as { gc?: () => void }).gc?.());
      await settled(pid); // the ballast collected, the page quiet
      const startMB = statusMB(pid, 'VmRSS');
      writeFileSync(`/proc/${pid}/clear_refs`, '5'); // VmHWM := VmRSS now
      const t0 = performance.now();
      let result: string;
      try {
        result = await way.run(page, file);
      } catch (error) {
        result = `failed: ${(error as Error).message.split('\n')[0]}`;
      }
      const ms = performance.now() - t0;
      rows.push({ picture, way: way.name, startMB, peakMB: statusMB(pid, 'VmHWM'), ms, result });
    } finally {
      await browser.close();
    }
  }
  return rows;
}

function print(rows: Row[]) {
  const w = Math.max(...rows.map((r) => r.way.length));
  console.log(`\n  ${rows[0]!.picture}: the renderer's peak RSS while decoding (growth over its RSS just before)`);
  for (const r of rows) {
    const growth = `+${(r.peakMB - r.startMB).toFixed(0)} MB`.padStart(9);
    console.log(`    ${r.way.padEnd(w)}  peak ${r.peakMB.toFixed(0).padStart(5)} MB ${growth}  ${(r.ms / 1000).toFixed(1).padStart(5)} s  ${r.result}`);
  }
}

test.describe.configure({ timeout: 900_000 });

test('a 16000×16000 PNG: peak memory of each way to decode it', async ({ baseURL }) => {
  const png = halvesPng(16000, 16000, [230, 40, 40], [40, 60, 230]);
  const size = { width: 16000, height: 16000 };
  print(await measurePicture(baseURL!, `16000×16000 PNG (${(png.length / 1024).toFixed(0)} KB)`, { name: 'huge.png', mimeType: 'image/png', buffer: png }, size, size));
});

test('a 48-megapixel JPEG: peak memory of each way to decode it', async ({ browser, baseURL }) => {
  const jpeg = await sidewaysJpeg(browser, [40, 200, 60], [240, 220, 30]);
  const label = `8000×6000 JPEG, EXIF orientation 6 (${(jpeg.length / MB).toFixed(1)} MB)`;
  print(await measurePicture(baseURL!, label, { name: 'phone.jpg', mimeType: 'image/jpeg', buffer: jpeg }, { width: 8000, height: 6000 }, { width: 6000, height: 8000 }));
});

/**
 * The booth in Firefox (puppeteer-core over WebDriver BiDi), as tests/e2e/drivers/booth.ts opens it
 * in Chromium: the page is prerendered and hydrates after the camera starts, so the booth is ready
 * once the camera is live, the preview is WebGL, the first frame has its size and Start Capture is
 * enabled. Pixels are read through the test seam (window.__pbTest: test build only); files are read
 * from the profile's download folder.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';

export type Region = [x0: number, y0: number, x1: number, y1: number];

/** Polls `fn` until it returns something truthy; throws `what` with the last value on timeout. */
export async function waitFor<T>(fn: () => Promise<T> | T, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    last = await Promise.resolve()
      .then(fn)
      .catch((e: unknown) => e);
    if (last && !(last instanceof Error)) return last as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${last instanceof Error ? last.message : JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Opens the booth at `url` and waits until it is ready to shoot; sets shots and countdown when given. */
export async function openFirefoxBooth(page: Page, url: string, { shots, countdown }: { shots?: number; countdown?: number } = {}): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('[data-testid="booth-stage"][data-camera-status="live"][data-render-mode="webgl"]', { timeout: 30_000 });
  await page.waitForFunction(
    () => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video');
      const c = document.querySelector<HTMLCanvasElement>('[data-testid="booth-canvas"]')?.getBoundingClientRect();
      return !!v && !!c && v.videoWidth > 0 && Math.abs(c.width / c.height - v.videoWidth / v.videoHeight) < 0.02;
    },
    { timeout: 15_000 },
  );
  await page.waitForSelector('[data-testid="start-capture"]:not([disabled])', { timeout: 30_000 });
  if (shots !== undefined) await page.select('[data-testid="shot-count"]', String(shots));
  if (countdown !== undefined) await page.select('[data-testid="countdown"]', String(countdown));
}

export interface PreviewStats {
  width: number;
  height: number;
  /** Mean channel values and mean HSV saturation (0..1) of the whole preview. */
  r: number;
  g: number;
  b: number;
  saturation: number;
}

/** The preview's mean colour and saturation, read right after its next render. */
export function previewStats(page: Page): Promise<PreviewStats> {
  return page.evaluate(async () => {
    const { width, height, data } = await window.__pbTest!.previewPixels();
    let r = 0;
    let g = 0;
    let b = 0;
    let sat = 0;
    for (let i = 0; i < data.length; i += 4) {
      const R = data[i]!;
      const G = data[i + 1]!;
      const B = data[i + 2]!;
      r += R;
      g += G;
      b += B;
      const max = Math.max(R, G, B);
      sat += max ? (max - Math.min(R, G, B)) / max : 0;
    }
    const n = width * height;
    return { width, height, r: r / n, g: g / n, b: b / n, saturation: sat / n };
  });
}

/** Keeps the preview's pixels (right after a render) in the page under `name`. */
export async function keepPreview(page: Page, name: string): Promise<void> {
  await page.evaluate(async (name) => {
    (window as unknown as Record<string, unknown>)[name] = await window.__pbTest!.previewPixels();
  }, name);
}

/** Mean absolute RGB difference (0–255) of two kept previews over a region (fractions of the frame). */
export function keptDiff(page: Page, a: string, b: string, region: Region): Promise<number> {
  return page.evaluate(
    (a, b, region) => {
      type Kept = { width: number; height: number; data: Uint8ClampedArray };
      const w = window as unknown as Record<string, Kept>;
      const A = w[a]!;
      const B = w[b]!;
      const [x0, y0, x1, y1] = [region[0] * A.width, region[1] * A.height, region[2] * A.width, region[3] * A.height].map(Math.round) as [number, number, number, number];
      let sum = 0;
      let n = 0;
      for (let y = Math.max(0, y0); y < Math.min(A.height, y1); y++) {
        for (let x = Math.max(0, x0); x < Math.min(A.width, x1); x++) {
          const i = (y * A.width + x) * 4;
          sum += Math.abs(A.data[i]! - B.data[i]!) + Math.abs(A.data[i + 1]! - B.data[i + 1]!) + Math.abs(A.data[i + 2]! - B.data[i + 2]!);
          n += 3;
        }
      }
      return sum / Math.max(1, n);
    },
    a,
    b,
    region,
  );
}

/** Fine detail of a kept preview over a region: the mean absolute difference of horizontally neighbouring pixels' grey. */
export function keptSharpness(page: Page, name: string, region: Region): Promise<number> {
  return page.evaluate(
    (name, region) => {
      const P = (window as unknown as Record<string, { width: number; height: number; data: Uint8ClampedArray }>)[name]!;
      const grey = (i: number) => 0.299 * P.data[i]! + 0.587 * P.data[i + 1]! + 0.114 * P.data[i + 2]!;
      const [x0, y0, x1, y1] = [region[0] * P.width, region[1] * P.height, region[2] * P.width, region[3] * P.height].map(Math.round) as [number, number, number, number];
      let sum = 0;
      let n = 0;
      for (let y = Math.max(0, y0); y < Math.min(P.height, y1); y++) {
        for (let x = Math.max(1, x0); x < Math.min(P.width, x1); x++) {
          const i = (y * P.width + x) * 4;
          sum += Math.abs(grey(i) - grey(i - 4));
          n++;
        }
      }
      return sum / Math.max(1, n);
    },
    name,
    region,
  );
}

/** Plays the camera's <video> again after `freezeCamera`, and lets the clip camera move on. */
export async function resumeCamera(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __clipCamera?: { hold(on: boolean): void } }).__clipCamera?.hold(false);
    return document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video')!.play();
  });
}

export type Face = { x: number; y: number }[];

/** The live landmarks the app tracks now (normalised, camera orientation). */
export function liveFaces(page: Page): Promise<Face[]> {
  return page.evaluate(() => window.__pbTest!.landmarks().live);
}

/** The last photo's still landmarks. */
export function stillFaces(page: Page): Promise<Face[]> {
  return page.evaluate(() => window.__pbTest!.landmarks().lastStill);
}

/**
 * Holds the clip camera's picture and pauses the camera's <video>: every redraw and every shot
 * after this takes the very same frame. Returns once two preview redraws in a row show the same
 * picture (a frame still on its way from the camera when it was held has arrived).
 */
export async function freezeCamera(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __clipCamera?: { hold(on: boolean): void } }).__clipCamera?.hold(true);
    document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video')!.pause();
  });
  await keepPreview(page, '__frozen');
  await waitFor(async () => {
    await keepPreview(page, '__frozenAgain');
    const still = (await keptDiff(page, '__frozen', '__frozenAgain', [0, 0, 1, 1])) < 0.5;
    if (!still) await keepPreview(page, '__frozen');
    return still;
  }, 'the frozen picture settled');
}

/** The newest photo's id, or null with none. */
const newestId = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="captured-thumb"]')?.getAttribute('data-photo-id') ?? null);

/**
 * Presses Start Capture for one shot (the booth set to one shot: with photos there already, the
 * button retakes them) and returns the new photo's JPEG, as the visitor keeps it.
 */
export async function shootOne(page: Page, timeoutMs = 45_000): Promise<Buffer> {
  const before = await newestId(page);
  // The booth takes a shot once the last one is wholly over (its button enabled again): a click
  // before that is a click on a disabled button, and no shot comes.
  await page.waitForSelector('[data-testid="booth-stage"][data-capturing="false"]', { timeout: 30_000 });
  await page.waitForSelector('[data-testid="start-capture"]:not([disabled])', { timeout: 30_000 });
  await page.click('[data-testid="start-capture"]');
  const b64 = await waitFor(
    () =>
      page.evaluate(async (before) => {
        // Not there yet: what the booth shows instead (the timeout's message carries the last one).
        const state = () => {
          const t = document.querySelector('[data-testid="captured-thumb"]');
          const stage = document.querySelector('[data-testid="booth-stage"]');
          const button = document.querySelector<HTMLButtonElement>('[data-testid="start-capture"]');
          return `(newest ${t?.getAttribute('data-photo-id') === before ? 'the old photo' : 'a new photo'}, saved ${t?.getAttribute('data-saved')}, img ${!!t?.querySelector('img')}, capturing ${stage?.getAttribute('data-capturing')}, start ${button?.disabled ? 'disabled' : 'enabled'})`;
        };
        const thumb = document.querySelector('[data-testid="captured-thumb"]');
        const img = thumb?.querySelector('img');
        if (!thumb || thumb.getAttribute('data-photo-id') === before || thumb.getAttribute('data-saved') === 'false' || !img?.src.startsWith('blob:')) throw new Error(state());
        const bytes = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
        let s = '';
        for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(s);
      }, before),
    'the new photo, written',
    timeoutMs,
  );
  return Buffer.from(b64, 'base64');
}

/** Takes a sequence through the booth UI and waits until every thumbnail is in and the booth is idle. */
export async function takeSequence(page: Page, shots: number, timeoutMs = 60_000): Promise<void> {
  await page.click('[data-testid="start-capture"]');
  await waitFor(() => page.evaluate((n) => document.querySelectorAll('[data-testid="captured-thumb"]').length === n, shots), `${shots} photos`, timeoutMs);
  await page.waitForSelector('[data-testid="booth-stage"][data-capturing="false"]', { timeout: timeoutMs });
}

/** Files in the download folder (complete ones: Firefox writes `<name>.part` until a download ends). */
export function downloadedFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith('.part') && statSync(join(dir, f)).size > 0) : [];
}

/** Runs `act` (a click that saves a file) and waits for the new file in `dir` whose name matches. */
export async function download(dir: string, act: () => Promise<unknown>, name: RegExp, timeoutMs = 60_000): Promise<{ name: string; bytes: Buffer }> {
  const before = new Set(downloadedFiles(dir));
  await act();
  const file = await waitFor(
    () => downloadedFiles(dir).find((f) => !before.has(f) && name.test(f) && !existsSync(join(dir, `${f}.part`))),
    `a download named ${name}`,
    timeoutMs,
  );
  return { name: file, bytes: readFileSync(join(dir, file)) };
}

/** Width and height from a JPEG's first start-of-frame marker. */
export function jpegSize(bytes: Buffer): { width: number; height: number } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG');
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) throw new Error(`bad JPEG marker at ${at}`);
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error('no JPEG frame header');
}

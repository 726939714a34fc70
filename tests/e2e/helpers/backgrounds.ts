import { deflateSync } from 'node:zlib';
import { expect, type Browser, type Page } from '@playwright/test';
import { keepPreview, regionDiff, type Region } from './props';

/**
 * Live backgrounds, measured on the preview's pixels (read right after a render through the test
 * seam) and on the saved photos, decoded: what a person sees.
 */

/** Picks a background choice in the picker (none, blur, backdrop:<id>, custom). */
export async function chooseBackground(page: Page, choice: string) {
  const radio = page.getByTestId(`background-${choice}`);
  await radio.check();
  await expect(radio).toBeChecked();
}

/** Mean absolute luma step between neighbouring pixels of a kept image over a region: its detail. */
export function regionDetail(page: Page, name: string, region: Region) {
  return page.evaluate(
    ({ name, region }) => {
      const P = (window as unknown as Record<string, { width: number; height: number; data: Uint8ClampedArray }>)[name]!;
      const [x0, y0, x1, y1] = [region[0] * P.width, region[1] * P.height, region[2] * P.width, region[3] * P.height].map(Math.round) as Region;
      const Y = (x: number, y: number) => {
        const i = (y * P.width + x) * 4;
        return 0.299 * P.data[i]! + 0.587 * P.data[i + 1]! + 0.114 * P.data[i + 2]!;
      };
      let sum = 0;
      let n = 0;
      for (let y = y0; y < y1 - 1; y++) {
        for (let x = x0; x < x1 - 1; x++) {
          sum += Math.abs(Y(x + 1, y) - Y(x, y)) + Math.abs(Y(x, y + 1) - Y(x, y));
          n++;
        }
      }
      return sum / Math.max(1, n);
    },
    { name, region },
  );
}

/** Mean colour (0–255) of a kept image over a region. */
export function regionMean(page: Page, name: string, region: Region) {
  return page.evaluate(
    ({ name, region }) => {
      const P = (window as unknown as Record<string, { width: number; height: number; data: Uint8ClampedArray }>)[name]!;
      const [x0, y0, x1, y1] = [region[0] * P.width, region[1] * P.height, region[2] * P.width, region[3] * P.height].map(Math.round) as Region;
      let [r, g, b, n] = [0, 0, 0, 0];
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * P.width + x) * 4;
          r += P.data[i]!;
          g += P.data[i + 1]!;
          b += P.data[i + 2]!;
          n++;
        }
      }
      return { r: r / n, g: g / n, b: b / n };
    },
    { name, region },
  );
}

/**
 * The inner face's box (normalised, in the unmirrored frame) from the landmarks the app found: a
 * prop is put on for a moment (faces are tracked only while an effect needs them), then taken off.
 */
export async function faceRegion(page: Page): Promise<Region> {
  let box: Region | null = null;
  await page.getByTestId('prop-glasses').click();
  await expect(page.getByTestId('prop-picker')).toHaveAttribute('data-prop', 'glasses');
  await expect
    .poll(
      async () => {
        const faces = await page.evaluate(() => window.__pbTest!.landmarks().live);
        const f = faces[0];
        if (!f) return false;
        const xs = f.map((p) => p.x);
        const ys = f.map((p) => p.y);
        // The inner face (eyes to mouth), well inside the hairline and the cheeks' edges.
        const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
        const w = x1 - x0;
        const h = y1 - y0;
        box = [x0 + w * 0.2, y0 + h * 0.25, x1 - w * 0.2, y1 - h * 0.15];
        return true;
      },
      { timeout: 60_000, message: 'the app found the face' },
    )
    .toBe(true);
  await page.getByTestId('prop-none').click();
  await expect(page.getByTestId('prop-picker')).toHaveAttribute('data-prop', 'none');
  return box!;
}

/** A file as Playwright hands it to a file input. */
export interface PictureFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Chooses `file` as the backdrop through the picker's file input, as a visitor would, and waits
 * until the picker has finished reading it (the input is enabled again).
 */
export async function uploadBackdrop(page: Page, file: PictureFile, timeout = 120_000) {
  const input = page.getByTestId('background-file');
  await input.setInputFiles(file);
  await expect(input).toBeEnabled({ timeout });
}

/** What the preview did while the picker was reading a picture (see watchPreviewWhileReading). */
export interface PreviewWhileReading {
  /** Time the picker spent reading, ms (its file input disabled). */
  readingMs: number;
  /** Preview frames drawn meanwhile. */
  frames: number;
  /** The longest wait for a drawn frame while reading (from the last frame before), ms. */
  longestGap: number;
  /** The longest task the main thread ran meanwhile (PerformanceObserver 'longtask': over 50 ms), ms; 0 if none. */
  longestTask: number;
}

/**
 * Starts watching, at every display refresh, whether the picker is reading a picture and how many
 * preview frames the booth has drawn; the returned function stops and reports. A main thread held
 * by a decode shows as a long gap (no refresh, no frame) and a long task, a starved preview as
 * few frames. A gap alone can also come from a machine busy with other work; a long task is the
 * page's own.
 */
export async function watchPreviewWhileReading(page: Page): Promise<() => Promise<PreviewWhileReading>> {
  await page.evaluate(() => {
    const r = window.__pbTest!.renderer()!;
    const input = document.querySelector<HTMLInputElement>('[data-testid="background-file"]')!;
    const seen = { readingMs: 0, frames: 0, longestGap: 0, longestTask: 0, stop: false, since: Number.POSITIVE_INFINITY };
    const tasks = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.startTime + e.duration >= seen.since) seen.longestTask = Math.max(seen.longestTask, e.duration);
    });
    tasks.observe({ type: 'longtask' });
    let count = r.stats.renderedFrames;
    let lastFrame = performance.now();
    let before = lastFrame;
    const tick = () => {
      if (seen.stop) return tasks.disconnect();
      const now = performance.now();
      const reading = input.disabled;
      if (reading) {
        seen.since = Math.min(seen.since, before);
        seen.readingMs += now - before;
        seen.longestGap = Math.max(seen.longestGap, now - lastFrame);
      }
      before = now;
      const drawn = r.stats.renderedFrames;
      if (drawn !== count) {
        if (reading) seen.frames += drawn - count;
        count = drawn;
        lastFrame = now;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    (window as unknown as { __readingWatch: typeof seen }).__readingWatch = seen;
  });
  return () =>
    page.evaluate(() => {
      const seen = (window as unknown as { __readingWatch: PreviewWhileReading & { stop: boolean } }).__readingWatch;
      seen.stop = true;
      return { readingMs: seen.readingMs, frames: seen.frames, longestGap: seen.longestGap, longestTask: seen.longestTask };
    });
}

/** A colour, 0–255 a channel. */
export type RGB = [number, number, number];

// Picture files made in the test (tests/e2e/backdrop-huge.spec.ts, tests/bench/picture.bench.ts).
export const be32 = (n: number) => Buffer.from([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
/** A PNG chunk: its length, type, data and CRC. */
export const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([be32(data.length), body, be32(crc32(body))]);
};

/**
 * A palette PNG of `width`×`height` in two halves, `left` and `right`: the first row as it is,
 * every other row filtered "Up" (all zeros), so 256 megapixels deflate to a few hundred KB.
 */
export function halvesPng(width: number, height: number, left: RGB, right: RGB): Buffer {
  const stride = width + 1;
  const raw = Buffer.alloc(stride * height); // zeros: every row "Up" of the one above, but the first
  raw.fill(1, 1 + width / 2, stride);
  for (let y = 1; y < height; y++) raw[y * stride] = 2;
  const ihdr = Buffer.concat([be32(width), be32(height), Buffer.from([8, 3, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('PLTE', Buffer.from([...left, ...right])),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header claims `width`×`height`, with the data of a 1×1 picture. */
export function lyingPng(width: number, height: number): Buffer {
  const ihdr = Buffer.concat([be32(width), be32(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An 8000×6000 JPEG made by Chromium's own encoder (in a page of its own), stored on its side:
 * top half `right`, bottom half `left`, with EXIF orientation 6 (turn 90° clockwise), so upright
 * it is 6000×8000 with `left` on the left. Made once per worker.
 */
let jpeg48: Promise<Buffer> | null = null;
export function sidewaysJpeg(browser: Browser, left: RGB, right: RGB): Promise<Buffer> {
  jpeg48 ??= (async () => {
    const page = await browser.newPage();
    try {
      const b64 = await page.evaluate(
        async ({ left, right }) => {
          const c = new OffscreenCanvas(8000, 6000);
          const g = c.getContext('2d')!;
          g.fillStyle = `rgb(${right.join(',')})`;
          g.fillRect(0, 0, 8000, 3000);
          g.fillStyle = `rgb(${left.join(',')})`;
          g.fillRect(0, 3000, 8000, 3000);
          const bytes = new Uint8Array(await (await c.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
          let s = '';
          for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          return btoa(s);
        },
        { left, right },
      );
      const jpeg = Buffer.from(b64, 'base64');
      // APP1 "Exif": a little-endian TIFF header and one IFD entry, Orientation (0x0112) = 6.
      const tiff = Buffer.from([0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]);
      const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
      const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 255]), body]);
      return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
    } finally {
      await page.close();
    }
  })();
  return jpeg48;
}

/**
 * Background beside the head in the close-up clip: the mottled studio wall and, across it, the
 * sharp edge where the clip's picture meets its flat side bars (all behind the person).
 */
export const BACKGROUND: Region[] = [
  [0.17, 0.04, 0.3, 0.32],
  [0.7, 0.04, 0.83, 0.32],
];

/** Waits until the model's mask is in use: the preview's background moves away from the camera's. */
export async function untilBackgroundChanges(page: Page, from: string, region: Region, by = 20) {
  await expect
    .poll(
      async () => {
        await keepPreview(page, 'now');
        return regionDiff(page, from, 'now', region);
      },
      { timeout: 60_000, message: 'the background changed (the model loaded and cut the person out)' },
    )
    .toBeGreaterThan(by);
}

/** The kept preview `name` is magenta (the test pictures' colour) wherever the background is. */
export async function expectMagentaBackground(page: Page, name: string) {
  for (const region of BACKGROUND) {
    const c = await regionMean(page, name, region);
    expect(c.r, `magenta at ${region}`).toBeGreaterThan(180);
    expect(c.g).toBeLessThan(90);
    expect(c.b).toBeGreaterThan(180);
  }
}

import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import jpeg from 'jpeg-js';
import { once } from 'node:events';
import { createDeflate } from 'node:zlib';
import { be32, pngChunk } from './backgrounds';

/** The overlay's colour: nothing in a photo of a face is this. */
export const OVERLAY_RGB: [number, number, number] = [208, 32, 144];
export type Box = { x: number; y: number; w: number; h: number };
/** Three windows down a 2×6 in strip (fractions of the paper). */
export const THREE_WINDOWS: Box[] = [
  { x: 0.12, y: 0.05, w: 0.76, h: 0.24 },
  { x: 0.12, y: 0.35, w: 0.76, h: 0.24 },
  { x: 0.12, y: 0.65, w: 0.76, h: 0.24 },
];

export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** A PNG overlay made in the page: OVERLAY_RGB everywhere but `windows`, which are fully transparent. */
export async function overlayPng(page: Page, windows: Box[] = THREE_WINDOWS, size = { w: 600, h: 1800 }): Promise<Buffer> {
  const b64 = await page.evaluate(
    async ({ windows, size, rgb }) => {
      const c = new OffscreenCanvas(size.w, size.h);
      const g = c.getContext('2d')!;
      g.fillStyle = `rgb(${rgb.join(',')})`;
      g.fillRect(0, 0, size.w, size.h);
      for (const w of windows) g.clearRect(Math.round(w.x * size.w), Math.round(w.y * size.h), Math.round(w.w * size.w), Math.round(w.h * size.h));
      const bytes = new Uint8Array(await (await c.convertToBlob({ type: 'image/png' })).arrayBuffer());
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    },
    { windows, size, rgb: OVERLAY_RGB },
  );
  return Buffer.from(b64, 'base64');
}

/**
 * An overlay PNG of `width`×`height` written here, row by row: a two-colour palette (OVERLAY_RGB,
 * and a clear one through tRNS), `windows` clear, every row that repeats the one above filtered
 * "Up" (all zeros), so hundreds of megapixels deflate to a few hundred KB.
 */
export async function hugeOverlayPng(width: number, height: number, windows: Box[] = THREE_WINDOWS): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (b: Buffer) => parts.push(b));
  const ended = once(deflate, 'end');
  const up = Buffer.alloc(width + 1);
  up[0] = 2;
  let last = '';
  for (let y = 0; y < height; y++) {
    const over = windows.filter((w) => y >= Math.round(w.y * height) && y < Math.round((w.y + w.h) * height));
    const key = over.map((w) => windows.indexOf(w)).join();
    let row = up;
    if (y === 0 || key !== last) {
      row = Buffer.alloc(width + 1); // filter None, palette index 0 (the overlay)
      for (const w of over) row.fill(1, 1 + Math.round(w.x * width), 1 + Math.round((w.x + w.w) * width));
    }
    last = key;
    if (!deflate.write(row)) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', Buffer.concat([be32(width), be32(height), Buffer.from([8, 3, 0, 0, 0])])),
    pngChunk('PLTE', Buffer.from([...OVERLAY_RGB, 0, 0, 0])),
    pngChunk('tRNS', Buffer.from([255, 0])),
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Keeps a design on the device as the designer does (its own IndexedDB database, the template and
 * its pictures): three photo slots under an overlay with three windows. The app reads kept designs
 * when a screen with a layout picker opens: open one after this.
 */
export async function keepOverlayDesign(page: Page, name: string, windows: Box[] = THREE_WINDOWS): Promise<string> {
  const png = (await overlayPng(page, windows)).toString('base64');
  return page.evaluate(
    async ({ png, name, windows }) => {
      const blob = new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' });
      const id = `my-test-${Math.random().toString(16).slice(2)}`;
      const template = {
        format: 1,
        id,
        name,
        paper: { w: 2, h: 6 },
        background: { color: '#ffffff', picture: '' },
        base: 'none',
        layers: [
          ...windows.map((w, i) => ({ kind: 'photo', id: `slot-${i + 1}`, ...w, rotation: 0, shot: i, radius: 0, border: { width: 0, color: '#000000' }, style: 'plain', tint: '' })),
          { kind: 'overlay', id: 'overlay', picture: 'overlay1' },
        ],
      };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('photobooth-designs', 1);
        req.onupgradeneeded = () => req.result.createObjectStore('designs', { keyPath: 'id' });
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('designs', 'readwrite');
        tx.objectStore('designs').put({ id, v: 1, template, pictures: { overlay1: blob }, savedAt: Date.now() });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      return id;
    },
    { png, name, windows },
  );
}

export function decodeJpeg(bytes: Buffer | Uint8Array): Pixels {
  const { width, height, data } = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
  return { width, height, data };
}

const at = (img: Pixels, fx: number, fy: number) => {
  const x = Math.min(img.width - 1, Math.round(fx * img.width));
  const y = Math.min(img.height - 1, Math.round(fy * img.height));
  const i = (y * img.width + x) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
};
const distance = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

/**
 * The strip has a photo in each window and the overlay's colour everywhere else: points spread over
 * each window's middle are mostly not the overlay's colour and not all alike (a photo), and points
 * outside every window (a margin clear of the edges, for compression) are the overlay's colour.
 */
export function expectOverlayStrip(img: Pixels, windows: Box[], tolerance = 30) {
  windows.forEach((w, n) => {
    const inside: number[][] = [];
    for (let i = 1; i < 6; i++) for (let j = 1; j < 6; j++) inside.push(at(img, w.x + (w.w * i) / 6, w.y + (w.h * j) / 6));
    const overlayLike = inside.filter((p) => distance(p, OVERLAY_RGB) <= tolerance).length;
    expect(overlayLike, `window ${n + 1} shows the photo, not the overlay`).toBeLessThan(3);
    const spread = Math.max(...inside.map((p) => p[0]! + p[1]! + p[2]!)) - Math.min(...inside.map((p) => p[0]! + p[1]! + p[2]!));
    expect(spread, `window ${n + 1} has picture content`).toBeGreaterThan(40);
  });
  const margin = 0.015;
  const outside: number[][] = [];
  for (let i = 0; i <= 40; i++) {
    for (let j = 0; j <= 120; j++) {
      const fx = 0.01 + (i / 40) * 0.98;
      const fy = 0.005 + (j / 120) * 0.99;
      if (windows.some((w) => fx > w.x - margin && fx < w.x + w.w + margin && fy > w.y - margin && fy < w.y + w.h + margin)) continue;
      outside.push(at(img, fx, fy));
    }
  }
  expect(outside.length).toBeGreaterThan(500);
  const off = outside.filter((p) => distance(p, OVERLAY_RGB) > tolerance);
  expect(off.length, `points outside the windows not the overlay's colour: ${off.slice(0, 5).map((p) => p.join(',')).join(' ')}`).toBe(0);
}

/** Frame `index` of an MP4 as the browser decodes it (seeked to its middle), as pixels. */
export async function mp4Frame(page: Page, bytes: Buffer, index: number, fps: number): Promise<Pixels> {
  const out = await page.evaluate(
    async ({ b64, index, fps }) => {
      const v = document.createElement('video');
      v.muted = true;
      v.src = URL.createObjectURL(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'video/mp4' }));
      await new Promise((r, j) => ((v.onloadeddata = r), (v.onerror = () => j(new Error('video did not load')))));
      v.currentTime = (index + 0.5) / fps;
      await new Promise((r) => (v.onseeked = r));
      const c = new OffscreenCanvas(v.videoWidth, v.videoHeight);
      const g = c.getContext('2d', { willReadFrequently: true })!;
      for (let tries = 0; tries < 100; tries++) {
        g.clearRect(0, 0, c.width, c.height);
        g.drawImage(v, 0, 0);
        if (g.getImageData(0, 0, 1, 1).data[3]! > 0) break;
        await new Promise((r) => requestAnimationFrame(r));
      }
      const data = g.getImageData(0, 0, c.width, c.height).data;
      let s = '';
      for (let i = 0; i < data.length; i += 0x8000) s += String.fromCharCode(...data.subarray(i, i + 0x8000));
      // The video's URL is left to the page: revoked now, the element's later reads fail loudly.
      return { width: c.width, height: c.height, b64: btoa(s) };
    },
    { b64: bytes.toString('base64'), index, fps },
  );
  return { width: out.width, height: out.height, data: new Uint8Array(Buffer.from(out.b64, 'base64')) };
}

import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import jpeg from 'jpeg-js';

/**
 * Reliability helpers: write and read the saved session (IndexedDB) the way the app stores it,
 * read what a picture shows, and the Web Share stand-ins.
 */

/** The app's database, as src/storage/sessionStore.ts opens it. */
export const DB = { name: 'photobooth-session', version: 1, photos: 'photos', settings: 'settings', settingsKey: 'strip' } as const;

/** A photo record to seed; `colour` makes a real JPEG Blob of that solid colour in the page. */
export interface SeedPhoto {
  id: string;
  colour?: string;
  width?: number;
  height?: number;
  position?: number;
  /** Any other fields, written as they are (a string `blob`, a zero width...). */
  extra?: Record<string, unknown>;
}

export interface SeedSession {
  photos: SeedPhoto[];
  settings?: unknown;
  /** sessionStorage entries, stored as given (raw strings). */
  sessionStorage?: Record<string, string>;
}

/**
 * Writes a saved session before the app reads it. The app must not be running while this happens:
 * once it has loaded a session, its debounced writer makes IndexedDB match what it holds (an empty
 * session deletes every record written behind its back), and a load that ran mid-seed would repair
 * the records on the wrong page. So this runs on a document of the app's origin that is not the
 * app (the favicon, an SVG document: same IndexedDB and sessionStorage, no app script), and creates
 * the database itself with the app's name, version and stores when it does not exist yet. The next
 * page.goto to an app route then reads exactly what was written here.
 */
export async function seedSession(page: Page, seed: SeedSession): Promise<void> {
  // A document that is not HTML makes Chromium ask for /favicon.ico, which the app does not have
  // (its pages name favicon.svg): answer with no content instead of a 404 in the console.
  await page.route(/\/favicon\.ico$/, (route) => route.fulfill({ status: 204 }));
  await page.goto('/favicon.svg');
  await page.evaluate(
    async ({ db: D, seed }) => {
      const jpegOf = async (colour: string, w: number, h: number) => {
        const c = new OffscreenCanvas(w, h);
        const ctx = c.getContext('2d')!;
        ctx.fillStyle = colour;
        ctx.fillRect(0, 0, w, h);
        return c.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
      };
      // Blobs first: an IndexedDB transaction must not wait on anything else.
      const records: Record<string, unknown>[] = [];
      for (const p of seed.photos) {
        const rec: Record<string, unknown> = { id: p.id, filterId: 'none', takenAt: Date.now() };
        if (p.colour) rec.blob = await jpegOf(p.colour, p.width ?? 320, p.height ?? 240);
        if (p.width !== undefined) rec.width = p.width;
        if (p.height !== undefined) rec.height = p.height;
        if (p.position !== undefined) rec.position = p.position;
        records.push({ ...rec, ...p.extra });
      }
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(D.name, D.version);
        open.onupgradeneeded = () => {
          if (!open.result.objectStoreNames.contains(D.photos)) open.result.createObjectStore(D.photos, { keyPath: 'id' });
          if (!open.result.objectStoreNames.contains(D.settings)) open.result.createObjectStore(D.settings);
        };
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction([D.photos, D.settings], 'readwrite');
        tx.objectStore(D.photos).clear();
        tx.objectStore(D.settings).clear();
        // In the order given (the caller chooses one that differs from the positions).
        for (const r of records) tx.objectStore(D.photos).put(r);
        if (seed.settings !== undefined) tx.objectStore(D.settings).put(seed.settings, D.settingsKey);
        tx.oncomplete = () => resolve();
        tx.onerror = tx.onabort = () => reject(tx.error);
      });
      db.close();
      for (const [k, v] of Object.entries(seed.sessionStorage ?? {})) sessionStorage.setItem(k, v);
    },
    { db: DB, seed },
  );
}

/** One stored photo record, summarised (what kind of `blob` it holds, its sizes and position). */
export interface StoredRecord {
  id: string;
  blob: string;
  width: unknown;
  height: unknown;
  position: unknown;
}

/** What IndexedDB holds now: photo records (in key order) and the strip settings. */
export function readSession(page: Page): Promise<{ photos: StoredRecord[]; settings: unknown }> {
  return page.evaluate(
    (D) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(D.name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(D.photos)) {
            db.close();
            return resolve({ photos: [], settings: undefined });
          }
          const tx = db.transaction([D.photos, D.settings], 'readonly');
          const photos = tx.objectStore(D.photos).getAll();
          const settings = tx.objectStore(D.settings).get(D.settingsKey);
          tx.oncomplete = () => {
            db.close();
            resolve({
              photos: (photos.result as Record<string, unknown>[]).map((r) => ({
                id: String(r.id),
                blob: r.blob instanceof Blob ? `Blob ${r.blob.type} ${r.blob.size > 0 ? 'non-empty' : 'empty'}` : typeof r.blob,
                width: r.width,
                height: r.height,
                position: r.position,
              })),
              settings: settings.result,
            });
          };
        };
      }),
    DB,
  );
}

/** Stored photo ids in sequence order (by their stored position). */
export async function storedOrder(page: Page): Promise<string[]> {
  const { photos } = await readSession(page);
  return photos
    .slice()
    .sort((a, b) => Number(a.position) - Number(b.position))
    .map((p) => p.id);
}

/** The booth's thumbnails' photo ids, in screen order. */
export function thumbIds(page: Page): Promise<string[]> {
  return page.getByTestId('captured-thumb').evaluateAll((els) => els.map((e) => e.getAttribute('data-photo-id') ?? ''));
}

/** Each image's centre pixel [r, g, b], decoded in the page (the images as the visitor sees them). */
export function centreColours(images: Locator): Promise<[number, number, number][]> {
  return images.evaluateAll((imgs) =>
    Promise.all(
      (imgs as HTMLImageElement[]).map(async (img) => {
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.naturalWidth;
        c.height = img.naturalHeight;
        const ctx = c.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        const d = ctx.getImageData(c.width >> 1, c.height >> 1, 1, 1).data;
        return [d[0]!, d[1]!, d[2]!] as [number, number, number];
      }),
    ),
  );
}

/** The name of the one clearly dominant primary in a pixel, else 'other'. */
export function primaryOf([r, g, b]: [number, number, number]): 'red' | 'green' | 'blue' | 'other' {
  if (r > 200 && g < 60 && b < 60) return 'red';
  if (g > 100 && r < 60 && b < 60) return 'green';
  if (b > 200 && r < 60 && g < 60) return 'blue';
  return 'other';
}

/** A downloaded file, decoded as a JPEG (throws if it is not one). */
export function decodeDownload(download: Download | string): Promise<{ bytes: number; img: ReturnType<typeof jpeg.decode> }> {
  return (async () => {
    const path = typeof download === 'string' ? download : await download.path();
    const buf = readFileSync(path);
    return { bytes: buf.length, img: jpeg.decode(buf, { maxMemoryUsageInMB: 1024 }) };
  })();
}

/** How far the decoded picture is from one flat colour: the spread of its luma over a sample grid. */
export function lumaSpread(img: { width: number; height: number; data: Uint8Array | Buffer }): number {
  let lo = 255;
  let hi = 0;
  for (let y = 0; y < img.height; y += Math.max(1, img.height >> 6)) {
    for (let x = 0; x < img.width; x += Math.max(1, img.width >> 5)) {
      const i = (y * img.width + x) * 4;
      const l = (img.data[i]! * 3 + img.data[i + 1]! * 6 + img.data[i + 2]!) / 10;
      lo = Math.min(lo, l);
      hi = Math.max(hi, l);
    }
  }
  return hi - lo;
}

/** What a share call saw: the file, whether the tap's user activation was still live, and when. */
export interface ShareCall {
  name: string;
  type: string;
  size: number;
  lastModified: number;
  activationActive: boolean;
  at: number;
}

/**
 * Simulates Web Share with files (desktop Linux Chromium has none): canShare says yes, and share
 * records what it was given, then resolves, or rejects as a browser does when the tap's
 * permission ran out (NotAllowedError). Also records each click's time (capture phase, before the
 * app sees it) and every JPEG File the page makes, so a test can tell whether the shared file
 * existed before the tap.
 */
export async function simulateWebShare(page: Page, outcome: 'ok' | 'refuse'): Promise<void> {
  await page.addInitScript((outcome) => {
    const w = window as unknown as { __shares: unknown[]; __clicks: number[]; __jpegFiles: { at: number; size: number }[] };
    w.__shares = [];
    w.__clicks = [];
    w.__jpegFiles = [];
    document.addEventListener('click', () => w.__clicks.push(Date.now()), true);
    const NativeFile = window.File;
    window.File = class extends NativeFile {
      constructor(...args: ConstructorParameters<typeof File>) {
        super(...args);
        // A real JPEG, not the empty File a page builds to ask canShare whether it could share one.
        if (this.type === 'image/jpeg' && this.size > 0) w.__jpegFiles.push({ at: Date.now(), size: this.size });
      }
    };
    navigator.canShare = () => true;
    navigator.share = async (data?: ShareData) => {
      const f = data?.files?.[0];
      w.__shares.push({
        name: f?.name ?? '',
        type: f?.type ?? '',
        size: f?.size ?? 0,
        lastModified: f?.lastModified ?? 0,
        activationActive: navigator.userActivation.isActive,
        at: Date.now(),
      });
      if (outcome === 'refuse') throw new DOMException('Must be handling a user gesture to perform a share request.', 'NotAllowedError');
    };
  }, outcome);
}

/** No Web Share at all, whatever this Chromium build offers (the plain desktop case). */
export async function removeWebShare(page: Page): Promise<void> {
  await page.addInitScript(() => {
    delete (Navigator.prototype as Partial<Navigator>).share;
    delete (Navigator.prototype as Partial<Navigator>).canShare;
  });
}

export function shareLog(page: Page): Promise<{ shares: ShareCall[]; clicks: number[]; jpegFiles: { at: number; size: number }[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { __shares: ShareCall[]; __clicks: number[]; __jpegFiles: { at: number; size: number }[] };
    return { shares: w.__shares, clicks: w.__clicks, jpegFiles: w.__jpegFiles };
  });
}

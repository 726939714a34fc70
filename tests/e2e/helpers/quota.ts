import { expect, type Page } from '@playwright/test';

/**
 * A real full disk, not a simulated throw: the origin gets a small storage quota from the browser
 * itself (DevTools protocol, Storage.overrideQuotaForOrigin), and `fillQuota` takes what is left
 * with a database of its own. The app's next write then fails the way it fails on a full phone: the
 * IndexedDB transaction aborts, asynchronously, with QuotaExceededError.
 */
const FILLER_DB = 'test-quota-filler';

/** Gives the page's origin a quota of `bytes` (call before the app first opens IndexedDB). */
export async function limitQuota(page: Page, origin: string, bytes: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: bytes });
  return async () => {
    await cdp.send('Storage.overrideQuotaForOrigin', { origin }).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  };
}

/**
 * Fills the origin's quota to within a few kilobytes; resolves to the bytes written. The filler is
 * random (zeros would shrink when the browser compacts its files, giving space back), and passes
 * repeat until one finds no room at all.
 */
export function fillQuota(page: Page): Promise<number> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((ok, ko) => {
      const req = indexedDB.open(name, 1);
      req.onupgradeneeded = () => req.result.createObjectStore('filler');
      req.onsuccess = () => ok(req.result);
      req.onerror = () => ko(req.error);
    });
    const random = (size: number) => {
      const bytes = new Uint8Array(size);
      for (let at = 0; at < size; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65536)));
      return bytes;
    };
    const put = (key: number, size: number) =>
      new Promise<boolean>((ok) => {
        const tx = db.transaction('filler', 'readwrite');
        tx.objectStore('filler').put(new Blob([random(size)]), key);
        tx.oncomplete = () => ok(true);
        tx.onabort = () => ok(false);
      });
    // New keys after the filler's own: a second fill adds to the first, never overwrites it (an 8 MB
    // record put again as 4 KB gave its space back: event-quota's second strip was then kept).
    const first = await new Promise<number>((ok, ko) => {
      const req = db.transaction('filler').objectStore('filler').count();
      req.onsuccess = () => ok(req.result);
      req.onerror = () => ko(req.error);
    });
    let written = 0;
    let key = first;
    // Passes until one finds no room left at all (space the browser gave back is taken again).
    for (let pass = 0, more = 1; more > 0 && pass < 5; pass++) {
      more = 0;
      // Halving chunks: each size is written until it no longer fits. (The cap ends it when no
      // quota is enforced at all; the caller's check then fails.)
      for (let size = 8 << 20; size >= 4 << 10 && key < first + 500; size >>= 1) {
        while (key < first + 500 && (await put(key++, size))) more += size;
      }
      written += more;
    }
    db.close();
    return written;
  }, FILLER_DB);
}

/**
 * Frees what `fillQuota` took, and resolves once the browser counts the space as free again (its
 * usage figure can lag the deletion; a write before then would still find the disk full).
 */
export async function freeQuota(page: Page): Promise<void> {
  await page.evaluate(
    (name) =>
      new Promise<void>((ok, ko) => {
        const req = indexedDB.deleteDatabase(name);
        req.onsuccess = () => ok();
        req.onerror = () => ko(req.error);
      }),
    FILLER_DB,
  );
  await expect
    .poll(() => page.evaluate(async () => {
      const { usage = 0, quota = 0 } = await navigator.storage.estimate();
      return usage < quota / 2;
    }), { message: 'the freed space is counted as free', timeout: 15_000 })
    .toBe(true);
}

const FILLER_DIR = 'test-quota-filler';

/**
 * Fills the origin's quota through its private file system (where a video message is written as it
 * is recorded): files of halving sizes, each written and closed (a file's writes count once it is
 * closed), until none fits, so the app's own next file fails the way a full phone's does. Resolves
 * to the bytes kept.
 */
export function fillQuotaWithFiles(page: Page): Promise<number> {
  return page.evaluate(async (name) => {
    const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(name, { create: true });
    let kept = 0;
    let n = 0;
    for (let size = 8 << 20; size >= 4 << 10; size >>= 1) {
      const bytes = new Uint8Array(size);
      for (let at = 0; at < size; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65536)));
      for (; n < 1000; n++) {
        const file = `f${n}`;
        try {
          const stream = await (await dir.getFileHandle(file, { create: true })).createWritable();
          await stream.write(bytes);
          await stream.close();
          kept += size;
        } catch {
          await dir.removeEntry(file).catch(() => undefined);
          break;
        }
      }
    }
    return kept;
  }, FILLER_DIR);
}

/** Frees what `fillQuotaWithFiles` took. */
export async function freeQuotaFiles(page: Page): Promise<void> {
  await page.evaluate(async (name) => (await navigator.storage.getDirectory()).removeEntry(name, { recursive: true }), FILLER_DIR);
}

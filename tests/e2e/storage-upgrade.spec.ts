import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { toStrip } from './drivers/strip';
import { captureSequence } from './helpers/capture';
import { tr } from './i18n';

// Storage that upgrades (issue 38). The databases the previous version wrote are made here as its
// code made them (src/storage/sessionStore.ts, src/features/event/gallery.ts and
// src/features/background/customStore.ts before versions were kept: version 1, the same stores
// and record shapes), from a document of the app's origin that is not the app, and the app then
// finds them. Two versions side by side are real tabs: a record in a newer format, a database a
// newer version upgraded, and an older tab whose open connection holds an upgrade up (a real
// `blocked` open, released by closing that connection).
test.describe.configure({ timeout: 120_000 });

/** A document of the app's origin where no app script runs: the databases are written from here. */
async function outsideTheApp(page: Page) {
  // An SVG document makes Chromium ask for /favicon.ico, which the app does not have.
  await page.route(/\/favicon\.ico$/, (route) => route.fulfill({ status: 204 }));
  await page.goto('/favicon.svg');
}

const EARLIER_CAPTION = 'Kept by the earlier version';

/**
 * The previous version's three databases, at version 1, each with a record as it wrote them: a
 * photo and the strip settings, a strip of the event gallery, the visitor's backdrop picture.
 */
function writePreviousVersion(page: Page) {
  return page.evaluate(async (caption) => {
    const jpeg = (colour: string, w: number, h: number) => {
      const c = new OffscreenCanvas(w, h);
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, w, h);
      return c.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    };
    const [photo, strip, picture] = await Promise.all([jpeg('#d03030', 640, 480), jpeg('#3050d0', 600, 1800), jpeg('#30a050', 800, 600)]);
    const write = (name: string, upgrade: (db: IDBDatabase) => void, store: string, value: unknown, key?: string) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name, 1);
        open.onupgradeneeded = () => upgrade(open.result);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(store, 'readwrite');
          tx.objectStore(store).put(value, key);
          tx.oncomplete = () => (db.close(), resolve());
          tx.onabort = () => reject(tx.error);
        };
      });
    const session = (db: IDBDatabase) => {
      db.createObjectStore('photos', { keyPath: 'id' });
      db.createObjectStore('settings');
    };
    const now = Date.now();
    await write('photobooth-session', session, 'photos', { id: 'earlier-photo', blob: photo, width: 640, height: 480, filterId: 'none', takenAt: now, focus: { x: 0.5, y: 0.4 }, position: 0 });
    await write('photobooth-session', () => undefined, 'settings', { layoutId: 'classic', background: '#ffffff', frameId: 'none', stickerSetId: 'none', stickers: [], caption, showDate: false }, 'strip');
    await write('photobooth-event', (db) => db.createObjectStore('strips', { keyPath: 'id' }), 'strips', { id: `${now.toString(36)}-early1`, createdAt: now, blob: strip, width: 600, height: 1800, hidden: false });
    await write('photobooth-background', (db) => db.createObjectStore('custom'), 'custom', { blob: picture, width: 800, height: 600 }, 'picture');
  }, EARLIER_CAPTION);
}

interface DbState {
  version: number;
  stores: Record<string, { indexes: string[]; records: Record<string, unknown> }>;
}

/** A database as it is now: its version, and each store's indexes and records (a Blob as "Blob <type> <size>"). */
function dbState(page: Page, name: string): Promise<DbState> {
  return page.evaluate(
    (name) =>
      new Promise<DbState>((resolve, reject) => {
        const plain = (x: unknown): unknown =>
          x instanceof Blob
            ? `Blob ${x.type} ${x.size}`
            : Array.isArray(x)
              ? x.map(plain)
              : x && typeof x === 'object'
                ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, plain(v)]))
                : x;
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          const state: DbState = { version: db.version, stores: {} };
          if (!names.length) return (db.close(), resolve(state));
          const tx = db.transaction(names, 'readonly');
          for (const s of names) {
            const store = tx.objectStore(s);
            const keys = store.getAllKeys();
            const values = store.getAll();
            tx.addEventListener('complete', () => {
              const records = Object.fromEntries(keys.result.map((k, i) => [String(k), plain(values.result[i])]));
              state.stores[s] = { indexes: [...store.indexNames].sort(), records };
            });
          }
          tx.addEventListener('complete', () => (db.close(), resolve(state)));
          tx.onabort = () => reject(tx.error);
        };
      }),
    name,
  );
}

/** The booth, taken over by the app and ready to shoot. */
async function boothReady(page: Page, path = '/photobooth') {
  await page.goto(path);
  await expect(page.getByTestId('start-capture')).toBeEnabled({ timeout: 30_000 });
}

test('the previous version’s saved photo, settings, gallery strip and backdrop are all there in this one', async ({ page }) => {
  await outsideTheApp(page);
  await writePreviousVersion(page);
  const before = await dbState(page, 'photobooth-session');

  await boothReady(page);
  await expect(page.getByTestId('captured-thumb')).toHaveCount(1);
  await expect(page.getByTestId('captured-thumb')).toHaveAttribute('data-photo-id', 'earlier-photo');
  // The kept picture is offered as a choice (a radio, with "Remove picture" beside it).
  await expect(page.getByTestId('background-custom')).toHaveAttribute('role', 'radio');
  await expect(page.getByTestId('background-remove-custom')).toBeVisible();

  // The session's database went from version 1 to 2 (the photos' indexes), its records as they were.
  await expect.poll(async () => (await dbState(page, 'photobooth-session')).version).toBe(2);
  const after = await dbState(page, 'photobooth-session');
  expect(after.stores.photos!.indexes).toEqual(['motion', 'position']);
  expect(after.stores.photos!.records).toEqual(before.stores.photos!.records);
  expect(after.stores.settings!.records).toEqual(before.stores.settings!.records);
  expect((await dbState(page, 'photobooth-background')).version).toBe(1);

  await toStrip(page, 1);
  await expect(page.getByLabel(tr('en', 'strip.caption'))).toHaveValue(EARLIER_CAPTION);

  await page.goto('/event');
  await expect(page.getByTestId('event-gallery')).toHaveAttribute('data-count', '1', { timeout: 30_000 });
  await expect(page.getByTestId('event-thumb')).toHaveCount(1);
  expect((await dbState(page, 'photobooth-event')).version).toBe(1);
});

test('records a newer version wrote, in a database it upgraded, are left as they are by a load and a save of this one', async ({ page }) => {
  await outsideTheApp(page);
  // A newer version's session: version 5, a store of its own, a photo and settings in a format this
  // version does not know (no `blob`, no `layoutId`: without their `v` they would be "damaged").
  await page.evaluate(async () => {
    const c = new OffscreenCanvas(320, 240);
    c.getContext('2d')!.fillRect(0, 0, 320, 240);
    const blob = await c.convertToBlob({ type: 'image/jpeg' });
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('photobooth-session', 5);
      open.onupgradeneeded = () => {
        const photos = open.result.createObjectStore('photos', { keyPath: 'id' });
        photos.createIndex('position', 'position');
        photos.createIndex('motion', 'motion.fps');
        open.result.createObjectStore('settings');
        open.result.createObjectStore('looks');
      };
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction(['photos', 'settings'], 'readwrite');
        tx.objectStore('photos').put({ id: 'format-1-photo', blob, width: 320, height: 240, filterId: 'none', takenAt: 1, position: 0 });
        tx.objectStore('photos').put({ id: 'newer-photo', v: 2, position: 1, picture: { jpeg: blob, w: 320, h: 240 } });
        tx.objectStore('settings').put({ v: 2, layout: { id: 'classic', rows: 4 }, caption: 'Newer' }, 'strip');
        tx.oncomplete = () => (db.close(), resolve());
        tx.onabort = () => reject(tx.error);
      };
    });
  });
  const newer = await dbState(page, 'photobooth-session');

  await boothReady(page);
  await expect(page.getByTestId('captured-thumb')).toHaveCount(1);
  await expect(page.getByTestId('captured-thumb')).toHaveAttribute('data-photo-id', 'format-1-photo');
  // Nothing was "repaired": the notice that says so is not there.
  await expect(page.getByTestId('storage-notice')).toHaveCount(0);

  // A save: the shot replaces this tab's photo; the newer records stay, and so does the database.
  await captureSequence(page, { shots: 1, countdown: 0 });
  const mine = await page.getByTestId('captured-thumb').getAttribute('data-photo-id');
  expect(mine).not.toBe('format-1-photo');
  await expect.poll(async () => Object.keys((await dbState(page, 'photobooth-session')).stores.photos!.records).sort()).toEqual([mine, 'newer-photo'].sort());
  const after = await dbState(page, 'photobooth-session');
  expect(after.version).toBe(5);
  expect(Object.keys(after.stores).sort()).toEqual(['looks', 'photos', 'settings']);
  expect(after.stores.photos!.records['newer-photo']).toEqual(newer.stores.photos!.records['newer-photo']);
  expect(after.stores.settings!.records).toEqual(newer.stores.settings!.records);
});

test('an older tab holding the database open holds the upgrade up, the page says so, and goes on once it lets go', async ({ page, context }) => {
  // The older tab: the previous version's session, its connection kept open. Asked to close (the
  // versionchange), it waits until told: as a version without a versionchange handler would.
  const old = await context.newPage();
  await outsideTheApp(old);
  await writePreviousVersion(old);
  await old.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('photobooth-session', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const w = window as unknown as { held: IDBDatabase; asked: (number | null)[] };
          w.held = open.result;
          w.asked = [];
          open.result.onversionchange = (e) => void w.asked.push(e.newVersion);
          resolve();
        };
      }),
  );

  await page.goto('/preview');
  const notice = page.getByTestId('storage-upgrade');
  await expect(notice).toHaveAttribute('data-kind', 'blocked');
  await expect(notice).toHaveText(tr('en', 'storage.blocked'));
  await expect.poll(() => old.evaluate(() => (window as unknown as { asked: number[] }).asked)).toEqual([2]);
  // The read is late past its deadline: the page goes on without the session meanwhile (the empty
  // preview), not saving, and not saying the photos "won't survive a reload" over the notice.
  await expect(page.getByTestId('preview-empty')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('storage-notice')).toHaveCount(0);
  await expect(notice).toHaveAttribute('data-kind', 'blocked');

  // The older tab lets go: the upgrade goes on, the saved session arrives, and saving resumes.
  await old.evaluate(() => (window as unknown as { held: IDBDatabase }).held.close());
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('preview-photo')).toHaveCount(1);
  const caption = page.getByLabel(tr('en', 'strip.caption'));
  await expect(caption).toHaveValue(EARLIER_CAPTION);
  await caption.fill('Saved after the wait');
  await expect.poll(async () => (await dbState(page, 'photobooth-session')).stores.settings!.records.strip).toMatchObject({ caption: 'Saved after the wait' });
  expect((await dbState(page, 'photobooth-session')).version).toBe(2);

  // Now the other tab runs a newer version, which upgrades to 3: this page's connection closes
  // itself at once (no "blocked" there), the page says so, and it goes on saving into version 3.
  const blocked = await old.evaluate(
    () =>
      new Promise<boolean>((resolve, reject) => {
        let held = false;
        const open = indexedDB.open('photobooth-session', 3);
        open.onblocked = () => (held = true);
        open.onupgradeneeded = () => open.result.createObjectStore('fromNewerVersion');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => (open.result.close(), resolve(held));
      }),
  );
  expect(blocked).toBe(false);
  await expect(notice).toHaveAttribute('data-kind', 'replaced');
  await expect(notice.getByText(tr('en', 'storage.replaced'))).toBeVisible();
  await expect(notice.getByRole('button', { name: tr('en', 'errors.reload') })).toBeVisible();
  await notice.getByRole('button', { name: tr('en', 'errors.dismiss') }).click();
  await expect(notice).toHaveCount(0);
  await caption.fill('Saved into the newer database');
  await expect.poll(async () => (await dbState(page, 'photobooth-session')).stores.settings!.records.strip).toMatchObject({ caption: 'Saved into the newer database' });
  const state = await dbState(page, 'photobooth-session');
  expect(state.version).toBe(3);
  expect(Object.keys(state.stores).sort()).toEqual(['fromNewerVersion', 'photos', 'settings']);
  expect(Object.keys(state.stores.photos!.records)).toEqual(['earlier-photo']);
});

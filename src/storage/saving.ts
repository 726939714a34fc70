import { photoRoll } from '../state/photos';
import { capturedPhotosAtom, type CapturedPhoto } from '../state/session';
import type { Store } from '../state/store';
import { DEFAULT_STRIP_SETTINGS, type StripSettings } from '../features/strip/meta';
import { stripSettingsAtom, type StorageStatus } from '../features/strip/state';
import { keepAcrossVisits } from '../lib/persist';
import { loadSession, savePhotos, saveSettings, SESSION_CHANNEL, StorageFullError } from './sessionStore';

export function failureStatus(error: unknown): StorageStatus {
  const name = (error as { name?: string } | null)?.name;
  return error instanceof StorageFullError || name === 'QuotaExceededError' ? 'full' : 'memory';
}

/**
 * Saving follows the store, outside React, and at once: every change to the photos or the strip
 * settings is written to IndexedDB as it happens (one write at a time; changes made meanwhile go in
 * the next one), so a reload or a closed tab the instant a thumbnail appears keeps the photo.
 * Each write is record by record and never deletes what another tab wrote (sessionStore.ts
 * `savePhotos`). Tabs stay in step: a write that changed something is announced on a
 * BroadcastChannel, and the other tabs read the session back and show it (keeping any photo of
 * their own not yet written). `loaded`: the photos read at start; `asStored`: the strip settings
 * in the store when they are what was read (not written back: a record a newer version wrote
 * stays as it is until the visitor changes something). Returns the stop.
 */
export function followSaves(
  store: Store,
  onStatus: (status: StorageStatus) => void,
  loaded: CapturedPhoto[],
  asStored: StripSettings | null = null,
): () => void {
  // Ids this tab has seen stored (loaded, written, or read back after another tab's change): only
  // these may be deleted by this tab, and only these count as gone when another tab removed them.
  const known = new Set(loaded.map((p) => p.id));
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(SESSION_CHANNEL) : null;
  let stopped = false;

  // One queue for this tab's writes and its reads of other tabs' changes, one task at a time, so
  // a read never lands between a local change and its write (it would bring back a photo this tab
  // just replaced). A task already waiting is not queued twice: it reads the latest state anyway.
  let queue: Promise<void> = Promise.resolve();
  const waiting = new Set<string>();
  const enqueue = (name: string, task: () => Promise<void>) => {
    if (waiting.has(name) || stopped) return;
    waiting.add(name);
    queue = queue.then(() => {
      waiting.delete(name);
      return stopped ? undefined : task();
    });
  };
  // Each writer's last failure: the status is 'saved' only when neither's last write failed (a
  // small settings record that still fits on a full disk says nothing of the photos).
  const failed = new Map<string, StorageStatus>();
  const report = () => onStatus(failed.get('photos') ?? failed.get('settings') ?? 'saved');
  const write = (name: 'photos' | 'settings', save: () => Promise<boolean>) => () =>
    enqueue(name, () =>
      save().then(
        (wrote) => {
          failed.delete(name);
          report();
          if (wrote && !stopped) channel?.postMessage('changed');
        },
        (error: unknown) => {
          failed.set(name, failureStatus(error));
          report();
          photoRoll.saved(store, 'all'); // kept in memory: shown, as the notice says
        },
      ),
    );
  const photos = write('photos', async () => {
    const list = photoRoll.list(store);
    const wrote = await savePhotos(list, known);
    for (const p of list) known.add(p.id);
    photoRoll.saved(store, list.map((p) => p.id));
    if (wrote && list.length) void keepAcrossVisits();
    return wrote;
  });
  // The settings last written or read (null: none yet, so what is in the store now is written).
  let lastSettings: StripSettings | null = asStored;
  const settings = write('settings', async () => {
    const now = store.get(stripSettingsAtom);
    if (now === lastSettings) return false;
    lastSettings = now;
    await saveSettings(now);
    return true;
  });

  /** Another tab changed the session: show what is stored, keeping this tab's photos not yet written. */
  const refresh = async (): Promise<void> => {
    const mine = photoRoll.list(store);
    const stored = await loadSession().catch(() => null);
    if (!stored || stopped) return;
    // A change here while reading: its write is queued now, and this read comes again after it.
    if (photoRoll.list(store) !== mine) return void enqueue('refresh', refresh);
    const storedIds = new Set(stored.photos.map((p) => p.id));
    // A photo of this tab the store never had is not written yet: it stays. One it had is gone
    // because another tab removed it (a retake, a clear).
    const unwritten = mine.filter((p) => !storedIds.has(p.id) && !known.has(p.id));
    // Keep this tab's objects for unchanged photos, so nothing redraws (or is written again) for nothing.
    const byId = new Map(mine.map((p) => [p.id, p]));
    const next = [
      ...stored.photos.map((p) => {
        const own = byId.get(p.id);
        return own && (own.motion || !p.motion) ? own : p;
      }),
      ...unwritten,
    ];
    for (const p of stored.photos) known.add(p.id);
    photoRoll.replace(store, next);
    if (stored.settings) {
      lastSettings = { ...DEFAULT_STRIP_SETTINGS, ...stored.settings };
      store.set(stripSettingsAtom, lastSettings);
    }
  };
  if (channel) channel.onmessage = () => enqueue('refresh', refresh);

  const offs = [store.sub(capturedPhotosAtom, photos), store.sub(stripSettingsAtom, settings)];
  // What changed before saving began (photos taken while the saved session was read).
  photos();
  settings();
  return () => {
    stopped = true;
    for (const off of offs) off();
    channel?.close();
  };
}

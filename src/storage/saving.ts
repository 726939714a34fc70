import { capturedPhotosAtom } from '../state/session';
import type { Store } from '../state/store';
import { stripSettingsAtom, type StorageStatus } from '../features/strip/state';
import { savePhotos, saveSettings, StorageFullError } from './sessionStore';

const SAVE_DELAY_MS = 300;

export function failureStatus(error: unknown): StorageStatus {
  const name = (error as { name?: string } | null)?.name;
  return error instanceof StorageFullError || name === 'QuotaExceededError' ? 'full' : 'memory';
}

/**
 * Saving follows the store, outside React: every change to the photos or the strip settings is
 * written to IndexedDB shortly after it happens (and what changed before this began, at once).
 * Returns the stop.
 */
export function followSaves(store: Store, onStatus: (status: StorageStatus) => void): () => void {
  const timers: ReturnType<typeof setTimeout>[] = [];
  const later = (slot: number, save: () => Promise<unknown>, ok?: () => void) => () => {
    clearTimeout(timers[slot]);
    timers[slot] = setTimeout(() => void save().then(ok, (error: unknown) => onStatus(failureStatus(error))), SAVE_DELAY_MS);
  };
  const photos = later(0, () => savePhotos(store.get(capturedPhotosAtom)), () => onStatus('saved'));
  const settings = later(1, () => saveSettings(store.get(stripSettingsAtom)));
  const offs = [store.sub(capturedPhotosAtom, photos), store.sub(stripSettingsAtom, settings)];
  photos();
  settings();
  return () => {
    for (const off of offs) off();
    for (const t of timers) clearTimeout(t);
  };
}

import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { StorageStatus } from '../../src/features/strip/state';
import { stripSettingsAtom } from '../../src/features/strip/state';
import { photoRoll } from '../../src/state/photos';
import type { CapturedPhoto } from '../../src/state/session';

// The disk, as saving sees it: photo writes fail with a real-named QuotaExceededError while the
// small settings record still fits (a disk full to within a few kilobytes).
const disk = vi.hoisted(() => ({ full: true }));
vi.mock('../../src/storage/sessionStore', async (actual) => ({
  ...(await actual<typeof import('../../src/storage/sessionStore')>()),
  savePhotos: vi.fn(async () => {
    if (disk.full) throw new DOMException('no room', 'QuotaExceededError');
    return true;
  }),
  saveSettings: vi.fn(async () => undefined),
  loadSession: vi.fn(async () => null),
}));
const { followSaves } = await import('../../src/storage/saving');

const photo = (id: string): CapturedPhoto => ({ id, blob: new Blob([id]), width: 4, height: 3, filterId: 'none', takenAt: 0 });
const settle = () => new Promise((ok) => setTimeout(ok, 0));

describe('the storage status', () => {
  it('stays "full" while the photos could not be written, whatever other record still fits', async () => {
    const store = createStore();
    const seen: StorageStatus[] = [];
    const stop = followSaves(store, (s) => seen.push(s), []);
    await settle();
    photoRoll.add(store, 0, photo('a'), true);
    await settle();
    expect(seen.at(-1)).toBe('full');
    // The strip page changes a setting: its record is written, the photos are still not.
    store.set(stripSettingsAtom, { ...store.get(stripSettingsAtom), layoutId: 'grid' });
    await settle();
    expect(seen.at(-1)).toBe('full');
    // Room again: the next photo write succeeds, and only then is the session saved.
    disk.full = false;
    photoRoll.add(store, 0, photo('b'), false);
    await settle();
    expect(seen.at(-1)).toBe('saved');
    stop();
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { photoRoll } from '../../src/state/photos';
import { unsavedPhotoIdsAtom, type CapturedPhoto } from '../../src/state/session';

const photo = (id: string): CapturedPhoto => ({ id, blob: new Blob([id]), width: 4, height: 3, filterId: 'none', takenAt: 0 });
const ids = (store: ReturnType<typeof createStore>) => photoRoll.list(store).map((p) => p.id);
const unsaved = (store: ReturnType<typeof createStore>) => [...store.get(unsavedPhotoIdsAtom)].sort();

describe('the photos’ one owner', () => {
  it('adds a shot at its position, unsaved until saving says it is written', () => {
    const store = createStore();
    photoRoll.add(store, 0, photo('a'), true);
    photoRoll.add(store, 1, photo('b'), false);
    expect(ids(store)).toEqual(['a', 'b']);
    expect(unsaved(store)).toEqual(['a', 'b']);
    photoRoll.saved(store, ['a']);
    expect(unsaved(store)).toEqual(['b']);
    // A retake replaces its position; a new set drops every other photo.
    photoRoll.add(store, 0, photo('c'), false);
    expect(ids(store)).toEqual(['c', 'b']);
    photoRoll.add(store, 0, photo('d'), true);
    expect(ids(store)).toEqual(['d']);
    photoRoll.saved(store, 'all');
    expect(unsaved(store)).toEqual([]);
  });
  it('attaches a burst to its shot, restores the saved session only when nothing was taken, removes and clears', () => {
    const store = createStore();
    photoRoll.restore(store, [photo('s1'), photo('s2')]);
    expect(ids(store)).toEqual(['s1', 's2']);
    const motion = { frames: [], fps: 15, width: 2, height: 2, shutterIndex: 0 };
    photoRoll.attachMotion(store, 's2', motion);
    expect(photoRoll.list(store)[1]!.motion).toBe(motion);
    photoRoll.remove(store, 's1');
    expect(ids(store)).toEqual(['s2']);
    photoRoll.restore(store, [photo('late')]); // read back after a photo was taken: this tab's win
    expect(ids(store)).toEqual(['s2']);
    photoRoll.clear(store);
    expect(ids(store)).toEqual([]);
  });
  it('is the only writer of the photo atoms', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : /\.tsx?$/.test(f) ? [join(dir, f)] : []));
    const writers = files('src').filter((file) =>
      /(store\.set|useSetAtom|useAtom)\((capturedPhotosAtom|unsavedPhotoIdsAtom)\b/.test(readFileSync(file, 'utf8')),
    );
    expect(writers).toEqual([join('src', 'state', 'photos.ts')]);
  });
});

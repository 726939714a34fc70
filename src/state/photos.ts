import { capturedPhotosAtom, unsavedPhotoIdsAtom, type CapturedPhoto, type MotionClip } from './session';
import type { Store } from './store';

/**
 * THE PHOTOS' OWNER: every change to the visit's photos is one of these steps, whoever makes it
 * (the booth session, saving, the saved session read back, Clear, the next event guest). The
 * atoms are what the screens show. A shot is added unsaved, and its thumbnail shows only once
 * saving (src/storage/saving.ts) says it is written, or that it never will be.
 */
export const photoRoll = {
  /** The photos now, in strip order. */
  list(store: Store): CapturedPhoto[] {
    return store.get(capturedPhotosAtom);
  },

  /** A shot taken at position `index`; a new set (`replaceAll`) drops every other photo. Not written yet. */
  add(store: Store, index: number, photo: CapturedPhoto, replaceAll: boolean): void {
    store.set(unsavedPhotoIdsAtom, (prev) => new Set(prev).add(photo.id));
    store.set(capturedPhotosAtom, (prev) => {
      const next: CapturedPhoto[] = replaceAll ? [] : prev.slice();
      next[index] = photo;
      return next.filter(Boolean);
    });
  },

  /** A shot's moving burst, which comes in after the shot itself. */
  attachMotion(store: Store, id: string, motion: MotionClip): void {
    store.set(capturedPhotosAtom, (prev) => prev.map((p) => (p.id === id ? { ...p, motion } : p)));
  },

  /** These photos are written (or, 'all', will not be: storage is out of reach): their thumbnails may show. */
  saved(store: Store, ids: Iterable<string> | 'all'): void {
    store.set(unsavedPhotoIdsAtom, (prev) => {
      if (!prev.size) return prev;
      if (ids === 'all') return new Set<string>();
      const next = new Set(prev);
      for (const id of ids) next.delete(id);
      return next;
    });
  },

  /** The saved session, read back at start: shown unless photos were taken meanwhile (those win). */
  restore(store: Store, stored: CapturedPhoto[]): void {
    store.set(capturedPhotosAtom, (current) => (current.length ? current : stored));
  },

  /** What another tab left in storage, merged with this tab's photos not written yet (src/storage/saving.ts). */
  replace(store: Store, next: CapturedPhoto[]): void {
    store.set(capturedPhotosAtom, next);
  },

  /** One photo taken out (an unreadable one the visitor removes). */
  remove(store: Store, id: string): void {
    store.set(capturedPhotosAtom, (prev) => prev.filter((p) => p.id !== id));
  },

  /** No photo left: Clear, or the next guest at an event. */
  clear(store: Store): void {
    store.set(capturedPhotosAtom, []);
  },
};

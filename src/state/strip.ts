import { atom } from 'jotai';
import type { PlacedSticker } from '../strip/stickers';

/** Everything the visitor chose for the strip; persisted with the photos (src/storage). */
export interface StripSettings {
  layoutId: string;
  /** Background colour as #rrggbb (one of the swatches or the custom picker). */
  background: string;
  frameId: string;
  stickerSetId: string;
  /** The stickers on the strip, placed automatically then moved, resized or removed by the visitor. */
  stickers: PlacedSticker[];
  caption: string;
  showDate: boolean;
}

export const DEFAULT_STRIP_SETTINGS: StripSettings = {
  layoutId: 'classic',
  background: '#ffffff',
  frameId: 'none',
  stickerSetId: 'none',
  stickers: [],
  caption: '',
  showDate: false,
};

export const stripSettingsAtom = atom<StripSettings>(DEFAULT_STRIP_SETTINGS);

/**
 * Where the session lives: 'loading' until IndexedDB has been read at start, 'saved' when photos
 * survive a reload, 'memory' when IndexedDB is unavailable (private mode) and 'full' when it is out
 * of space — in both of those the app keeps working from memory and says so.
 */
export type StorageStatus = 'loading' | 'saved' | 'memory' | 'full';
export const storageStatusAtom = atom<StorageStatus>('loading');

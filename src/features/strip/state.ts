import { atom } from 'jotai';
import { DEFAULT_STRIP_SETTINGS, type StripSettings } from './meta';

export const stripSettingsAtom = atom<StripSettings>(DEFAULT_STRIP_SETTINGS);

/**
 * Where the session lives: 'loading' until IndexedDB has been read at start, 'saved' when photos
 * survive a reload, 'memory' when IndexedDB is unavailable (private mode) and 'full' when it is out
 * of space — in both of those the app keeps working from memory and says so.
 */
export type StorageStatus = 'loading' | 'saved' | 'memory' | 'full';
export const storageStatusAtom = atom<StorageStatus>('loading');

import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import * as v from 'valibot';
import { sessionStore } from '../../lib/sessionAtom';
import { BACKDROP_IDS, DEFAULT_BACKGROUND, type BackgroundSettings } from './meta';

const SCHEMA = v.object({
  kind: v.picklist(['none', 'blur', 'backdrop', 'custom']),
  backdrop: v.picklist(BACKDROP_IDS),
  blur: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  green: v.boolean(),
  tolerance: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  spill: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
});

/** The background choice: remembered for the session, like the prop and the beauty look. */
export const backgroundAtom = atomWithStorage<BackgroundSettings>('photobooth.background', DEFAULT_BACKGROUND, sessionStore(SCHEMA), {
  getOnInit: true,
});

/**
 * The visitor's own backdrop picture, decoded (null: none chosen). It stays on the device: kept in
 * IndexedDB beside the session (./customStore.ts) and read back at start.
 */
export const customBackdropAtom = atom<ImageBitmap | null>(null);

/** The background stage's look (its registry entry, ./entry.ts): the settings and the picture. */
export const backgroundLookAtom = atom((get) => ({ background: get(backgroundAtom), customBackdrop: get(customBackdropAtom) }));

/** Whether the segmentation model is usable: loading, ready, or failed (and why, for the notice). */
export type SegmenterStatus = { state: 'idle' } | { state: 'loading' } | { state: 'ready' } | { state: 'failed' };
export const segmenterStatusAtom = atom<SegmenterStatus>({ state: 'idle' });

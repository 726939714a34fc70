import * as v from 'valibot';
export { isNewerFormat } from '../lib/idb';
import type { CapturedPhoto } from '../state/session';
import { DEFAULT_STRIP_SETTINGS, type StripSettings } from '../features/strip/meta';
import { LayoutIdSchema } from '../features/strip/template/store';
import { FRAMES } from '../features/strip/frames';
import { STICKER_KINDS, STICKER_MAX_SIZE, STICKER_MIN_SIZE, STICKER_SETS } from '../features/strip/stickers';

/**
 * One schema per kind of record the session keeps in IndexedDB. Whatever is read back is checked
 * against these before the app sees it: a half-written record or a hand-edited one is skipped (and
 * removed) instead of crashing a screen on every reload; one a newer version wrote is left alone.
 */

const finite = v.pipe(v.number(), v.finite());
const unit = v.pipe(finite, v.minValue(0), v.maxValue(1));
const dimension = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(32_768));

/**
 * The formats of the records this version reads and writes, one number per kind. A record names
 * its format in `v`; a record without one is format 1, as every version before formats were named
 * wrote it (and as this one still writes it). A version that changes a kind of record's shape
 * writes `v: 2` (and up) on it, and bumps the number here. A record of a newer format than these
 * (isNewerFormat) is neither shown nor repaired: it stays as it is for the version that wrote it.
 */
export const PHOTO_FORMAT = 1;
export const SETTINGS_FORMAT = 1;

/** A photo as stored: the in-memory photo plus its place in the sequence. */
export type StoredPhoto = CapturedPhoto & { position: number };

export const PhotoRecordSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  blob: v.pipe(
    v.instance(Blob),
    v.check((b) => b.size > 0, 'empty photo'),
  ),
  width: dimension,
  height: dimension,
  filterId: v.fallback(v.pipe(v.string(), v.maxLength(100)), 'none'),
  takenAt: v.fallback(finite, 0),
  // Records from before positions existed sort by takenAt (position -1 keeps them first, in order).
  position: v.fallback(v.pipe(v.number(), v.integer(), v.minValue(0)), -1),
  focus: v.fallback(v.optional(v.object({ x: unit, y: unit })), undefined),
  // A burst that does not read back is dropped on its own: the photo stays.
  motion: v.fallback(
    v.optional(
      v.pipe(
        v.object({
          frames: v.pipe(v.array(v.instance(Blob)), v.minLength(1), v.maxLength(120)),
          fps: v.pipe(finite, v.minValue(1), v.maxValue(60)),
          width: dimension,
          height: dimension,
          shutterIndex: v.pipe(v.number(), v.integer(), v.minValue(0)),
        }),
        v.check((m) => m.shutterIndex < m.frames.length, 'shutter outside the burst'),
      ),
    ),
    undefined,
  ),
});

const idIn = (ids: readonly string[]) => v.picklist(ids as [string, ...string[]]);

const StickerSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  kind: idIn(STICKER_KINDS),
  x: unit,
  y: unit,
  size: v.pipe(finite, v.minValue(STICKER_MIN_SIZE), v.maxValue(STICKER_MAX_SIZE)),
  rotation: finite,
});

/** Each field falls back to its default on its own, so one bad field does not lose the rest. */
const SETTINGS_FIELDS = {
  layoutId: LayoutIdSchema,
  background: v.pipe(v.string(), v.regex(/^#[0-9a-f]{6}$/i)),
  frameId: idIn(FRAMES.map((f) => f.id)),
  stickerSetId: idIn(STICKER_SETS.map((s) => s.id)),
  stickers: v.pipe(v.array(v.unknown()), v.maxLength(100)),
  caption: v.pipe(v.string(), v.maxLength(200)),
  showDate: v.boolean(),
} satisfies Record<keyof StripSettings, v.GenericSchema>;

export interface Checked<T> {
  value: T;
  /** Something in the record was unreadable and was dropped or reset. */
  repaired: boolean;
}

/** A stored photo record, or null when it cannot be used (no Blob, wrong sizes, not an object). */
export function checkPhotoRecord(raw: unknown): StoredPhoto | null {
  const result = v.safeParse(PhotoRecordSchema, raw);
  if (!result.success) return null;
  const { focus, motion, ...rest } = result.output;
  return { ...rest, ...(focus && { focus }), ...(motion && { motion }) };
}

/** Stored strip settings, each bad field reset to its default; undefined stays undefined (none saved). */
export function checkStripSettings(raw: unknown): Checked<StripSettings | undefined> {
  if (raw === undefined) return { value: undefined, repaired: false };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { value: { ...DEFAULT_STRIP_SETTINGS }, repaired: true };
  const record = raw as Record<string, unknown>;
  const value = { ...DEFAULT_STRIP_SETTINGS } as Record<keyof StripSettings, unknown>;
  let repaired = false;
  for (const key of Object.keys(SETTINGS_FIELDS) as (keyof StripSettings)[]) {
    if (!(key in record)) continue; // an older record without a newer field: the default, not damage
    const result = v.safeParse(SETTINGS_FIELDS[key], record[key]);
    if (!result.success) {
      repaired = true;
      continue;
    }
    value[key] = result.output;
    if (key === 'stickers') {
      // One unreadable sticker is dropped; the others stay where the visitor put them.
      const stickers = (result.output as unknown[]).flatMap((s) => {
        const one = v.safeParse(StickerSchema, s);
        return one.success ? [one.output] : [];
      });
      if (stickers.length !== (result.output as unknown[]).length) repaired = true;
      value.stickers = stickers;
    }
  }
  return { value: value as unknown as StripSettings, repaired };
}

/** Sequence order: explicit positions first, then (for old records) the time each was taken. */
export function byPosition(a: StoredPhoto, b: StoredPhoto): number {
  return a.position - b.position || a.takenAt - b.takenAt;
}

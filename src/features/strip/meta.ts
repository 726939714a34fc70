/**
 * The strip's data. The registries themselves are one file each: layouts (`layouts.ts`: cells,
 * sizes, resolutions), frames (`frames.ts`) and sticker sets (`stickers.ts`); this file holds what
 * a new strip starts with.
 */
import type { PlacedSticker } from './stickers';

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


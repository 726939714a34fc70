import type { GalleryStrip } from './gallery';
import { SLIDESHOW_MAX } from './meta';

/**
 * What the slideshows (the attract screen's and the second screen's) cycle through: the latest
 * items on show (never one whose guest chose "Don't show mine"), the newest first, so a newly kept
 * one comes on at once; after it each video message plays between two strips, as long as there are
 * strips to put between them (messages beyond those come last, one after another).
 */
export function slideshowItems(items: readonly GalleryStrip[] | null): GalleryStrip[] {
  const latest = (items ?? []).filter((s) => !s.hidden).slice(-SLIDESHOW_MAX).reverse();
  const [first, ...rest] = latest;
  if (!first) return [];
  const strips = rest.filter((s) => s.kind !== 'message');
  const messages = rest.filter((s) => s.kind === 'message');
  const order = [first];
  for (let last = first; strips.length || messages.length; order.push(last)) {
    last = (last.kind === 'message' ? (strips.shift() ?? messages.shift()) : (messages.shift() ?? strips.shift()))!;
  }
  return order;
}

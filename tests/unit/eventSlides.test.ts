import { describe, expect, it } from 'vitest';
import type { GalleryStrip } from '../../src/features/event/gallery';
import { SLIDESHOW_MAX } from '../../src/features/event/meta';
import { slideshowItems } from '../../src/features/event/slides';

/** Items as kept over the evening, oldest first: 's' a strip, 'm' a message, 'h' a hidden strip. */
const evening = (kinds: string): GalleryStrip[] =>
  [...kinds].map((k, i) => ({
    id: `${k}${i}`,
    createdAt: i,
    kind: k === 'm' ? 'message' : 'strip',
    blob: new Blob(),
    width: 1,
    height: 1,
    seconds: k === 'm' ? 10 : 0,
    hidden: k === 'h',
  }));
const ids = (items: GalleryStrip[]) => items.map((s) => s.id).join(' ');

describe('slideshowItems', () => {
  it('shows the newest first and plays each message between two strips', () => {
    // Kept: s0 s1 m2 m3 s4 m5 (newest last).
    expect(ids(slideshowItems(evening('ssmmsm')))).toBe('m5 s4 m3 s1 m2 s0');
    // A strip kept last: it comes first, then a message, a strip, a message…
    expect(ids(slideshowItems(evening('mmsss')))).toBe('s4 m1 s3 m0 s2');
  });

  it('puts the messages beyond the strips last, and keeps strips alone as they were', () => {
    expect(ids(slideshowItems(evening('mmms')))).toBe('s3 m2 m1 m0');
    expect(ids(slideshowItems(evening('sss')))).toBe('s2 s1 s0');
    expect(slideshowItems(null)).toEqual([]);
  });

  it('never shows a hidden item, and only the latest SLIDESHOW_MAX', () => {
    expect(ids(slideshowItems(evening('shsm')))).toBe('m3 s2 s0');
    const many = slideshowItems(evening('s'.repeat(SLIDESHOW_MAX + 5)));
    expect(many).toHaveLength(SLIDESHOW_MAX);
    expect(many[0]!.id).toBe(`s${SLIDESHOW_MAX + 4}`);
  });
});

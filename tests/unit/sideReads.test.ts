import { describe, expect, it } from 'vitest';
import { SideReads } from '../../src/features/booth/renderer/sideReads';
import type { Pipeline } from '../../src/gl/pipeline';
import type { SmallRead } from '../../src/gl/smallRead';

/** A pipeline that records each small read asked for (done at the next poll). */
function fakePipeline() {
  const reads: { chain: number; bands?: number }[] = [];
  const p = {
    startSmallRead: (width: number, height: number, opts: SmallRead = {}) => {
      reads.push({ chain: opts.chain?.length ?? 0, bands: opts.bands });
      return { width, height, poll: () => new Uint8ClampedArray(width * height * 4) };
    },
  } as unknown as Pipeline<unknown>;
  return { p, reads };
}

describe('the side reads (light and picker thumbnails)', () => {
  it("a style's thumbnail is drawn in strips; while a recording reads the frames, only single-pass ones are", () => {
    const seen: string[] = [];
    const side = new SideReads({ onThumbnail: (id) => seen.push(id) });
    side.thumbnailFilters = ['style:pencil', 'grayscale'];
    const { p, reads } = fakePipeline();
    let now = 1000;
    const frames = (n: number) => {
      for (let i = 0; i < n; i++) side.step(p, (now += 1000), false);
    };
    frames(2); // a style's read, then its result
    expect(reads[0]!.chain).toBeGreaterThan(1);
    expect(reads[0]!.bands).toBeGreaterThan(1);
    expect(seen).toEqual(['style:pencil']);

    const release = side.holdMultiPass();
    const second = side.holdMultiPass();
    reads.length = 0;
    frames(6);
    expect(reads.length).toBe(3);
    expect(reads.every((r) => r.chain === 0)).toBe(true); // the filters' thumbnails go on
    release();
    release(); // once only: the other hold still stands
    reads.length = 0;
    frames(4);
    expect(reads.every((r) => r.chain === 0)).toBe(true);
    second();
    reads.length = 0;
    frames(2);
    expect(reads[0]!.chain).toBeGreaterThan(1);
  });
});

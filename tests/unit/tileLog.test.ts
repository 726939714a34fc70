import { describe, expect, it } from 'vitest';
import { tilesFor } from '../../src/features/vision/faceCrops';
import { TileLog } from '../../src/features/vision/tileLog';

describe('TileLog: which tiles a still searches', () => {
  it('leaves out the tiles searched within the window, and only those', () => {
    const tiles = tilesFor(1280, 720);
    const log = new TileLog();
    expect(log.stale(tiles, 1280, 720, 1000, 5500)).toEqual(tiles);
    log.mark(tiles[0]!, 1280, 720, 1000);
    log.mark(tiles[3]!, 1280, 720, 4000);
    const stale = log.stale(tiles, 1280, 720, 6000, 5500);
    expect(stale).toEqual(tiles.filter((_, i) => i !== 0 && i !== 3));
    // Past the window, the first tile is due again; the later one is not.
    expect(log.stale(tiles, 1280, 720, 6600, 5500)).toEqual(tiles.filter((_, i) => i !== 3));
  });

  it('meets a tile of a live frame on a still of another size with the same shape', () => {
    const log = new TileLog();
    for (const tile of tilesFor(640, 360)) log.mark(tile, 640, 360, 0);
    expect(log.stale(tilesFor(1920, 1080), 1920, 1080, 100, 5500)).toEqual([]);
    // A frame of another shape has other tiles: all of them are searched.
    const other = tilesFor(1280, 960);
    expect(log.stale(other, 1280, 960, 100, 5500)).toHaveLength(other.length);
  });
});

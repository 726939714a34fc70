import type { Crop } from './faceCrops';

/**
 * When each search tile was last searched, live or on a still: a capture's still searches only
 * the tiles the live frames have not searched within a round of them (`stale`). A tile searched a
 * moment ago found no new face there, and a face that has come since is not in the preview either,
 * so searching it again on the still (11 tiles in a 16:9 frame, ~40 ms each here) only delayed the
 * photo. Tiles are keyed in units of the frame, so a still of another size meets the live frames'.
 */
export class TileLog {
  /** Each tile searched, in units of its frame, that frame's shape (width / height), and when. */
  private readonly entries: { tile: Crop; shape: number; at: number }[] = [];

  /** A tile in units of its frame: tiles of frames of one shape meet within a pixel's rounding. */
  private static unit(tile: Crop, width: number, height: number): Crop {
    return { x: tile.x / width, y: tile.y / height, w: tile.w / width, h: tile.h / height };
  }

  private find(tile: Crop, shape: number) {
    const near = (a: number, b: number) => Math.abs(a - b) < 0.005;
    return this.entries.find((e) => near(e.shape, shape) && near(e.tile.x, tile.x) && near(e.tile.y, tile.y) && near(e.tile.w, tile.w) && near(e.tile.h, tile.h));
  }

  mark(tile: Crop, width: number, height: number, now: number): void {
    const unit = TileLog.unit(tile, width, height);
    const entry = this.find(unit, width / height);
    if (entry) entry.at = now;
    else this.entries.push({ tile: unit, shape: width / height, at: now });
  }

  /** The tiles not searched within the last `withinMs`, in their order. */
  stale(tiles: Crop[], width: number, height: number, now: number, withinMs: number): Crop[] {
    return tiles.filter((tile) => {
      const entry = this.find(TileLog.unit(tile, width, height), width / height);
      return !entry || now - entry.at >= withinMs;
    });
  }
}

/** `width`×`height` scaled so its longer side is at most `maxSide` (never up, at least 1×1). */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Scales a picture down while it is read, a row (or a scattered part of a row) at a time: every
 * source pixel is added to the one output pixel whose box it falls in, and each output pixel is
 * the mean of its box. The whole source is never held: in row order only the output row being
 * filled is summed (a few kilobytes); in any order (Adam7 passes) the whole output is.
 */
export class BoxScaler {
  /** Output RGBA, top row first: opaque, or with `alpha` the mean of the box's alphas. */
  readonly out: Uint8ClampedArray;
  /** Bytes a source pixel is given in: 3 (RGB), or 4 (RGBA, with `alpha`). */
  readonly channels: 3 | 4;
  private readonly colOf: Int32Array;
  /** The first source column of each output column, and srcWidth at the end. */
  private readonly colStart: Int32Array;
  private readonly colCount: Uint32Array;
  private readonly rowCount: Uint32Array;
  private readonly sums: Uint32Array;
  /** The output row being summed (row order only); -1 before the first. */
  private row = -1;

  /**
   * `inOrder`: rows come top to bottom, each whole (one output row summed at a time); otherwise
   * they may come in any order and in parts, and the whole output is summed until `finish`.
   */
  constructor(
    readonly srcWidth: number,
    readonly srcHeight: number,
    readonly width: number,
    readonly height: number,
    private readonly inOrder: boolean,
    /**
     * Rows come as RGBA and their transparency is kept: each output colour is the mean of its
     * box's colours weighted by their alpha (a clear pixel's colour counts for nothing).
     */
    private readonly alpha = false,
  ) {
    this.channels = alpha ? 4 : 3;
    if (!(width >= 1 && height >= 1 && width <= srcWidth && height <= srcHeight)) throw new RangeError(`Cannot box-scale ${srcWidth}×${srcHeight} to ${width}×${height}`);
    this.out = new Uint8ClampedArray(width * height * 4);
    this.colOf = new Int32Array(srcWidth);
    this.colCount = new Uint32Array(width);
    this.colStart = new Int32Array(width + 1).fill(srcWidth);
    for (let x = srcWidth - 1; x >= 0; x--) {
      const ox = Math.floor((x * width) / srcWidth);
      this.colOf[x] = ox;
      this.colCount[ox]!++;
      this.colStart[ox] = x;
    }
    this.rowCount = new Uint32Array(height);
    for (let y = 0; y < srcHeight; y++) this.rowCount[this.rowOf(y)]!++;
    this.sums = new Uint32Array(width * this.channels * (inOrder ? 1 : height));
  }

  private rowOf(y: number): number {
    return Math.floor((y * this.height) / this.srcHeight);
  }

  /** Adds `count` pixels (`channels` bytes each) of source row `y`, at columns x0, x0 + dx, … */
  addRow(y: number, rgb: Uint8Array, count: number, x0 = 0, dx = 1): void {
    const oy = this.rowOf(y);
    if (this.inOrder && oy !== this.row) {
      if (this.row >= 0) this.flush(this.row);
      this.row = oy;
    }
    if (this.alpha) return this.addRgba(oy, rgb, count, x0, dx);
    const sums = this.sums;
    const base = this.inOrder ? 0 : oy * this.width * 3;
    if (dx === 1 && x0 === 0 && count === this.srcWidth) {
      // A whole row: each output column's run of source pixels summed in locals, then added once.
      const starts = this.colStart;
      for (let ox = 0, x = 0; ox < this.width; ox++) {
        const end = starts[ox + 1]!;
        let r = 0;
        let g = 0;
        let b = 0;
        for (let s = x * 3; x < end; x++, s += 3) {
          r += rgb[s]!;
          g += rgb[s + 1]!;
          b += rgb[s + 2]!;
        }
        const at = base + ox * 3;
        sums[at]! += r;
        sums[at + 1]! += g;
        sums[at + 2]! += b;
      }
      return;
    }
    const colOf = this.colOf;
    for (let i = 0, x = x0, s = 0; i < count; i++, x += dx, s += 3) {
      const at = base + colOf[x]! * 3;
      sums[at]! += rgb[s]!;
      sums[at + 1]! += rgb[s + 1]!;
      sums[at + 2]! += rgb[s + 2]!;
    }
  }

  /** addRow for RGBA: each colour added times its alpha (at most 255 × 255), and the alpha. */
  private addRgba(oy: number, rgba: Uint8Array, count: number, x0: number, dx: number): void {
    const { sums, colOf } = this;
    const base = this.inOrder ? 0 : oy * this.width * 4;
    if (dx === 1 && x0 === 0 && count === this.srcWidth) {
      // A whole row: each output column's run summed in locals, then added once.
      const starts = this.colStart;
      for (let ox = 0, x = 0; ox < this.width; ox++) {
        const end = starts[ox + 1]!;
        let r = 0;
        let g = 0;
        let b = 0;
        let w = 0;
        for (let s = x * 4; x < end; x++, s += 4) {
          const a = rgba[s + 3]!;
          r += rgba[s]! * a;
          g += rgba[s + 1]! * a;
          b += rgba[s + 2]! * a;
          w += a;
        }
        const at = base + ox * 4;
        sums[at]! += r;
        sums[at + 1]! += g;
        sums[at + 2]! += b;
        sums[at + 3]! += w;
      }
      return;
    }
    for (let i = 0, x = x0, s = 0; i < count; i++, x += dx, s += 4) {
      const a = rgba[s + 3]!;
      if (a === 0) continue;
      const at = base + colOf[x]! * 4;
      sums[at]! += rgba[s]! * a;
      sums[at + 1]! += rgba[s + 1]! * a;
      sums[at + 2]! += rgba[s + 2]! * a;
      sums[at + 3]! += a;
    }
  }

  /** Writes output row `oy`'s means (row order: and clears its sums for the next). */
  private flush(oy: number): void {
    if (this.alpha) return this.flushRgba(oy);
    const { sums, out, width } = this;
    const base = this.inOrder ? 0 : oy * width * 3;
    const rows = this.rowCount[oy]!;
    for (let ox = 0; ox < width; ox++) {
      const n = this.colCount[ox]! * rows;
      const half = n >>> 1;
      const s = base + ox * 3;
      const o = (oy * width + ox) * 4;
      out[o] = ((sums[s]! + half) / n) | 0;
      out[o + 1] = ((sums[s + 1]! + half) / n) | 0;
      out[o + 2] = ((sums[s + 2]! + half) / n) | 0;
      out[o + 3] = 255;
    }
    if (this.inOrder) sums.fill(0);
  }

  private flushRgba(oy: number): void {
    const { sums, out, width } = this;
    const base = this.inOrder ? 0 : oy * width * 4;
    const rows = this.rowCount[oy]!;
    for (let ox = 0; ox < width; ox++) {
      const s = base + ox * 4;
      const o = (oy * width + ox) * 4;
      const weight = sums[s + 3]!;
      if (weight === 0) continue; // clear: 0, 0, 0, 0 as allocated
      const half = weight >>> 1;
      out[o] = ((sums[s]! + half) / weight) | 0;
      out[o + 1] = ((sums[s + 1]! + half) / weight) | 0;
      out[o + 2] = ((sums[s + 2]! + half) / weight) | 0;
      out[o + 3] = Math.round(weight / (this.colCount[ox]! * rows));
    }
    if (this.inOrder) sums.fill(0);
  }

  /** The scaled picture, once every source pixel was added. */
  finish(): Uint8ClampedArray {
    if (this.inOrder) {
      if (this.row >= 0) this.flush(this.row);
      this.row = -1;
    } else {
      for (let oy = 0; oy < this.height; oy++) this.flush(oy);
    }
    return this.out;
  }
}

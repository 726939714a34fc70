import { BoxScaler, fitWithin } from './boxScale';
import { readPictureHeader, type PngLayout } from './header';
import { filterStep, PngFormatError, rowBytes, rowToRgb, rowToRgba, unfilter, type RowToRgb } from './pngRows';

/**
 * A PNG read as a stream and scaled down as it goes, never whole: its IDAT chunks are inflated
 * (DecompressionStream) a few kilobytes at a time, each row's filter is undone against the row
 * before (the only one kept), and its pixels are added straight into the output size
 * (BoxScaler). A 16000×16000 PNG (1 GB of pixels) is read in a few megabytes. Adam7-interlaced
 * PNGs too: their seven passes are summed into the whole output (width × height × 12 bytes).
 */

export interface ScaledPixels {
  /** The picture's own size (from its IHDR). */
  srcWidth: number;
  srcHeight: number;
  /** The output: RGBA, top row first; opaque (transparency laid over white), or with `alpha` its own. */
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface PngStreamLimits {
  /** The output's longest side (the picture is only ever scaled down). */
  maxSide: number;
  /** Pictures with more pixels, or a longer side, are refused (a PngTooLargeError). */
  maxPixels: number;
  maxPictureSide: number;
  /** The picture's transparency is kept (RGBA out, colours weighted by alpha), not laid over white. */
  alpha?: boolean;
}

/** A PNG whose header asks for more than the limits. */
export class PngTooLargeError extends Error {
  override name = 'PngTooLargeError';
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`A ${width}×${height} PNG is over the limits`);
  }
}

/** Thrown to stop reading once every row is in. */
const ROWS_DONE = new Error('Every row is in');
/** Compressed bytes given to the inflater at a time: bounds what one write can inflate to (about 1000×). */
const PIECE = 4096;
/** Chunks read whole (IHDR, PLTE, tRNS) are never larger than this; others are skipped unread. */
const SMALL_CHUNK = 4096;
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Reads a byte stream in exact amounts, across the stream's own chunk boundaries. */
class ByteReader {
  private chunk: Uint8Array<ArrayBuffer> = new Uint8Array(0);
  private at = 0;
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array<ArrayBuffer>>) {}

  /** Hands the next `n` bytes to `each` in pieces of at most `max` bytes, as they arrive. */
  async pieces(n: number, max: number, each: (piece: Uint8Array<ArrayBuffer>) => unknown): Promise<void> {
    while (n > 0) {
      if (this.at >= this.chunk.length) {
        const { done, value } = await this.reader.read();
        if (done) throw new PngFormatError('The file ends early');
        this.chunk = value;
        this.at = 0;
        continue;
      }
      const take = Math.min(n, max, this.chunk.length - this.at);
      await each(this.chunk.subarray(this.at, this.at + take));
      this.at += take;
      n -= take;
    }
  }

  async bytes(n: number): Promise<Uint8Array> {
    const out = new Uint8Array(n);
    let got = 0;
    await this.pieces(n, n, (p) => {
      out.set(p, got);
      got += p.length;
    });
    return out;
  }

  skip(n: number): Promise<void> {
    return this.pieces(n, Number.POSITIVE_INFINITY, () => undefined);
  }
}

/** Takes the inflated image data, however it is cut, and turns it into rows added to the scaler. */
class RowFeeder {
  private readonly passes: { x0: number; y0: number; dx: number; dy: number; w: number; h: number }[];
  private pass = 0;
  private row = 0;
  private line: Uint8Array;
  private prev: Uint8Array;
  private filled = 0;
  private readonly rgb: Uint8Array;
  private readonly bpp: number;
  done = false;

  constructor(
    private readonly layout: PngLayout,
    width: number,
    height: number,
    private readonly toRgb: RowToRgb,
    private readonly scaler: BoxScaler,
  ) {
    const all = layout.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
    this.passes = all
      .map(([x0, y0, dx, dy]) => ({ x0, y0, dx, dy, w: Math.ceil((width - x0) / dx), h: Math.ceil((height - y0) / dy) }))
      .filter((p) => p.w > 0 && p.h > 0);
    this.bpp = filterStep(layout);
    this.rgb = new Uint8Array(width * scaler.channels);
    this.line = new Uint8Array(0);
    this.prev = new Uint8Array(0);
    this.startPass();
  }

  private startPass(): void {
    const p = this.passes[this.pass];
    if (!p) {
      this.done = true;
      return;
    }
    const stride = rowBytes(this.layout, p.w);
    this.line = new Uint8Array(1 + stride);
    this.prev = new Uint8Array(1 + stride); // the row above a pass's first row is zeros
    this.row = 0;
    this.filled = 0;
  }

  /** Takes more inflated bytes; true once every row is in (what follows is ignored). */
  push(bytes: Uint8Array): boolean {
    let at = 0;
    while (!this.done && at < bytes.length) {
      const take = Math.min(bytes.length - at, this.line.length - this.filled);
      this.line.set(bytes.subarray(at, at + take), this.filled);
      this.filled += take;
      at += take;
      if (this.filled === this.line.length) this.endRow();
    }
    return this.done;
  }

  private endRow(): void {
    const p = this.passes[this.pass]!;
    const data = this.line.subarray(1);
    unfilter(this.line[0]!, data, this.prev.subarray(1), this.bpp);
    this.toRgb(data, p.w, this.rgb);
    this.scaler.addRow(p.y0 + this.row * p.dy, this.rgb, p.w, p.x0, p.dx);
    [this.line, this.prev] = [this.prev, this.line];
    this.filled = 0;
    if (++this.row === p.h) {
      this.pass++;
      this.startPass();
    }
  }
}

const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const typeOf = (b: Uint8Array) => String.fromCharCode(b[4]!, b[5]!, b[6]!, b[7]!);

/**
 * Reads the PNG in `stream` and returns it scaled to fit `limits.maxSide` (never up), its
 * transparency laid over white (or kept, with `limits.alpha`). Rejects with a PngTooLargeError when its header asks for more
 * than the limits, a PngFormatError when it is broken or has fewer rows than its header says,
 * and `signal`'s reason when it fires.
 */
export async function decodePngScaled(stream: ReadableStream<Uint8Array<ArrayBuffer>>, limits: PngStreamLimits, signal?: AbortSignal): Promise<ScaledPixels> {
  const reader = stream.getReader();
  const input = new ByteReader(reader);
  try {
    const start = await input.bytes(33); // the signature, IHDR and its CRC
    const header = readPictureHeader(start);
    if (!header || !('format' in header) || header.format !== 'png' || !header.png) throw new PngFormatError('Not a PNG');
    const { width, height, png: layout } = header;
    if (width > limits.maxPictureSide || height > limits.maxPictureSide || width * height > limits.maxPixels) throw new PngTooLargeError(width, height);
    const size = fitWithin(width, height, limits.maxSide);
    let plte: Uint8Array | null = null;
    let trns: Uint8Array | null = null;
    for (;;) {
      signal?.throwIfAborted();
      const head = await input.bytes(8);
      const length = u32(head, 0);
      const type = typeOf(head);
      if (type === 'IDAT') {
        const scaler = new BoxScaler(width, height, size.width, size.height, !layout.interlaced, limits.alpha);
        const feeder = new RowFeeder(layout, width, height, (limits.alpha ? rowToRgba : rowToRgb)(layout, plte, trns), scaler);
        await inflateRows(input, length, feeder, signal);
        return { srcWidth: width, srcHeight: height, width: size.width, height: size.height, data: scaler.finish() };
      }
      if (type === 'IEND') throw new PngFormatError('A PNG without image data');
      if (type === 'PLTE' || type === 'tRNS') {
        if (length > SMALL_CHUNK) throw new PngFormatError(`A ${type} chunk of ${length} bytes`);
        const data = await input.bytes(length);
        if (type === 'PLTE') plte = data;
        else trns = data;
      } else {
        await input.skip(length);
      }
      await input.skip(4); // CRC
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

/**
 * Inflates the run of IDAT chunks (the first one's data, `first` bytes, is next in `input`) into
 * `feeder` until every row is in. The compressed bytes go in small pieces, so at most a few
 * megabytes are inflated ahead of the rows; what comes after the last row is never inflated.
 */
async function inflateRows(input: ByteReader, first: number, feeder: RowFeeder, signal?: AbortSignal): Promise<void> {
  const inflater = new DecompressionStream('deflate');
  const writer = inflater.writable.getWriter();
  const out = inflater.readable.getReader();
  const produce = async () => {
    let length = first;
    for (;;) {
      await input.pieces(length, PIECE, async (piece) => {
        signal?.throwIfAborted();
        if (feeder.done) throw ROWS_DONE; // the rest of the file is not read
        await writer.write(piece);
      });
      if (feeder.done) return;
      // The CRC, then the next chunk: another IDAT, or the end of the image data (a file that
      // ends here instead, without IEND, is whole if its rows are).
      const head = await input
        .skip(4)
        .then(() => input.bytes(8))
        .catch(() => null);
      if (!head || typeOf(head) !== 'IDAT') break;
      length = u32(head, 0);
    }
    await writer.close();
  };
  const consume = async () => {
    for (;;) {
      const { done, value } = await out.read();
      if (done) return;
      if (feeder.push(value)) return;
    }
  };
  const producing = produce().catch(async (error: unknown) => {
    // A failed read (a short file, a broken chunk) also stops the inflater, so the rows end too.
    if (!feeder.done) await writer.abort(error).catch(() => undefined);
    throw error;
  });
  let failure: unknown = null;
  try {
    await consume();
  } catch (error) {
    failure = error;
  } finally {
    // Nothing more is inflated: pending writes end (rejected), and so does the producer.
    await out.cancel().catch(() => undefined);
  }
  const failed = await producing.then(
    () => null,
    (error: unknown) => error,
  );
  // Once every row is in, a broken tail (a short file, junk after the data) does not matter.
  if (feeder.done) return;
  throw failure ?? failed ?? new PngFormatError('The picture’s data ends before its last row');
}

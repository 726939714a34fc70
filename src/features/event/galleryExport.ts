import { Zip, ZipPassThrough } from 'fflate';
import { saveBlob } from '../strip/export';
import { stripFileName, type StripKey } from './gallery';

/**
 * THE GALLERY EXPORT, in bounded memory: the strips are read one at a time (the list first, keys
 * and times only) and each JPG goes into the ZIP as it is read (fflate's streaming Zip, stored
 * as it is: a JPG does not compress). Where the browser lets the host pick a file
 * (showSaveFilePicker) the ZIP's chunks are written to it as they come, each write awaited, so one
 * strip at a time is in memory whatever the count; elsewhere the ZIP is cut into parts of at most
 * PART_LIMIT bytes, each saved before the next is begun. A strip that cannot be read is left out
 * and named in the result; the rest still export.
 *
 * Plain TypeScript with the reading (ExportSource) and the writing (ExportSink) passed in, so the
 * zipping and the cutting into parts are unit-tested (tests/unit/galleryExport.test.ts); the
 * gallery's own source, the picked file and the host's "Export all" are in ./gallerySave.ts.
 */

/** Most bytes one part of the download path holds (the browser keeps a part whole until it is saved). */
export const PART_LIMIT = 200_000_000;
/** fflate writes no ZIP64: a single file stays under 4 GiB (thousands of strips). */
export const ZIP32_LIMIT = 0xffff_ffff - 0x10_0000;

/** One record as listed: its key, when it was taken, its file's size and extension, whether it is known damaged. */
export type ExportEntry = Pick<StripKey, 'id' | 'createdAt' | 'size' | 'damaged'> & Partial<Pick<StripKey, 'ext'>>;

/** Where the strips come from. */
export interface ExportSource {
  /** Every record, whole or damaged, in the evening's order (no picture read). */
  list(): Promise<ExportEntry[]>;
  /**
   * One strip's JPG: null when it is gone since it was listed; throws when it cannot be read. The
   * bytes may be the source's own buffer, valid until the next read.
   */
  read(entry: ExportEntry): Promise<Uint8Array | null>;
}

/**
 * One file being written. `write` resolves once the chunk is taken (back-pressure); the chunk may
 * be reused after that (the source's buffer), so a writer that keeps it keeps a copy.
 */
export interface PartWriter {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

/** Where the ZIP goes: one file, or parts of at most `partLimit` bytes. */
export interface ExportSink {
  partLimit: number;
  /** Opens part `part` (1-based) of `parts`, and says the file's name. */
  open(part: number, parts: number): Promise<{ name: string; writer: PartWriter }>;
}

/** A strip left out of the export: its place in the evening (0-based), its time, its key. */
export interface SkippedStrip {
  index: number;
  createdAt: number;
  id: string;
}

export interface ExportResult {
  /** Strips in the ZIP file(s). */
  count: number;
  /** Strips that could not be read, in the evening's order. */
  skipped: SkippedStrip[];
  /** The files written, in order. */
  files: string[];
}

/** "…-event.zip" alone, or "…-event-part1.zip", "…-event-part2.zip"… */
export const partName = (base: string, part: number, parts: number) => (parts === 1 ? `${base}.zip` : `${base}-part${part}.zip`);

const utf8Length = (s: string) => new TextEncoder().encode(s).length;
/** A stored entry's bytes in the ZIP: local header, data, data descriptor, central directory record. */
export const zipEntryBytes = (name: string, size: number) => 30 + 16 + 46 + 2 * utf8Length(name) + size;
/** The ZIP's end record. */
export const ZIP_END_BYTES = 22;

/**
 * Cuts the entries, in order, into parts whose ZIPs stay within `limit` bytes (as the sizes
 * listed say); an entry larger than the limit on its own is a part by itself.
 */
export function planParts<T extends { name: string; size: number }>(items: T[], limit: number): T[][] {
  const parts: T[][] = [];
  let current: T[] = [];
  let bytes = ZIP_END_BYTES;
  for (const item of items) {
    const add = zipEntryBytes(item.name, item.size);
    if (current.length && bytes + add > limit) {
      parts.push(current);
      current = [];
      bytes = ZIP_END_BYTES;
    }
    current.push(item);
    bytes += add;
  }
  if (current.length || !parts.length) parts.push(current);
  return parts;
}

/**
 * A file that starts as its kind does: a JPG with its SOI marker, an MP4 with its 'ftyp' box, a
 * WebM with its EBML header; anything else is damaged.
 */
function looksRight(b: Uint8Array, ext = 'jpg'): boolean {
  if (ext === 'mp4') return b.length > 8 && String.fromCharCode(b[4]!, b[5]!, b[6]!, b[7]!) === 'ftyp';
  if (ext === 'webm') return b.length > 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3;
  return b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}

/** The DOS time in a ZIP holds 1980 to 2107; outside it the entry has none. */
const dosTimeOk = (t: number) => t >= Date.UTC(1980, 0, 2) && t < Date.UTC(2107, 0, 1);

/** fflate's Zip over a writer: each chunk it makes is written, and awaited, before the next entry. */
function zipInto(writer: PartWriter) {
  const queue: Uint8Array[] = [];
  let failed: Error | null = null;
  let ended = false;
  const zip = new Zip((err, chunk, final) => {
    if (err) failed = err;
    else queue.push(chunk);
    if (final) ended = true;
  });
  const flush = async () => {
    for (let chunk = queue.shift(); chunk; chunk = queue.shift()) await writer.write(chunk);
    if (failed) throw failed;
  };
  return {
    async add(name: string, bytes: Uint8Array, createdAt: number) {
      const file = new ZipPassThrough(name);
      if (dosTimeOk(createdAt)) file.mtime = createdAt;
      zip.add(file);
      file.push(bytes, true);
      await flush();
    },
    async end() {
      zip.end();
      await flush();
      if (!ended) throw new Error('the ZIP did not end');
    },
  };
}

/**
 * Exports the gallery: lists it, then reads, zips and writes one strip at a time. `onProgress`
 * hears (strips done, strips to do) after each. Rejects when a file cannot be written (the
 * part being written is aborted); a strip that cannot be read never fails the export.
 */
export async function exportGallery(
  source: ExportSource,
  sink: ExportSink,
  { onProgress }: { onProgress?: (done: number, total: number) => void } = {},
): Promise<ExportResult> {
  const listed = (await source.list()).map((entry, index) => ({ entry, index, name: stripFileName(index, entry.createdAt, entry.ext), size: entry.size }));
  const skipped: SkippedStrip[] = [];
  const skip = ({ entry, index }: (typeof listed)[number]) => skipped.push({ index, createdAt: entry.createdAt, id: entry.id });
  listed.filter((l) => l.entry.damaged).forEach(skip);
  const todo = listed.filter((l) => !l.entry.damaged);
  const parts = planParts(todo, sink.partLimit);
  const files: string[] = [];
  let count = 0;
  let done = 0;
  onProgress?.(0, todo.length);
  for (let p = 0; p < parts.length; p++) {
    const { name, writer } = await sink.open(p + 1, parts.length);
    files.push(name);
    try {
      const zip = zipInto(writer);
      for (const item of parts[p]!) {
        let bytes: Uint8Array | null = null;
        let damaged = false;
        try {
          bytes = await source.read(item.entry);
          damaged = bytes !== null && !looksRight(bytes, item.entry.ext);
        } catch (error) {
          console.warn(`Strip ${item.index + 1} could not be read:`, error);
          damaged = true;
        }
        if (damaged) skip(item);
        else if (bytes) {
          await zip.add(item.name, bytes, item.entry.createdAt);
          count++;
        }
        // (null: deleted since the list was read, by the host in this or another tab.)
        bytes = null;
        onProgress?.(++done, todo.length);
      }
      await zip.end();
      await writer.close();
    } catch (error) {
      await writer.abort().catch(() => undefined);
      throw error;
    }
  }
  skipped.sort((a, b) => a.index - b.index);
  return { count, skipped, files };
}

/**
 * Parts held as Blobs (their bytes in the browser's blob store, not the page's heap), each saved
 * when complete. Each chunk is copied into a Blob as it is written (a chunk is only valid until its
 * write resolves); the small ones (headers) are gathered first.
 */
export function downloadSink(base: string, save: (blob: Blob, name: string) => Promise<void> = saveBlob, partLimit = PART_LIMIT): ExportSink {
  return {
    partLimit,
    async open(part, parts) {
      const name = partName(base, part, parts);
      const blobs: Blob[] = [];
      let small: Uint8Array[] = [];
      const settle = () => {
        if (small.length) blobs.push(new Blob(small as BlobPart[]));
        small = [];
      };
      return {
        name,
        writer: {
          async write(chunk) {
            if (chunk.length < 4096) small.push(chunk.slice());
            else {
              settle();
              blobs.push(new Blob([chunk as Uint8Array<ArrayBuffer>]));
            }
          },
          async close() {
            settle();
            const zip = new Blob(blobs, { type: 'application/zip' });
            blobs.length = 0;
            await save(zip, name);
          },
          async abort() {
            small = [];
            blobs.length = 0;
          },
        },
      };
    },
  };
}

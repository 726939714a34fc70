import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { stripFileName } from '../../src/features/event/gallery';
import {
  downloadSink,
  exportGallery,
  planParts,
  ZIP_END_BYTES,
  zipEntryBytes,
  type ExportEntry,
  type ExportSink,
  type ExportSource,
  type PartWriter,
} from '../../src/features/event/galleryExport';

// The gallery export's zipping and cutting into parts, with the reading (an in-memory source)
// and the writing (a sink that keeps what it is given) passed in. No IndexedDB here: the browser
// test (tests/e2e/event-gallery.spec.ts) exports a real gallery.

const T0 = new Date(2026, 5, 20, 21, 0).getTime();

/** A fake JPG of `size` bytes: the SOI marker, then bytes that tell strips apart. */
function jpg(size: number, seed: number): Uint8Array {
  const b = new Uint8Array(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31 + seed * 17) & 0xff;
  b.set([0xff, 0xd8, 0xff, 0xe0]);
  return b;
}

type Kind = 'ok' | 'damaged' | 'throws' | 'garbage' | 'empty' | 'gone';

/** An in-memory gallery; counts reads, and fails if two are ever under way at once. */
function memorySource(kinds: Kind[], size = 1000) {
  const entries: ExportEntry[] = kinds.map((k, i) => ({ id: `s${i}`, createdAt: T0 + i * 60_000, size: k === 'damaged' ? 0 : size, damaged: k === 'damaged' }));
  let reading = 0;
  const stats = { reads: 0, overlap: false };
  const source: ExportSource = {
    list: async () => entries,
    async read(entry) {
      const i = entries.indexOf(entry);
      stats.reads++;
      if (reading) stats.overlap = true;
      reading++;
      await new Promise((r) => setTimeout(r, 0));
      reading--;
      const kind = kinds[i]!;
      if (kind === 'throws') throw new DOMException('The requested file could not be read', 'NotReadableError');
      if (kind === 'gone') return null;
      if (kind === 'empty') return new Uint8Array(0);
      if (kind === 'garbage') return new Uint8Array([1, 2, 3, 4, 5, 6]);
      return jpg(size, i);
    },
  };
  return { source, entries, stats };
}

/** A sink that keeps each file's bytes; each write settles later (a slow disk) and two never overlap. */
function memorySink(partLimit: number) {
  const files = new Map<string, Uint8Array[]>();
  const state = { writing: false, overlap: false, aborted: 0, closed: 0, maxHeld: 0 };
  const sink: ExportSink = {
    partLimit,
    async open(part, parts) {
      const name = parts === 1 ? 'event.zip' : `event-part${part}.zip`;
      const chunks: Uint8Array[] = [];
      files.set(name, chunks);
      const writer: PartWriter = {
        async write(chunk) {
          if (state.writing) state.overlap = true;
          state.writing = true;
          await new Promise((r) => setTimeout(r, 0));
          chunks.push(chunk.slice());
          state.writing = false;
        },
        close: async () => void state.closed++,
        abort: async () => void state.aborted++,
      };
      return { name, writer };
    },
  };
  const bytesOf = (name: string) => {
    const chunks = files.get(name)!;
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  };
  return { sink, files, state, bytesOf };
}

describe('the gallery export', () => {
  it('writes a video message beside the strips under its own name; one that is no MP4 is skipped as damaged', async () => {
    const mp4 = (seed: number) => {
      const b = jpg(2000, seed);
      b.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]); // a box size, then 'ftyp'
      return b;
    };
    const entries: ExportEntry[] = [0, 1, 2].map((i) => ({ id: `s${i}`, createdAt: T0 + i * 60_000, size: 2000, damaged: false, ext: i === 0 ? 'jpg' : 'mp4' }));
    const source: ExportSource = { list: async () => entries, read: async (e) => (e.id === 's0' ? jpg(2000, 0) : e.id === 's1' ? mp4(1) : jpg(2000, 2)) };
    const { sink, bytesOf } = memorySink(Infinity);
    const result = await exportGallery(source, sink);
    expect(result.count).toBe(2);
    expect(result.skipped.map((s) => s.id), 'a JPG kept as a message').toEqual(['s2']);
    const zip = unzipSync(bytesOf('event.zip'));
    expect(Object.keys(zip)).toEqual(['photobooth-2026-06-20-2100-001.jpg', 'photobooth-2026-06-20-2101-002-message.mp4']);
    expect(zip['photobooth-2026-06-20-2101-002-message.mp4']).toEqual(mp4(1));
  });

  it('writes every strip, in order, under its number and time, one read and one write at a time', async () => {
    const { source, entries, stats } = memorySource(Array(12).fill('ok'));
    const { sink, state, bytesOf } = memorySink(Infinity);
    const progress: [number, number][] = [];
    const result = await exportGallery(source, sink, { onProgress: (d, t) => progress.push([d, t]) });
    expect(result).toEqual({ count: 12, skipped: [], files: ['event.zip'] });
    const zip = unzipSync(bytesOf('event.zip'));
    expect(Object.keys(zip)).toEqual(entries.map((e, i) => stripFileName(i, e.createdAt)));
    expect(Object.keys(zip)[0]).toBe('photobooth-2026-06-20-2100-001.jpg');
    entries.forEach((e, i) => expect(zip[stripFileName(i, e.createdAt)]).toEqual(jpg(1000, i)));
    expect(stats).toEqual({ reads: 12, overlap: false });
    expect(state).toMatchObject({ overlap: false, closed: 1, aborted: 0 });
    expect(progress[0]).toEqual([0, 12]);
    expect(progress.at(-1)).toEqual([12, 12]);
  });

  it('leaves damaged strips out and names each (number and time); the rest still export', async () => {
    const kinds: Kind[] = ['ok', 'damaged', 'ok', 'throws', 'ok', 'garbage', 'empty', 'ok', 'gone', 'ok'];
    const { source, entries } = memorySource(kinds);
    const { sink, bytesOf } = memorySink(Infinity);
    const result = await exportGallery(source, sink);
    const bad = [1, 3, 5, 6];
    expect(result.skipped).toEqual(bad.map((i) => ({ index: i, createdAt: entries[i]!.createdAt, id: `s${i}` })));
    // A strip deleted since the list was read is neither exported nor "could not be read".
    expect(result.count).toBe(5);
    const names = Object.keys(unzipSync(bytesOf('event.zip')));
    expect(names).toEqual([0, 2, 4, 7, 9].map((i) => stripFileName(i, entries[i]!.createdAt)));
    // The numbers are the strips' places in the evening: the gaps are the ones left out.
    expect(names.map((n) => Number(n.slice(-7, -4)))).toEqual([1, 3, 5, 8, 10]);
  });

  it('cuts the ZIP into parts that each stay within the limit, in order, each a whole ZIP', async () => {
    const size = 10_000;
    const n = 25;
    const { source, entries } = memorySource(Array(n).fill('ok'), size);
    const perEntry = zipEntryBytes(stripFileName(0, T0), size);
    const limit = ZIP_END_BYTES + perEntry * 7 + 100; // seven strips a part
    const { sink, files, bytesOf } = memorySink(limit);
    const result = await exportGallery(source, sink);
    expect(result.files).toEqual(['event-part1.zip', 'event-part2.zip', 'event-part3.zip', 'event-part4.zip']);
    expect(result.count).toBe(n);
    const all: string[] = [];
    for (const name of files.keys()) {
      const bytes = bytesOf(name);
      expect(bytes.length).toBeLessThanOrEqual(limit);
      all.push(...Object.keys(unzipSync(bytes)));
    }
    expect(all).toEqual(entries.map((e, i) => stripFileName(i, e.createdAt)));
    // The plan's arithmetic is the ZIP's real size.
    expect(bytesOf('event-part1.zip').length).toBe(ZIP_END_BYTES + perEntry * 7);
  });

  it('plans parts: a strip bigger than the limit is a part alone, and an empty gallery is one empty ZIP', () => {
    const items = [100, 5000, 100, 100].map((size, i) => ({ name: `${i}.jpg`, size }));
    expect(planParts(items, 1000).map((p) => p.map((i) => i.name))).toEqual([['0.jpg'], ['1.jpg'], ['2.jpg', '3.jpg']]);
    expect(planParts([], 1000)).toEqual([[]]);
  });

  it('makes one valid ZIP when nothing can be exported', async () => {
    const { source } = memorySource(['damaged', 'throws']);
    const { sink, bytesOf } = memorySink(Infinity);
    const result = await exportGallery(source, sink);
    expect(result.count).toBe(0);
    expect(result.skipped.map((s) => s.index)).toEqual([0, 1]);
    expect(unzipSync(bytesOf('event.zip'))).toEqual({});
  });

  it('aborts the file being written when a write fails, and rejects', async () => {
    const { source } = memorySource(Array(5).fill('ok'));
    let aborted = false;
    let writes = 0;
    const sink: ExportSink = {
      partLimit: Infinity,
      open: async () => ({
        name: 'x.zip',
        writer: {
          write: async () => {
            if (++writes > 4) throw new DOMException('The disk is full', 'QuotaExceededError');
          },
          close: async () => undefined,
          abort: async () => void (aborted = true),
        },
      }),
    };
    await expect(exportGallery(source, sink)).rejects.toThrow('The disk is full');
    expect(aborted).toBe(true);
  });

  it('saves each download part before the next is begun, holding no more than a few MB as arrays', async () => {
    const size = 300_000;
    const { source, entries } = memorySource(Array(30).fill('ok'), size);
    const saved: { name: string; blob: Blob; readsBefore: number }[] = [];
    let reads = 0;
    const counting: ExportSource = { list: source.list, read: (e) => (reads++, source.read(e)) };
    const sink = downloadSink('photobooth-x-event', async (blob, name) => void saved.push({ name, blob, readsBefore: reads }), 3_200_000);
    const result = await exportGallery(counting, sink);
    expect(saved.map((s) => s.name)).toEqual(['photobooth-x-event-part1.zip', 'photobooth-x-event-part2.zip', 'photobooth-x-event-part3.zip']);
    // Part 1 (ten strips) was saved once its ten strips were read, not after all thirty.
    expect(saved.map((s) => s.readsBefore)).toEqual([10, 20, 30]);
    const names: string[] = [];
    for (const { blob } of saved) {
      expect(blob.size).toBeLessThanOrEqual(3_200_000);
      expect(blob.type).toBe('application/zip');
      names.push(...Object.keys(unzipSync(new Uint8Array(await blob.arrayBuffer()))));
    }
    expect(names).toEqual(entries.map((e, i) => stripFileName(i, e.createdAt)));
    expect(result.files).toEqual(saved.map((s) => s.name));
  });

  it('lets the source hand every strip in one reused buffer: nothing is kept past its write', async () => {
    const sizes = [5000, 12_000, 800, 9000, 3000];
    const shared = new Uint8Array(16_000);
    const entries: ExportEntry[] = sizes.map((size, i) => ({ id: `s${i}`, createdAt: T0 + i * 1000, size, damaged: false }));
    const reusing: ExportSource = {
      list: async () => entries,
      read: async (e) => {
        const i = entries.indexOf(e);
        shared.set(jpg(sizes[i]!, i));
        return shared.subarray(0, sizes[i]);
      },
    };
    const saved: Blob[] = [];
    await exportGallery(reusing, downloadSink('x', async (blob) => void saved.push(blob)));
    const { sink, bytesOf } = memorySink(Infinity);
    await exportGallery(reusing, sink);
    for (const zipped of [new Uint8Array(await saved[0]!.arrayBuffer()), bytesOf('event.zip')]) {
      const files = unzipSync(zipped);
      entries.forEach((e, i) => expect(files[stripFileName(i, e.createdAt)]).toEqual(jpg(sizes[i]!, i)));
    }
  });

  it('names a single download part without a part number', async () => {
    const { source } = memorySource(['ok', 'ok']);
    const names: string[] = [];
    const result = await exportGallery(source, downloadSink('photobooth-x-event', async (_b, name) => void names.push(name)));
    expect(names).toEqual(['photobooth-x-event.zip']);
    expect(result.files).toEqual(names);
  });
});

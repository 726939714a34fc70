import { saveFilePicker } from '../../lib/savePicker';
import { exportBaseName } from '../strip/export';
import { listStripKeys, readStripBlob } from './gallery';
import { downloadSink, exportGallery, ZIP32_LIMIT, type ExportResult, type ExportSink, type ExportSource } from './galleryExport';

/**
 * The export in the browser (./galleryExport.ts does the zipping): the gallery read from
 * IndexedDB one strip at a time into one reused buffer, the file the host picks written as the
 * ZIP comes, and the host's "Export all".
 */

/**
 * The bytes of a Blob, read into `buffer` where it is big enough (a BYOB reader: no new memory per
 * strip, so nothing is left for the garbage collector to find); a bigger buffer when it is not.
 */
async function readInto(blob: Blob, buffer: ArrayBuffer): Promise<Uint8Array<ArrayBuffer>> {
  let reader: ReadableStreamBYOBReader;
  try {
    reader = blob.stream().getReader({ mode: 'byob' });
  } catch {
    return new Uint8Array(await blob.arrayBuffer()); // a browser whose Blob stream is no byte stream
  }
  // One byte more than the picture, so the last read finds the end with room to spare.
  let buf = buffer.byteLength > blob.size ? buffer : new ArrayBuffer(blob.size + 1);
  let at = 0;
  for (;;) {
    if (at === buf.byteLength) {
      const bigger = new ArrayBuffer(buf.byteLength * 2);
      new Uint8Array(bigger).set(new Uint8Array(buf));
      buf = bigger;
    }
    const { done, value } = await reader.read(new Uint8Array(buf, at, buf.byteLength - at));
    if (value) {
      buf = value.buffer;
      at += value.byteLength;
    }
    if (done) break;
  }
  return new Uint8Array(buf, 0, at);
}

/**
 * The gallery in IndexedDB, read one record at a time, each strip into the same buffer (the bytes
 * `read` gives are valid until the next read: exportGallery writes them, awaited, before it reads on).
 */
export function gallerySource(): ExportSource {
  let buffer = new ArrayBuffer(1 << 20);
  return {
    list: listStripKeys,
    async read(entry) {
      const blob = await readStripBlob(entry.id);
      if (!blob) return null;
      const bytes = await readInto(blob, buffer);
      buffer = bytes.buffer;
      return bytes;
    },
  };
}

/** The file the host picked: the ZIP's chunks written to it as they come. Past 4 GiB, the rest as downloaded parts. */
export function fileSink(handle: FileSystemFileHandle, base: string, save?: (blob: Blob, name: string) => Promise<void>): ExportSink {
  const rest = downloadSink(base, save);
  return {
    partLimit: ZIP32_LIMIT,
    async open(part, parts) {
      if (part > 1) return rest.open(part, parts);
      const file = await handle.createWritable();
      return {
        name: handle.name,
        writer: {
          write: (chunk) => file.write(chunk as Uint8Array<ArrayBuffer>),
          close: () => file.close(),
          abort: () => file.abort(),
        },
      };
    },
  };
}

/**
 * The host's "Export all": asks for a file where the browser can (the name first, while the click
 * still counts as the host's), else downloads parts. Null when the host cancelled the picker.
 */
export async function exportEventGallery({
  onProgress,
  typeLabel,
}: {
  onProgress?: (done: number, total: number) => void;
  /** The picker's name for the file type ("ZIP archive"), in the page's language. */
  typeLabel: string;
}): Promise<ExportResult | null> {
  const base = `${exportBaseName()}-event`;
  let sink = downloadSink(base);
  const pick = saveFilePicker();
  // Where the browser has no picker (Safari, Firefox, a phone), the parts download instead.
  if (pick) {
    try {
      const handle = await pick({ suggestedName: `${base}.zip`, types: [{ description: typeLabel, accept: { 'application/zip': ['.zip'] } }] });
      sink = fileSink(handle, base);
    } catch (error) {
      if ((error as { name?: string })?.name === 'AbortError') return null;
      // Refused (no longer the host's click, a policy): the parts path instead.
      console.warn('No file picker; downloading the export instead:', error);
    }
  }
  return exportGallery(gallerySource(), sink, { onProgress });
}

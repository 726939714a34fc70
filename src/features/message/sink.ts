/**
 * Where a message's file goes while it is made: written out piece by piece, never held whole in
 * the page. The origin's private file system (OPFS) where the browser can write to it; else Blob
 * pieces (which the browser may keep on disk). Each write is at a position (the MP4 muxer goes
 * back to fill in sizes); MediaRecorder's pieces are appended.
 */
export interface MessageSink {
  /** For mediabunny's StreamTarget: writes at positions. */
  readonly writable: WritableStream<{ type: 'write'; data: Uint8Array; position: number }>;
  /** Appends `data` at the end (MediaRecorder's pieces). */
  append(data: Blob): Promise<void>;
  /** The whole file, once written (its writer closed). */
  file(type: string): Promise<Blob>;
  /** Drops the file. */
  discard(): Promise<void>;
}

const DIR = 'messages';

async function messagesDir(): Promise<FileSystemDirectoryHandle> {
  return (await navigator.storage.getDirectory()).getDirectoryHandle(DIR, { create: true });
}

/** Removes what an earlier visit left half-made (a tab closed while recording). */
export async function clearUnkept(keep: ReadonlySet<string> = new Set()): Promise<void> {
  try {
    const dir = await messagesDir();
    for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) if (!keep.has(name)) await dir.removeEntry(name).catch(() => undefined);
  } catch {
    /* no private file system: nothing was left there */
  }
}

/** Removes one message's file (a discarded recording, a deleted message). */
export async function removeMessageFile(name: string): Promise<void> {
  try {
    await (await messagesDir()).removeEntry(name);
  } catch {
    /* not there (Blob pieces), or gone already */
  }
}

async function opfsSink(name: string): Promise<MessageSink> {
  const dir = await messagesDir();
  const handle = await dir.getFileHandle(name, { create: true });
  const stream = await handle.createWritable();
  let size = 0;
  let closed = false;
  const close = async () => {
    if (!closed) {
      closed = true;
      await stream.close();
    }
  };
  const writable = new WritableStream<{ type: 'write'; data: Uint8Array; position: number }>({
    write: (chunk) => stream.write({ type: 'write', position: chunk.position, data: chunk.data as Uint8Array<ArrayBuffer> }),
    close,
    abort: () => stream.abort().catch(() => undefined),
  });
  return {
    writable,
    async append(data) {
      await stream.write({ type: 'write', position: size, data });
      size += data.size;
    },
    async file(type) {
      await close();
      const f = await handle.getFile();
      return new Blob([f], { type });
    },
    async discard() {
      if (!closed) await stream.abort().catch(() => undefined);
      closed = true;
      await dir.removeEntry(name).catch(() => undefined);
    },
  };
}

/** Blob pieces: appends are pieces; a write inside what is written (a size filled in) is a patch applied at the end. */
function blobSink(): MessageSink {
  const parts: Blob[] = [];
  let size = 0;
  const patches: { position: number; data: Uint8Array }[] = [];
  const put = (data: Uint8Array, position: number) => {
    if (position === size) {
      parts.push(new Blob([data as Uint8Array<ArrayBuffer>]));
      size += data.byteLength;
    } else if (position + data.byteLength <= size) {
      patches.push({ position, data: data.slice() });
    } else {
      throw new Error(`A write past the end (${position} > ${size})`);
    }
  };
  return {
    writable: new WritableStream({ write: (chunk) => put(chunk.data, chunk.position) }),
    async append(data) {
      parts.push(data);
      size += data.size;
    },
    async file(type) {
      let whole = new Blob(parts, { type });
      for (const { position, data } of patches) whole = new Blob([whole.slice(0, position), data as Uint8Array<ArrayBuffer>, whole.slice(position + data.byteLength)], { type });
      return whole;
    },
    async discard() {
      parts.length = 0;
      patches.length = 0;
    },
  };
}

/** A sink for a new message file named `name`. */
export async function openSink(name: string, opfs: boolean): Promise<MessageSink> {
  if (opfs) {
    try {
      return await opfsSink(name);
    } catch {
      /* a private file system that refuses (full, or a private window): Blob pieces */
    }
  }
  return blobSink();
}

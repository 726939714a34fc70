/**
 * Files over a data channel, independent of WebRTC (the channel is anything shaped like an
 * RTCDataChannel with binaryType 'arraybuffer'). The protocol, in order:
 *   sender → receiver  one string: the header `{"v":1,"files":[{name,type,size,sha256 (hex)}…]}`
 *   sender → receiver  each file's bytes in order, in binary messages of at most `chunkSize`
 *   receiver → sender  one string: `{"ok":true}` once every file's sha-256 matched, or
 *                      `{"ok":false,"reason":"checksum"|"header"|"protocol"|…}` as soon as one did not
 * The sender never lets the channel's buffer pass `highWater + chunkSize`: past `highWater` it
 * waits for `bufferedamountlow` (threshold highWater / 2). The receiver refuses a header past its
 * caps (16 files, 64 MB) and any byte the header did not announce. Either side fails with a typed
 * error (TransferError, or its ChecksumError) when the channel closes or fails, or on abort.
 */

export interface Channel {
  send(data: string | ArrayBuffer): void;
  readonly bufferedAmount: number;
  bufferedAmountLowThreshold: number;
  readonly readyState: string;
  addEventListener(type: ChannelEvent, fn: (e: { data?: unknown }) => void): void;
  removeEventListener(type: ChannelEvent, fn: (e: { data?: unknown }) => void): void;
}
type ChannelEvent = 'bufferedamountlow' | 'message' | 'close' | 'error';

export interface OutFile {
  name: string;
  type: string;
  blob: Blob;
}

export interface FileEntry {
  name: string;
  type: string;
  size: number;
  sha256: string;
}

/** Why a transfer failed: `reason` is the receiver's word ('checksum', 'header', 'protocol'), or 'closed', 'aborted', 'reply'. */
export class TransferError extends Error {
  override name = 'TransferError';
  constructor(
    message: string,
    readonly reason: string = 'failed',
  ) {
    super(message);
  }
}
/** A file arrived with another sha-256 than announced (on the receiver; on the sender, the receiver said so). */
export class ChecksumError extends TransferError {
  override name = 'ChecksumError';
  constructor(message: string) {
    super(message, 'checksum');
  }
}

/** What a receiver takes at most: a strip, its photos and motion files are far less. */
export const MAX_TOTAL = 64 << 20;
export const MAX_FILES = 16;
/** How long the sender waits on `bufferedamountlow` before it looks at the buffer again (a missed event costs only this). */
const POLL_MS = 250;

const sha256 = async (data: BufferSource) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', data))].map((b) => b.toString(16).padStart(2, '0')).join('');

export interface SendOptions {
  chunkSize?: number;
  highWater?: number;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/** Sends `files` and resolves once the receiver has checked them all; rejects with its reason otherwise. */
export async function sendFiles(channel: Channel, files: OutFile[], { chunkSize = 16 << 10, highWater = 1 << 20, onProgress, signal }: SendOptions = {}): Promise<void> {
  if (!(chunkSize >= 1) || !(highWater >= 0)) throw new RangeError('chunkSize must be positive, highWater not negative');
  const size = files.reduce((n, f) => n + f.blob.size, 0);
  if (!files.length || files.length > MAX_FILES || size > MAX_TOTAL) throw new RangeError(`1 to ${MAX_FILES} files of ${MAX_TOTAL} bytes in all`);
  let failure: TransferError | null = null;
  let verdict: { ok?: unknown; reason?: unknown } | null = null;
  let wake: (() => void) | null = null;
  const fail = (error: TransferError) => {
    failure ??= error;
    wake?.();
  };
  const onMessage = (e: { data?: unknown }) => {
    let reply: unknown = null;
    try {
      reply = JSON.parse(typeof e.data === 'string' ? e.data : '');
    } catch {
      /* below */
    }
    if (reply && typeof reply === 'object') verdict ??= reply;
    else fail(new TransferError('The phone sent something unexpected', 'reply'));
    wake?.();
  };
  const onClose = () => fail(new TransferError('The connection closed', 'closed'));
  const onAbort = () => fail(new TransferError('Stopped', 'aborted'));
  const onLow = () => wake?.();
  const wait = (ms?: number) =>
    new Promise<void>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(() => wake?.(), ms);
      wake = () => {
        wake = null;
        clearTimeout(timer);
        resolve();
      };
    });
  const events: [ChannelEvent, (e: { data?: unknown }) => void][] = [
    ['message', onMessage],
    ['close', onClose],
    ['error', onClose],
    ['bufferedamountlow', onLow],
  ];
  /** Throws what ended the transfer; true once the receiver has answered (early: it refused). */
  const over = () => {
    if (verdict) return true;
    if (failure) throw failure;
    if (signal?.aborted) throw new TransferError('Stopped', 'aborted');
    if (channel.readyState !== 'open') throw new TransferError('The connection closed', 'closed');
    return false;
  };
  const send = (data: string | ArrayBuffer) => {
    try {
      channel.send(data);
    } catch (error) {
      throw new TransferError(`The connection failed: ${String(error)}`, 'closed');
    }
  };

  for (const [type, fn] of events) channel.addEventListener(type, fn);
  signal?.addEventListener('abort', onAbort);
  try {
    over();
    // The sha-256 needs each file whole once (crypto.subtle has no streaming digest); its bytes go in chunks.
    const header = { v: 1, files: [] as FileEntry[] };
    for (const f of files) {
      header.files.push({ name: f.name, type: f.type, size: f.blob.size, sha256: await sha256(await f.blob.arrayBuffer()) });
      over();
    }
    const total = size;
    channel.bufferedAmountLowThreshold = highWater / 2;
    send(JSON.stringify(header));
    let sent = 0;
    sending: for (const f of files) {
      for (let at = 0; at < f.blob.size; at += chunkSize) {
        if (over()) break sending;
        while (channel.bufferedAmount > highWater) {
          await wait(POLL_MS);
          if (over()) break sending;
        }
        const chunk = await f.blob.slice(at, at + chunkSize).arrayBuffer();
        if (over()) break sending;
        send(chunk);
        sent += chunk.byteLength;
        onProgress?.(sent, total);
      }
    }
    while (!verdict && !failure) await wait();
    const reply = verdict as { ok?: unknown; reason?: unknown } | null;
    if (!reply) throw failure!;
    if (reply.ok === true && sent === total) return;
    if (reply.ok === true) throw new TransferError('The phone answered before it had every file', 'reply');
    const reason = typeof reply.reason === 'string' ? reply.reason.slice(0, 40) : 'refused';
    throw reason === 'checksum' ? new ChecksumError('The phone found a file damaged') : new TransferError(`The phone refused the files (${reason})`, reason);
  } finally {
    for (const [type, fn] of events) channel.removeEventListener(type, fn);
    signal?.removeEventListener('abort', onAbort);
  }
}

export interface ReceiveOptions {
  onHeader?: (files: FileEntry[]) => void;
  onProgress?: (received: number, total: number) => void;
}

function parseHeader(data: unknown): FileEntry[] | null {
  try {
    const h = JSON.parse(String(data)) as { v?: unknown; files?: unknown };
    if (h.v !== 1 || !Array.isArray(h.files) || h.files.length < 1 || h.files.length > MAX_FILES) return null;
    const files = h.files as Partial<FileEntry>[];
    const ok = (f: Partial<FileEntry>) =>
      typeof f.name === 'string' &&
      f.name.length >= 1 &&
      f.name.length <= 255 &&
      typeof f.type === 'string' &&
      f.type.length <= 255 &&
      Number.isSafeInteger(f.size) &&
      f.size! >= 0 &&
      typeof f.sha256 === 'string' &&
      /^[0-9a-f]{64}$/.test(f.sha256);
    if (!files.every(ok) || files.reduce((n, f) => n + f.size!, 0) > MAX_TOTAL) return null;
    return files.map((f) => ({ name: f.name!, type: f.type!, size: f.size!, sha256: f.sha256! }));
  } catch {
    return null;
  }
}

/** Receives what `sendFiles` sends, checks every file's sha-256, tells the sender, and resolves with the files. */
export function receiveFiles(channel: Channel, { onHeader, onProgress }: ReceiveOptions = {}): Promise<OutFile[]> {
  return new Promise((resolve, reject) => {
    let files: FileEntry[] | null = null;
    let total = 0;
    let got = 0;
    let index = 0;
    let buffer = new Uint8Array(0);
    let inFile = 0;
    let settled = false;
    const done: OutFile[] = [];
    let checks = Promise.resolve();
    const off = () => {
      settled = true;
      channel.removeEventListener('message', onMessage);
      channel.removeEventListener('close', onClose);
      channel.removeEventListener('error', onClose);
    };
    /** Answers the sender once, and settles. */
    const settle = (error: TransferError | null) => {
      if (settled) return;
      off();
      try {
        channel.send(JSON.stringify(error ? { ok: false, reason: error.reason } : { ok: true }));
      } catch {
        /* closed already: the sender learns it from the close */
      }
      if (error) reject(error);
      else resolve(done);
    };
    function onClose() {
      if (settled) return;
      off();
      reject(new TransferError('The connection closed', 'closed'));
    }
    /** Checks the file in order, off the message handler; the last good one answers. */
    const check = (meta: FileEntry, bytes: Uint8Array<ArrayBuffer>) => {
      checks = checks
        .then(async () => {
          if (settled) return;
          if ((await sha256(bytes)) !== meta.sha256) return settle(new ChecksumError(`${meta.name} arrived damaged`));
          done.push({ name: meta.name, type: meta.type, blob: new Blob([bytes], { type: meta.type }) });
          if (done.length === files!.length) settle(null);
        })
        .catch((error: unknown) => settle(new TransferError(`The check failed: ${String(error)}`, 'receiver')));
    };
    /** Moves past the file just filled and every empty one after it. */
    const advance = () => {
      while (index < files!.length && inFile === files![index]!.size) {
        check(files![index]!, buffer);
        index++;
        inFile = 0;
        buffer = new Uint8Array(index < files!.length ? files![index]!.size : 0);
      }
    };
    function onMessage(e: { data?: unknown }) {
      if (settled) return;
      if (!files) {
        files = parseHeader(e.data);
        if (!files) return settle(new TransferError('Not a transfer the phone takes', 'header'));
        total = files.reduce((n, f) => n + f.size, 0);
        buffer = new Uint8Array(files[0]!.size);
        onHeader?.(files);
        return advance();
      }
      const data = e.data instanceof ArrayBuffer ? new Uint8Array(e.data) : ArrayBuffer.isView(e.data) ? new Uint8Array(e.data.buffer, e.data.byteOffset, e.data.byteLength) : null;
      if (!data) return settle(new TransferError('Expected file bytes', 'protocol'));
      const meta = files[index];
      if (!meta || inFile + data.byteLength > meta.size) return settle(new TransferError('More bytes than announced', 'protocol'));
      buffer.set(data, inFile);
      inFile += data.byteLength;
      got += data.byteLength;
      onProgress?.(got, total);
      advance();
    }
    channel.addEventListener('message', onMessage);
    channel.addEventListener('close', onClose);
    channel.addEventListener('error', onClose);
  });
}

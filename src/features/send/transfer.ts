/**
 * Files over a data channel: a JSON header (each file's name, type, size and sha-256), then each
 * file's bytes in chunks with back-pressure (the sender waits whenever the channel's buffer is
 * past its high-water mark), then the receiver's verdict: every file's sha-256 checked, `{ok:true}`
 * or `{ok:false, reason}`. Independent of WebRTC: the channel is anything shaped like one.
 */

export interface Channel {
  send(data: string | ArrayBuffer): void;
  readonly bufferedAmount: number;
  bufferedAmountLowThreshold: number;
  readonly readyState: string;
  addEventListener(type: 'bufferedamountlow' | 'message' | 'close' | 'error', fn: (e: { data?: unknown }) => void): void;
  removeEventListener(type: 'bufferedamountlow' | 'message' | 'close' | 'error', fn: (e: { data?: unknown }) => void): void;
}

export interface OutFile {
  name: string;
  type: string;
  blob: Blob;
}

interface Header {
  v: 1;
  files: { name: string; type: string; size: number; sha256: string }[];
}

export class ChecksumError extends Error {
  override name = 'ChecksumError';
}
export class TransferError extends Error {
  override name = 'TransferError';
}

/** What a receiver takes at most: a strip, its photos and motion files are far less. */
const MAX_TOTAL = 64 << 20;
const MAX_FILES = 16;

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
const sha256 = async (data: BufferSource) => hex(await crypto.subtle.digest('SHA-256', data));

/** Resolves on the channel's next `type` event; rejects when it closes or fails first. */
function next(channel: Channel, type: 'bufferedamountlow' | 'message', signal?: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const off = () => {
      channel.removeEventListener(type, onEvent);
      channel.removeEventListener('close', onClose);
      channel.removeEventListener('error', onClose);
      signal?.removeEventListener('abort', onAbort);
    };
    const onEvent = (e: { data?: unknown }) => {
      off();
      resolve(e.data);
    };
    const onClose = () => {
      off();
      reject(new TransferError('The connection closed'));
    };
    const onAbort = () => {
      off();
      reject(new TransferError('Stopped'));
    };
    channel.addEventListener(type, onEvent);
    channel.addEventListener('close', onClose);
    channel.addEventListener('error', onClose);
    signal?.addEventListener('abort', onAbort);
  });
}

export interface SendOptions {
  chunkSize?: number;
  highWater?: number;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/** Sends `files` and resolves once the receiver has checked them all; rejects with its reason otherwise. */
export async function sendFiles(channel: Channel, files: OutFile[], { chunkSize = 16 << 10, highWater = 1 << 20, onProgress, signal }: SendOptions = {}): Promise<void> {
  const header: Header = { v: 1, files: [] };
  for (const f of files) header.files.push({ name: f.name, type: f.type, size: f.blob.size, sha256: await sha256(await f.blob.arrayBuffer()) });
  const total = files.reduce((n, f) => n + f.blob.size, 0);
  // The verdict may come while the last chunks drain: listen from the start.
  const verdict = next(channel, 'message', signal);
  verdict.catch(() => undefined);
  channel.bufferedAmountLowThreshold = highWater / 2;
  channel.send(JSON.stringify(header));
  let sent = 0;
  for (const f of files) {
    for (let at = 0; at < f.blob.size; at += chunkSize) {
      if (signal?.aborted) throw new TransferError('Stopped');
      if (channel.readyState !== 'open') throw new TransferError('The connection closed');
      if (channel.bufferedAmount > highWater) await next(channel, 'bufferedamountlow', signal);
      const chunk = await f.blob.slice(at, at + chunkSize).arrayBuffer();
      channel.send(chunk);
      sent += chunk.byteLength;
      onProgress?.(sent, total);
    }
  }
  const reply = JSON.parse(String(await verdict)) as { ok?: boolean; reason?: string };
  if (!reply.ok) throw reply.reason === 'checksum' ? new ChecksumError('The phone found the file damaged') : new TransferError(reply.reason ?? 'Refused');
}

export interface ReceiveOptions {
  onHeader?: (files: Header['files']) => void;
  onProgress?: (received: number, total: number) => void;
}

/** Receives what `sendFiles` sends, checks every file's sha-256, says so to the sender, and resolves with the files. */
export function receiveFiles(channel: Channel, { onHeader, onProgress }: ReceiveOptions = {}): Promise<OutFile[]> {
  return new Promise((resolve, reject) => {
    let header: Header | null = null;
    let total = 0;
    let got = 0;
    let index = 0;
    let parts: ArrayBuffer[] = [];
    let inFile = 0;
    const done: OutFile[] = [];
    let checking = Promise.resolve();
    const off = () => {
      channel.removeEventListener('message', onMessage);
      channel.removeEventListener('close', onClose);
      channel.removeEventListener('error', onClose);
    };
    const fail = (error: Error, reason: string) => {
      off();
      try {
        channel.send(JSON.stringify({ ok: false, reason }));
      } catch {
        /* closed already */
      }
      reject(error);
    };
    const onClose = () => {
      off();
      reject(new TransferError('The connection closed'));
    };
    const finishFile = (meta: Header['files'][number], chunks: ArrayBuffer[]) => {
      checking = checking.then(async () => {
        const blob = new Blob(chunks, { type: meta.type });
        if ((await sha256(await blob.arrayBuffer())) !== meta.sha256) throw new ChecksumError(`${meta.name} arrived damaged`);
        done.push({ name: meta.name, type: meta.type, blob });
      });
    };
    const complete = () => {
      checking.then(
        () => {
          off();
          channel.send(JSON.stringify({ ok: true }));
          resolve(done);
        },
        (error: Error) => fail(error, 'checksum'),
      );
    };
    const onMessage = (e: { data?: unknown }) => {
      if (!header) {
        try {
          const h = JSON.parse(String(e.data)) as Header;
          const sizes = h.files.map((f) => f.size);
          if (h.v !== 1 || !h.files.length || h.files.length > MAX_FILES || sizes.some((s) => !Number.isInteger(s) || s < 0)) throw new Error('bad');
          total = sizes.reduce((a, b) => a + b, 0);
          if (total > MAX_TOTAL) throw new Error('too big');
          header = h;
        } catch {
          return fail(new TransferError('Not a transfer'), 'header');
        }
        onHeader?.(header.files);
        // Empty files are whole at once.
        while (index < header.files.length && header.files[index]!.size === 0) finishFile(header.files[index++]!, []);
        if (index === header.files.length) complete();
        return;
      }
      if (!(e.data instanceof ArrayBuffer)) return fail(new TransferError('Unexpected message'), 'protocol');
      const meta = header.files[index];
      if (!meta || inFile + e.data.byteLength > meta.size) return fail(new TransferError('More bytes than announced'), 'protocol');
      parts.push(e.data);
      inFile += e.data.byteLength;
      got += e.data.byteLength;
      onProgress?.(got, total);
      if (inFile < meta.size) return;
      finishFile(meta, parts);
      parts = [];
      inFile = 0;
      index++;
      while (index < header.files.length && header.files[index]!.size === 0) finishFile(header.files[index++]!, []);
      if (index === header.files.length) complete();
    };
    channel.addEventListener('message', onMessage);
    channel.addEventListener('close', onClose);
    channel.addEventListener('error', onClose);
  });
}

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ChecksumError, receiveFiles, sendFiles, TransferError, type Channel } from '../../src/features/send/transfer';

type Fn = (e: { data?: unknown }) => void;

/**
 * Two ends of an in-memory data channel. What one end sends counts in its bufferedAmount until
 * the "network" delivers it, a chunk at a time on a timer, firing bufferedamountlow as the buffer
 * drains past the threshold. `corrupt` flips a byte of the n-th binary message on its way.
 */
function channelPair({ corrupt = -1, closeAfter = -1 } = {}) {
  interface End {
    buffered: number;
    maxBuffered: number;
    readyState: string;
    bufferedAmountLowThreshold: number;
    peer: End | null;
    queue: (string | ArrayBuffer)[];
    binarySent: number;
    readonly bufferedAmount: number;
    addEventListener(type: string, fn: Fn): void;
    removeEventListener(type: string, fn: Fn): void;
    emit(type: string, data?: unknown): void;
    send(data: string | ArrayBuffer): void;
  }
  const make = (): End => {
    const listeners = new Map<string, Set<Fn>>();
    const end: End = {
      buffered: 0,
      maxBuffered: 0,
      readyState: 'open',
      bufferedAmountLowThreshold: 0,
      peer: null,
      queue: [],
      binarySent: 0,
      get bufferedAmount() {
        return end.buffered;
      },
      addEventListener: (type: string, fn: Fn) => void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(fn),
      removeEventListener: (type: string, fn: Fn) => void listeners.get(type)?.delete(fn),
      emit: (type: string, data?: unknown) => [...(listeners.get(type) ?? [])].forEach((fn) => fn({ data })),
      send(data: string | ArrayBuffer) {
        if (end.readyState !== 'open') throw new Error('closed');
        if (typeof data !== 'string') {
          if (end.binarySent === closeAfter) return closeBoth();
          if (end.binarySent === corrupt) {
            const copy = new Uint8Array(data.slice(0));
            copy[0] = copy[0]! ^ 0xff;
            data = copy.buffer;
          }
          end.binarySent++;
          end.buffered += data.byteLength;
          end.maxBuffered = Math.max(end.maxBuffered, end.buffered);
        }
        end.queue.push(data);
        setTimeout(deliver, 0);
      },
    };
    const deliver = () => {
      const data = end.queue.shift();
      if (data === undefined || end.readyState !== 'open') return;
      const before = end.buffered;
      if (typeof data !== 'string') end.buffered -= data.byteLength;
      if (before > end.bufferedAmountLowThreshold && end.buffered <= end.bufferedAmountLowThreshold) end.emit('bufferedamountlow');
      end.peer!.emit('message', data);
    };
    return end;
  };
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  const closeBoth = () => {
    for (const e of [a, b]) {
      e.readyState = 'closed';
      e.emit('close');
    }
  };
  return { a, b, closeBoth };
}

const random = (n: number) => {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65536)));
  return out;
};

const FILES = () => [
  { name: 'strip.jpg', type: 'image/jpeg', blob: new Blob([random(2 << 20)], { type: 'image/jpeg' }) },
  { name: 'photo-1.jpg', type: 'image/jpeg', blob: new Blob([random(70_000)], { type: 'image/jpeg' }) },
  { name: 'empty.txt', type: 'text/plain', blob: new Blob([]) },
];

describe('the transfer', () => {
  it('moves every file intact, in order, with back-pressure and progress to the end', async () => {
    const { a, b } = channelPair();
    const files = FILES();
    const progress: number[] = [];
    const chunkSize = 16 << 10;
    const highWater = 256 << 10;
    const [, got] = await Promise.all([
      sendFiles(a as unknown as Channel, files, { chunkSize, highWater, onProgress: (sent, total) => progress.push(sent / total) }),
      receiveFiles(b as unknown as Channel),
    ]);
    expect(got.map((f) => [f.name, f.type, f.blob.size])).toEqual(files.map((f) => [f.name, f.type, f.blob.size]));
    for (const [i, f] of got.entries()) {
      const same = Buffer.compare(Buffer.from(await f.blob.arrayBuffer()), Buffer.from(await files[i]!.blob.arrayBuffer())) === 0;
      expect(same, f.name).toBe(true);
    }
    expect(a.maxBuffered, 'the sender waited on the buffer').toBeLessThanOrEqual(highWater + chunkSize);
    expect(progress.at(-1)).toBe(1);
  });

  it('a damaged chunk: the phone refuses it (checksum) and the booth hears why', async () => {
    const { a, b } = channelPair({ corrupt: 5 });
    const sent = sendFiles(a as unknown as Channel, FILES());
    const received = receiveFiles(b as unknown as Channel);
    await expect(received).rejects.toBeInstanceOf(ChecksumError);
    await expect(sent).rejects.toBeInstanceOf(ChecksumError);
  });

  it('a connection that closes half-way fails both sides', async () => {
    const { a, b } = channelPair({ closeAfter: 20 });
    const sent = sendFiles(a as unknown as Channel, FILES());
    const received = receiveFiles(b as unknown as Channel);
    await expect(received).rejects.toBeInstanceOf(TransferError);
    await expect(sent).rejects.toBeInstanceOf(TransferError);
  });

  it('the phone refuses a header that announces too much', async () => {
    const { a, b } = channelPair();
    const received = receiveFiles(b as unknown as Channel);
    a.send(JSON.stringify({ v: 1, files: [{ name: 'huge', type: 'x', size: 1 << 30, sha256: '00' }] }));
    await expect(received).rejects.toBeInstanceOf(TransferError);
  });
});

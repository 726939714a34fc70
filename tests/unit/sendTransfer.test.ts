import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ChecksumError, MAX_FILES, receiveFiles, sendFiles, TransferError, type Channel } from '../../src/features/send/transfer';

type Fn = (e: { data?: unknown }) => void;
type Data = string | ArrayBuffer;

interface Options {
  /** Flips the first byte of the n-th binary message on its way. */
  corrupt?: number;
  /** Closes both ends instead of sending the n-th binary message. */
  closeAfter?: number;
  /** Never fires bufferedamountlow (a browser that misses it): the sender must look again by itself. */
  noLowEvent?: boolean;
}

/**
 * One end of an in-memory data channel. What it sends counts in its bufferedAmount until the
 * "network" delivers it to the peer: one message per macrotask turn, so a sender that does not
 * wait fills the buffer. bufferedamountlow fires, asynchronously, when the buffer drains to the
 * threshold, as in a browser.
 */
class FakeEnd implements Channel {
  readyState = 'open';
  bufferedAmountLowThreshold = 0;
  peer!: FakeEnd;
  maxBuffered = 0;
  binarySent = 0;
  private buffered = 0;
  private queue: Data[] = [];
  private draining = false;
  private listeners = new Map<string, Set<Fn>>();
  constructor(
    private readonly options: Options,
    private readonly closeBoth: () => void,
  ) {}
  get bufferedAmount() {
    return this.buffered;
  }
  get listenerCount() {
    return [...this.listeners.values()].reduce((n, s) => n + s.size, 0);
  }
  addEventListener(type: string, fn: Fn) {
    (this.listeners.get(type) ?? this.listeners.set(type, new Set()).get(type)!).add(fn);
  }
  removeEventListener(type: string, fn: Fn) {
    this.listeners.get(type)?.delete(fn);
  }
  emit(type: string, data?: unknown) {
    for (const fn of [...(this.listeners.get(type) ?? [])]) fn({ data });
  }
  send(data: Data) {
    if (this.readyState !== 'open') throw new DOMException('closed', 'InvalidStateError');
    if (typeof data !== 'string') {
      if (this.binarySent === this.options.closeAfter) return this.closeBoth();
      if (this.binarySent === this.options.corrupt) {
        const copy = new Uint8Array(data.slice(0));
        copy[0] = copy[0]! ^ 0xff;
        data = copy.buffer;
      }
      this.binarySent++;
    }
    this.buffered += typeof data === 'string' ? data.length : data.byteLength;
    this.maxBuffered = Math.max(this.maxBuffered, this.buffered);
    this.queue.push(data);
    if (!this.draining) {
      this.draining = true;
      setTimeout(() => this.deliver(), 0);
    }
  }
  private deliver() {
    const data = this.queue.shift();
    if (data === undefined || this.readyState !== 'open') return void (this.draining = false);
    const before = this.buffered;
    this.buffered -= typeof data === 'string' ? data.length : data.byteLength;
    if (!this.options.noLowEvent && before > this.bufferedAmountLowThreshold && this.buffered <= this.bufferedAmountLowThreshold) {
      setTimeout(() => this.emit('bufferedamountlow'), 0);
    }
    this.peer.emit('message', data);
    setTimeout(() => this.deliver(), 0);
  }
}

function channelPair(options: Options = {}) {
  const closeBoth = () => {
    for (const e of [a, b]) {
      e.readyState = 'closed';
      e.emit('close');
    }
  };
  const a = new FakeEnd(options, closeBoth);
  const b = new FakeEnd(options, closeBoth);
  a.peer = b;
  b.peer = a;
  return { a, b, closeBoth };
}

const random = (n: number) => {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65536)));
  return out;
};
const FILES = () => [
  { name: 'strip.jpg', type: 'image/jpeg', blob: new Blob([random(2 << 20)], { type: 'image/jpeg' }) },
  { name: 'photo-1.jpg', type: 'image/jpeg', blob: new Blob([random(70_001)], { type: 'image/jpeg' }) },
  { name: 'notes.txt', type: 'text/plain', blob: new Blob(['nothing left the two devices']) },
];
const digest = async (b: Blob) => createHash('sha256').update(Buffer.from(await b.arrayBuffer())).digest('hex');

describe('the transfer', { timeout: 20_000 }, () => {
  for (const [name, chunkSize, highWater] of [
    ['16 KB chunks, a 256 KB high-water mark', 16 << 10, 256 << 10],
    ['the defaults (16 KB, 1 MB)', undefined, undefined],
    ['chunks that do not divide the files (10 000 bytes, 64 KB)', 10_000, 64 << 10],
  ] as const) {
    it(`moves 3 files intact, in order, with back-pressure and progress to the end: ${name}`, async () => {
      const { a, b } = channelPair();
      const files = FILES();
      const total = files.reduce((n, f) => n + f.blob.size, 0);
      const sent: number[] = [];
      const received: number[] = [];
      const headers: unknown[] = [];
      const [, got] = await Promise.all([
        sendFiles(a, files, { chunkSize, highWater, onProgress: (n, t) => (expect(t).toBe(total), sent.push(n)) }),
        receiveFiles(b, { onHeader: (h) => headers.push(h), onProgress: (n, t) => (expect(t).toBe(total), received.push(n)) }),
      ]);
      expect(got.map((f) => [f.name, f.type, f.blob.size, f.blob.type])).toEqual(files.map((f) => [f.name, f.type, f.blob.size, f.type]));
      for (const [i, f] of got.entries()) expect(await digest(f.blob), f.name).toBe(await digest(files[i]!.blob));
      expect(headers).toHaveLength(1);
      expect((headers[0] as { sha256: string }[]).map((h) => h.sha256)).toEqual(await Promise.all(files.map((f) => digest(f.blob))));
      // Back-pressure: the buffer went past the high-water mark (the sender had to wait), never further than one chunk.
      const hw = highWater ?? 1 << 20;
      const chunk = chunkSize ?? 16 << 10;
      expect(a.maxBuffered).toBeGreaterThan(hw);
      expect(a.maxBuffered).toBeLessThanOrEqual(hw + chunk + 1024 /* the header */);
      expect(a.bufferedAmountLowThreshold).toBe(hw / 2);
      for (const p of [sent, received]) {
        expect(p.at(-1)).toBe(total);
        expect(p.every((n, i) => i === 0 || n > p[i - 1]!)).toBe(true);
      }
      expect(a.listenerCount + b.listenerCount, 'every listener removed').toBe(0);
    });
  }

  it('goes on when bufferedamountlow never comes (it looks at the buffer again by itself)', async () => {
    const { a, b } = channelPair({ noLowEvent: true });
    const files = [{ name: 'a.bin', type: 'application/octet-stream', blob: new Blob([random(120_000)]) }];
    const [, got] = await Promise.all([sendFiles(a, files, { highWater: 32 << 10 }), receiveFiles(b)]);
    expect(await digest(got[0]!.blob)).toBe(await digest(files[0]!.blob));
    expect(a.maxBuffered).toBeLessThanOrEqual((32 << 10) + (16 << 10) + 1024);
  });

  it('a damaged chunk: the phone refuses it (ChecksumError) and the booth hears its reason', async () => {
    for (const corrupt of [5, 130 /* in the second file */]) {
      const { a, b } = channelPair({ corrupt });
      const sent = sendFiles(a, FILES());
      const received = receiveFiles(b);
      await expect(received).rejects.toBeInstanceOf(ChecksumError);
      const error = await sent.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChecksumError);
      expect((error as TransferError).reason).toBe('checksum');
      expect(a.listenerCount + b.listenerCount).toBe(0);
    }
  });

  it('a connection that closes half-way fails both sides', async () => {
    const { a, b } = channelPair({ closeAfter: 20 });
    const sent = sendFiles(a, FILES());
    const received = receiveFiles(b);
    for (const p of [received, sent]) {
      const error = await p.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransferError);
      expect((error as TransferError).reason).toBe('closed');
    }
    expect(a.listenerCount + b.listenerCount).toBe(0);
  });

  it('a send stopped by its signal fails at once, before or during the transfer', async () => {
    const { a, b, closeBoth } = channelPair();
    const controller = new AbortController();
    const received = receiveFiles(b);
    const sent = sendFiles(a, FILES(), { highWater: 64 << 10, signal: controller.signal, onProgress: (n) => n > 200_000 && controller.abort() });
    const error = await sent.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransferError);
    expect((error as TransferError).reason).toBe('aborted');
    expect(a.binarySent).toBeLessThan(20);
    expect(a.listenerCount).toBe(0);
    await expect(sendFiles(a, FILES(), { signal: AbortSignal.abort() })).rejects.toMatchObject({ reason: 'aborted' });
    closeBoth();
    await expect(received).rejects.toMatchObject({ reason: 'closed' });
  });

  it('a closed channel fails the send before it starts; nothing to send is a mistake', async () => {
    const { a } = channelPair();
    a.readyState = 'closed';
    await expect(sendFiles(a, FILES())).rejects.toMatchObject({ name: 'TransferError', reason: 'closed' });
    const { a: open } = channelPair();
    await expect(sendFiles(open, [])).rejects.toBeInstanceOf(RangeError);
    await expect(sendFiles(open, FILES().slice(0, 1).concat(Array(MAX_FILES).fill(FILES()[2])))).rejects.toBeInstanceOf(RangeError);
  });

  it('the phone refuses a header it does not take, and says why', async () => {
    const sha = 'ab'.repeat(32);
    const headers = [
      { v: 1, files: [{ name: 'huge', type: 'x', size: 1 << 30, sha256: sha }] },
      { v: 1, files: Array.from({ length: MAX_FILES + 1 }, (_, i) => ({ name: `${i}`, type: 'x', size: 1, sha256: sha })) },
      { v: 1, files: [] },
      { v: 2, files: [{ name: 'a', type: 'x', size: 1, sha256: sha }] },
      { v: 1, files: [{ name: 'a', type: 'x', size: -1, sha256: sha }] },
      { v: 1, files: [{ name: 'a', type: 'x', size: 1.5, sha256: sha }] },
      { v: 1, files: [{ name: 'a', type: 'x', size: 1, sha256: 'nope' }] },
      { v: 1, files: [{ name: 42, type: 'x', size: 1, sha256: sha }] },
      'not json',
    ];
    for (const header of headers) {
      const { a, b } = channelPair();
      const replies: unknown[] = [];
      a.addEventListener('message', (e) => replies.push(JSON.parse(String(e.data))));
      const received = receiveFiles(b);
      a.send(typeof header === 'string' ? header : JSON.stringify(header));
      await expect(received, JSON.stringify(header)).rejects.toMatchObject({ reason: 'header' });
      await new Promise((r) => setTimeout(r, 5));
      expect(replies).toEqual([{ ok: false, reason: 'header' }]);
    }
  });

  it('the phone refuses more bytes than announced, and text where bytes belong', async () => {
    const one = new Uint8Array([1, 2, 3]);
    const sha256 = createHash('sha256').update(one).digest('hex');
    for (const extra of [new Uint8Array([1, 2, 3, 4]).buffer, 'hello']) {
      const { a, b } = channelPair();
      const received = receiveFiles(b);
      a.send(JSON.stringify({ v: 1, files: [{ name: 'a', type: 'x', size: 3, sha256 }] }));
      a.send(extra);
      await expect(received).rejects.toMatchObject({ reason: 'protocol' });
    }
    // Exactly what was announced passes, empty files included.
    const { a, b } = channelPair();
    const received = receiveFiles(b);
    const empty = createHash('sha256').update('').digest('hex');
    a.send(JSON.stringify({ v: 1, files: [{ name: 'e', type: 'x', size: 0, sha256: empty }, { name: 'a', type: 'x', size: 3, sha256 }, { name: 'f', type: 'x', size: 0, sha256: empty }] }));
    a.send(one.slice(0, 2).buffer);
    a.send(one.slice(2).buffer);
    expect((await received).map((f) => [f.name, f.blob.size])).toEqual([['e', 0], ['a', 3], ['f', 0]]);
  });

  it("the booth refuses a reply that is not the phone's verdict", async () => {
    const { a, b } = channelPair();
    const sent = sendFiles(a, [{ name: 'a', type: 'x', blob: new Blob(['abc']) }]);
    b.addEventListener('message', (e) => typeof e.data !== 'string' && b.send('garbage'));
    await expect(sent).rejects.toMatchObject({ name: 'TransferError', reason: 'reply' });
  });
});

// Node's own MessageChannel, EventTarget and MessageEvent belong together; jsdom would mix its
// Event classes with Node's ports.
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { connect, expose, type Endpoint, type Handlers } from '../../src/workers/bridge';

type Api = {
  add(pair: [number, number]): number;
  echo(text: string): Promise<string>;
  take(buffer: ArrayBuffer): number;
  fill(size: number): ArrayBuffer;
  fail(message: string): void;
  hang(): void;
  load(): string;
  ping(): 'pong';
};
type Events = { progress: { loaded: number; total: number } };

/** Worker-side state the tests look at. */
const seen = { signals: [] as AbortSignal[], filled: [] as ArrayBuffer[] };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Awaits a condition (polling every 5 ms) instead of sleeping a fixed time. */
const until = (condition: () => boolean) => vi.waitUntil(condition, { interval: 5, timeout: 2000 });

const handlers: Handlers<Api, Events> = {
  add: ([a, b]) => a + b,
  echo: async (text) => {
    await sleep(text.length * 5); // longer texts answer later, so replies come back out of order
    return text.toUpperCase();
  },
  take: (buffer) => buffer.byteLength,
  fill: (size, ctx) => {
    const buffer = new Uint8Array(size).fill(7).buffer;
    seen.filled.push(buffer);
    ctx.transfer(buffer);
    return buffer;
  },
  fail: async (message) => {
    throw new RangeError(message);
  },
  hang: (_arg, ctx) =>
    new Promise<void>(() => {
      seen.signals.push(ctx.signal); // never settles: only abort, timeout or failure ends it
    }),
  load: (_arg, ctx) => {
    ctx.emit('progress', { loaded: 1, total: 2 });
    ctx.emit('progress', { loaded: 2, total: 2 });
    return 'loaded';
  },
  ping: () => 'pong',
};

/** A Worker stand-in: port1 of a real MessageChannel, with expose() running on port2. */
class FakeWorker extends EventTarget implements Endpoint {
  terminated = false;
  constructor(readonly port: MessagePort) {
    super();
    const forward = (e: Event) => this.dispatchEvent(new MessageEvent('message', { data: (e as MessageEvent).data }));
    port.addEventListener('message', forward);
    port.start();
  }
  postMessage(message: unknown, transfer: Transferable[]): void {
    this.port.postMessage(message, transfer);
  }
  terminate(): void {
    this.terminated = true;
    this.port.close();
  }
  /** What a browser does when the script 404s or throws uncaught. */
  fire(type: 'error' | 'messageerror', message = ''): void {
    this.dispatchEvent(Object.assign(new Event(type), { message }));
  }
}

const workers: FakeWorker[] = [];
const emitters: ((event: 'progress', data: Events['progress']) => void)[] = [];
function spawn(): FakeWorker {
  const { port1, port2 } = new MessageChannel();
  emitters.push(expose<Api, Events>(handlers, port2).emit);
  const worker = new FakeWorker(port1);
  workers.push(worker);
  return worker;
}

afterEach(() => {
  for (const w of workers.splice(0)) w.terminate();
  emitters.length = 0;
  seen.signals.length = 0;
  seen.filled.length = 0;
});

describe('worker bridge', () => {
  it('round-trips a typed call, and starts the worker only on the first call', async () => {
    const bridge = connect<Api>(spawn);
    expect(workers).toHaveLength(0);
    const sum = await bridge.call('add', [2, 3]);
    expectTypeOf(sum).toEqualTypeOf<number>();
    expect(sum).toBe(5);
    expect(await bridge.call('ping')).toBe('pong');
    expect(workers).toHaveLength(1);
    const typeChecks = () => {
      // @ts-expect-error: wrong argument type
      void bridge.call('add', 'nope');
      // @ts-expect-error: missing argument
      void bridge.call('add');
      // @ts-expect-error: unknown method
      void bridge.call('nope', 1);
      expectTypeOf(bridge.call('echo', 'x')).toEqualTypeOf<Promise<string>>();
    };
    expect(typeChecks).toBeTypeOf('function'); // compiled, never run
  });

  it('gives concurrent calls their own results', async () => {
    const bridge = connect<Api>(spawn);
    const texts = ['cccccc', 'bbbb', 'a', 'dd'];
    const results = await Promise.all(texts.map((t) => bridge.call('echo', t)));
    expect(results).toEqual(texts.map((t) => t.toUpperCase()));
    expect(bridge.pending).toBe(0);
  });

  it('transfers what the transfer lists name, both ways', async () => {
    const bridge = connect<Api>(spawn);
    const copied = new ArrayBuffer(8);
    expect(await bridge.call('take', copied)).toBe(8);
    expect(copied.byteLength).toBe(8); // no transfer list: a copy
    const moved = new ArrayBuffer(16);
    expect(await bridge.call('take', moved, { transfer: [moved] })).toBe(16);
    expect(moved.byteLength).toBe(0); // detached on the sender
    const result = await bridge.call('fill', 32);
    expect(new Uint8Array(result)).toEqual(new Uint8Array(32).fill(7));
    expect(seen.filled[0]?.byteLength).toBe(0); // ctx.transfer detached the worker's copy
  });

  it('rejects with the name and message of an error thrown in a handler', async () => {
    const bridge = connect<Api>(spawn);
    await expect(bridge.call('fail', 'out of range')).rejects.toMatchObject({ name: 'RangeError', message: 'out of range' });
    const untyped = bridge.call as (method: string, arg?: unknown) => Promise<unknown>;
    await expect(untyped('toString')).rejects.toMatchObject({ name: 'TypeError', message: 'Unknown method: toString' });
    expect(await bridge.call('ping')).toBe('pong'); // the worker is still usable
  });

  it('rejects at once on abort and fires the worker-side signal', async () => {
    const bridge = connect<Api>(spawn);
    const controller = new AbortController();
    const call = bridge.call('hang', undefined, { signal: controller.signal });
    await until(() => seen.signals.length === 1);
    controller.abort();
    expect(bridge.pending).toBe(0); // rejected synchronously, not when the worker answers
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect((await call.catch((e: unknown) => e)) instanceof DOMException).toBe(true);
    await until(() => seen.signals[0]?.aborted === true);
  });

  it('rejects an already-aborted call without starting a worker', async () => {
    const bridge = connect<Api>(spawn);
    const call = bridge.call('ping', undefined, { signal: AbortSignal.abort() });
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(workers).toHaveLength(0);
  });

  it('rejects with a TimeoutError after timeoutMs and tells the worker', async () => {
    const bridge = connect<Api>(spawn);
    await expect(bridge.call('hang', undefined, { timeoutMs: 20 })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(bridge.pending).toBe(0);
    await until(() => seen.signals[0]?.aborted === true);
    expect(await bridge.call('ping', undefined, { timeoutMs: 1000 })).toBe('pong');
  });

  for (const type of ['error', 'messageerror'] as const) {
    it(`rejects every pending call on '${type}', reports it, and restarts on the next call`, async () => {
      const bridge = connect<Api>(spawn);
      const onError = vi.fn();
      bridge.onError(onError);
      const calls = [bridge.call('hang'), bridge.call('hang')];
      await until(() => seen.signals.length === 2);
      workers[0]?.fire(type, 'Uncaught Error: boom');
      const failure = { name: 'WorkerError', message: expect.stringContaining('boom') };
      for (const call of calls) await expect(call).rejects.toMatchObject(failure);
      expect(bridge.pending).toBe(0);
      expect(onError).toHaveBeenCalledOnce();
      expect(workers[0]?.terminated).toBe(true);
      expect(await bridge.call('ping')).toBe('pong');
      expect(workers).toHaveLength(2);
    });
  }

  it('rejects the call when the factory throws, without retrying by itself', async () => {
    const factory = vi.fn((): Endpoint => {
      throw new Error('Workers are unavailable');
    });
    const bridge = connect<Api>(factory);
    const onError = vi.fn();
    bridge.onError(onError);
    await expect(bridge.call('ping')).rejects.toThrow('Workers are unavailable');
    await expect(bridge.call('ping')).rejects.toThrow('Workers are unavailable');
    expect(factory).toHaveBeenCalledTimes(2); // once per call, never in a loop
    expect(onError).toHaveBeenCalledTimes(2);
    expect(bridge.pending).toBe(0);
  });

  it('terminates the worker after idleMs with nothing pending, and restarts on the next call', async () => {
    const bridge = connect<Api>(spawn, { idleMs: 30 });
    expect(await bridge.call('echo', 'x'.repeat(12))).toBe('X'.repeat(12)); // a 60 ms call outlives idleMs
    expect(workers[0]?.terminated).toBe(false);
    await until(() => workers[0]?.terminated === true);
    expect(await bridge.call('ping')).toBe('pong');
    expect(workers).toHaveLength(2);
  });

  it('delivers worker events to subscribers until they unsubscribe', async () => {
    const bridge = connect<Api, Events>(spawn);
    const progress = vi.fn((data: Events['progress']) => expectTypeOf(data.loaded).toEqualTypeOf<number>());
    const off = bridge.on('progress', progress);
    expect(await bridge.call('load')).toBe('loaded'); // events are posted before the reply
    expect(progress.mock.calls).toEqual([[{ loaded: 1, total: 2 }], [{ loaded: 2, total: 2 }]]);
    emitters[0]?.('progress', { loaded: 3, total: 3 }); // the top-level emit, outside any call
    await until(() => progress.mock.calls.length === 3);
    off();
    emitters[0]?.('progress', { loaded: 4, total: 4 });
    expect(await bridge.call('ping')).toBe('pong'); // anything emitted before this reply has arrived
    expect(progress).toHaveBeenCalledTimes(3);
  });

  it('terminate() rejects pending calls and stops the worker', async () => {
    const bridge = connect<Api>(spawn);
    const calls = [bridge.call('hang'), bridge.call('hang')];
    expect(bridge.pending).toBe(2);
    bridge.terminate();
    for (const call of calls) await expect(call).rejects.toMatchObject({ name: 'TerminatedError' });
    expect(bridge.pending).toBe(0);
    expect(workers[0]?.terminated).toBe(true);
  });
});

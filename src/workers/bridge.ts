/**
 * A small typed RPC bridge between the main thread and a worker (or any MessagePort).
 *
 * Why hand-written: the strip composer, the face landmarker and the frame scaler all need the same
 * few things (request ids, transfer lists, abort, timeouts, lazy start, idle shutdown, and a clean
 * failure path so the caller can fall back to a main-thread engine), which fit in one small file.
 *
 *   // composer.worker.ts
 *   expose<ComposerApi>({
 *     render: async (req, ctx) => { const out = await draw(req); ctx.transfer(out.bitmap); return out; },
 *     release: (ids) => forget(ids),
 *   });
 *   // main thread
 *   const url = new URL('./composer.worker.ts', import.meta.url);
 *   const composer = connect<ComposerApi>(() => new Worker(url, { type: 'module' }), { idleMs: 30_000 });
 *   const out = await composer.call('render', req, { signal, timeoutMs: 10_000 }); // typed from ComposerApi
 */

/** What both sides talk through: a Worker, a worker's `self`, or a MessagePort. */
export interface Endpoint {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  start?(): void; // a MessagePort only delivers messages after start()
  terminate?(): void; // Worker
  close?(): void; // MessagePort
}

/** The argument and (awaited) result of one method of a protocol type. */
export type ArgOf<F> = F extends (...args: infer P) => unknown ? P[0] : never;
export type ResultOf<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;
/** The argument is optional when the method takes none (or accepts undefined). */
type CallArgs<F> = undefined extends ArgOf<F>
  ? [arg?: ArgOf<F>, options?: CallOptions]
  : [arg: ArgOf<F>, options?: CallOptions];
type Name<T> = keyof T & string;

/** What a worker-side handler gets besides its argument. */
export interface CallContext<Events = Record<string, unknown>> {
  /** Fires when the caller aborts or times out: stop work early, the result is dropped anyway. */
  readonly signal: AbortSignal;
  /** Marks objects in the result to move rather than copy (ImageBitmap, ArrayBuffer, VideoFrame). */
  transfer(...objects: Transferable[]): void;
  /** Sends a one-way event to the main thread (e.g. model download progress). */
  emit<E extends Name<Events>>(event: E, data: Events[E], transfer?: Transferable[]): void;
}

export type Handlers<Api, Events = Record<string, unknown>> = {
  [K in keyof Api]: (arg: ArgOf<Api[K]>, ctx: CallContext<Events>) => ResultOf<Api[K]> | Promise<ResultOf<Api[K]>>;
};

export type CallOptions = { transfer?: Transferable[]; signal?: AbortSignal; timeoutMs?: number };

/** idleMs: terminate the worker after this long with no call pending; the next call starts a new one. */
export type ConnectOptions = { idleMs?: number };

export interface Bridge<Api, Events = Record<string, unknown>> {
  call<K extends Name<Api>>(method: K, ...rest: CallArgs<Api[K]>): Promise<ResultOf<Api[K]>>;
  on<E extends Name<Events>>(event: E, fn: (data: Events[E]) => void): () => void;
  onError(fn: (error: Error) => void): () => void;
  terminate(): void;
  readonly pending: number;
}

type ToWorker = { t: 'call'; id: number; method: string; arg: unknown } | { t: 'abort'; id: number };
type FromWorker =
  | { t: 'ok'; id: number; value: unknown }
  | { t: 'err'; id: number; name: string; message: string }
  | { t: 'event'; event: string; data: unknown };

/** Errors cross the boundary as name + message: cloning loses their class, and throw 'x' has neither. */
const namedError = (name: string, message: string): Error => Object.assign(new Error(message), { name });
function describeError(error: unknown): { name: string; message: string } {
  const e = error as { name?: unknown; message?: unknown } | null | undefined;
  if (typeof e?.message !== 'string') return { name: 'Error', message: String(error) };
  return { name: String(e.name ?? 'Error'), message: e.message };
}

/** Worker side: answers calls from `connect()` with `handlers`. Returns a top-level `emit`. */
export function expose<Api, Events = Record<string, unknown>>(
  handlers: Handlers<Api, Events>,
  scope: Endpoint = self as unknown as Endpoint,
): { emit: CallContext<Events>['emit']; dispose(): void } {
  const running = new Map<number, AbortController>();
  const post = (msg: FromWorker, transfer: Transferable[] = []) => scope.postMessage(msg, transfer);
  const emit: CallContext<Events>['emit'] = (event, data, transfer) => post({ t: 'event', event, data }, transfer);

  async function run(id: number, method: string, arg: unknown): Promise<void> {
    const controller = new AbortController();
    running.set(id, controller);
    const transfer: Transferable[] = [];
    const ctx: CallContext<Events> = { signal: controller.signal, transfer: (...o) => void transfer.push(...o), emit };
    try {
      // hasOwn: a method name like 'toString' must not reach Object.prototype.
      const handler = Object.hasOwn(handlers, method) ? handlers[method as keyof Api] : undefined;
      if (typeof handler !== 'function') throw new TypeError(`Unknown method: ${method}`);
      const value = await handler(arg as never, ctx);
      // Posting can throw (a result that cannot be cloned): the catch turns that into an error reply.
      if (!controller.signal.aborted) post({ t: 'ok', id, value }, transfer);
    } catch (error) {
      if (!controller.signal.aborted) post({ t: 'err', id, ...describeError(error) });
    } finally {
      running.delete(id);
    }
  }

  const onMessage = (event: Event) => {
    const msg = (event as MessageEvent<ToWorker | null>).data;
    if (msg?.t === 'call') void run(msg.id, msg.method, msg.arg);
    else if (msg?.t === 'abort') running.get(msg.id)?.abort();
  };
  scope.addEventListener('message', onMessage);
  scope.start?.();
  return { emit, dispose: () => scope.removeEventListener('message', onMessage) };
}

/** Main side: a typed client for a worker made by `makeWorker`, started on the first call. */
export function connect<Api, Events = Record<string, unknown>>(
  makeWorker: () => Endpoint,
  { idleMs }: ConnectOptions = {},
): Bridge<Api, Events> {
  let worker: Endpoint | null = null;
  let nextId = 1; // never reused, so a late reply from a replaced worker cannot match a new call
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const calls = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  const errorListeners = new Set<(error: Error) => void>();

  const onMessage = (event: Event) => {
    const msg = (event as MessageEvent<FromWorker | null>).data;
    if (msg?.t === 'event') listeners.get(msg.event)?.forEach((fn) => fn(msg.data));
    else if (msg?.t === 'ok') calls.get(msg.id)?.resolve(msg.value);
    else if (msg?.t === 'err') calls.get(msg.id)?.reject(namedError(msg.name, msg.message));
  };
  // 'error': the script failed to load (404, syntax error) or threw uncaught; 'messageerror': a
  // reply could not be deserialized. Either way no pending reply can be trusted to arrive.
  const onFailure = (event: Event) => {
    event.preventDefault(); // handled here (callers hear it through onError): no uncaught-error report
    const detail = (event as Partial<ErrorEvent>).message || 'failed to load or threw an uncaught error';
    fail(namedError('WorkerError', `Worker ${event.type}: ${detail}`));
  };
  const handlersOf = [['message', onMessage], ['error', onFailure], ['messageerror', onFailure]] as const;

  function start(): Endpoint {
    if (worker) return worker;
    const w = makeWorker(); // may throw: the caller's call rejects, nothing retries by itself
    for (const [type, fn] of handlersOf) w.addEventListener(type, fn);
    w.start?.();
    return (worker = w);
  }

  /** Terminates the worker and rejects every pending call; the next call starts a fresh worker. */
  function stop(reason: unknown): void {
    clearTimeout(idleTimer);
    const w = worker;
    worker = null;
    if (w) {
      for (const [type, fn] of handlersOf) w.removeEventListener(type, fn);
      if (w.terminate) w.terminate();
      else w.close?.();
    }
    for (const call of [...calls.values()]) call.reject(reason);
  }

  function fail(error: Error): void {
    stop(error);
    errorListeners.forEach((fn) => fn(error));
  }

  function call(method: string, arg?: unknown, options: CallOptions = {}): Promise<unknown> {
    const { transfer = [], signal, timeoutMs } = options;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      let endpoint: Endpoint;
      try {
        endpoint = start();
      } catch (error) {
        // e.g. Worker construction refused (CSP): report it like a failure so callers fall back.
        const failure = error instanceof Error ? error : namedError('WorkerError', String(error));
        errorListeners.forEach((fn) => fn(failure));
        return reject(failure);
      }
      clearTimeout(idleTimer);
      const id = nextId++;
      let timer: ReturnType<typeof setTimeout> | undefined;
      // Every way out (reply, abort, timeout, failure) goes through settle, which runs only once.
      const settle = (fn: (v: unknown) => void) => (value: unknown) => {
        if (!calls.delete(id)) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        fn(value);
        if (calls.size === 0 && idleMs !== undefined && worker) idleTimer = setTimeout(() => stop(null), idleMs);
      };
      const entry = { resolve: settle(resolve), reject: settle(reject) };
      // Reject here at once, and tell the worker so its ctx.signal fires and it can stop working.
      const cancel = (reason: unknown) => {
        if (calls.has(id) && worker === endpoint) endpoint.postMessage({ t: 'abort', id } satisfies ToWorker, []);
        entry.reject(reason);
      };
      const onAbort = () => cancel(signal?.reason ?? new DOMException('The call was aborted', 'AbortError'));
      calls.set(id, entry);
      signal?.addEventListener('abort', onAbort, { once: true });
      const timedOut = () => cancel(new DOMException(`${method} timed out after ${timeoutMs} ms`, 'TimeoutError'));
      if (timeoutMs !== undefined) timer = setTimeout(timedOut, timeoutMs);
      try {
        endpoint.postMessage({ t: 'call', id, method, arg } satisfies ToWorker, transfer);
      } catch (error) {
        entry.reject(error); // e.g. DataCloneError: an argument that cannot be cloned
      }
    });
  }

  return {
    call: call as Bridge<Api, Events>['call'],
    on(event, fn) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const listener = fn as (data: unknown) => void;
      set.add(listener);
      return () => void set.delete(listener);
    },
    onError(fn) {
      errorListeners.add(fn);
      return () => void errorListeners.delete(fn);
    },
    terminate: () => stop(namedError('TerminatedError', 'The worker bridge was terminated')),
    get pending() {
      return calls.size;
    },
  };
}

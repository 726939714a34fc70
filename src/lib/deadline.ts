/**
 * Deadlines and aborts for work the booth must never wait on forever (a worker that stopped
 * answering, a shot left behind when the visitor leaves).
 */

/** The work did not finish in time. */
export class DeadlineError extends Error {
  override name = 'TimeoutError';
}

/** The work was stopped (Esc, leaving the booth): not a failure, nothing to report. */
export class AbortedError extends Error {
  override name = 'AbortError';
}

export const isAborted = (e: unknown): boolean => e instanceof AbortedError || (e as { name?: string } | null)?.name === 'AbortError';

/** Throws AbortedError when the signal has fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortedError('stopped');
}

/**
 * `work`, or a DeadlineError after `ms`, or an AbortedError as soon as `signal` fires, whichever
 * comes first. The work itself is not stopped (a worker call ends in its own time): its late
 * result is dropped, and `onLate` may release it (close a frame, a bitmap).
 */
export function withDeadline<T>(work: Promise<T>, ms: number, signal?: AbortSignal, onLate?: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => finish(() => reject(new AbortedError('stopped')));
    const timer = setTimeout(() => finish(() => reject(new DeadlineError(`no answer in ${ms} ms`))), ms);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => (settled ? onLate?.(value) : finish(() => resolve(value))),
      (error: unknown) => finish(() => reject(error)),
    );
  });
}

/** Waits `ms`, or rejects with AbortedError when the signal fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return withDeadline(new Promise<void>((resolve) => setTimeout(resolve, ms)), ms + 60_000, signal);
}

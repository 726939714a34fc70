/** How long a screen's chunk may take to arrive before it counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Chunk load timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** Loads a screen's chunk on demand; a failure is retried once, then surfaces as ChunkLoadError. */
export function loadWithRetry<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return withTimeout(load(), timeoutMs).catch(() =>
    withTimeout(load(), timeoutMs).catch((e: unknown) => {
      throw new ChunkLoadError(e instanceof Error ? e.message : String(e));
    }),
  );
}

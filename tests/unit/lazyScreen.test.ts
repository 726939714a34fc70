import { describe, expect, it } from 'vitest';
import { ChunkLoadError, loadWithRetry } from '../../src/lib/loadWithRetry';

describe('screen chunk loading', () => {
  it('retries a failed chunk once and succeeds', async () => {
    let calls = 0;
    const load = () => (++calls === 1 ? Promise.reject(new Error('network')) : Promise.resolve('ok'));
    await expect(loadWithRetry(load)).resolves.toBe('ok');
    expect(calls).toBe(2);
  });

  it('gives up after the retry with a ChunkLoadError', async () => {
    let calls = 0;
    const load = () => {
      calls++;
      return Promise.reject(new Error('offline'));
    };
    await expect(loadWithRetry(load)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(calls).toBe(2);
  });

  it('counts a chunk that never arrives as failed after the timeout', async () => {
    const never = () => new Promise<never>(() => {});
    await expect(loadWithRetry(never, 20)).rejects.toBeInstanceOf(ChunkLoadError);
  });
});

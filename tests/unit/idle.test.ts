import { describe, expect, it } from 'vitest';
import { soon } from '../../src/lib/idle';

describe('soon: small jobs in tasks of their own', () => {
  it('runs nothing in the calling task, then every job in order', async () => {
    const ran: number[] = [];
    for (let i = 0; i < 5; i++) soon(() => ran.push(i));
    expect(ran).toEqual([]);
    await new Promise((r) => setTimeout(r, 10));
    expect(ran).toEqual([0, 1, 2, 3, 4]);
  });

  it('leaves the rest for the next task once a task has run for a slice', async () => {
    const ran: number[] = [];
    // Each job takes 5 ms: a slice (8 ms) ends after the second, and the rest wait for a later task.
    for (let i = 0; i < 5; i++) soon(() => (busy(5), ran.push(i)));
    // A timer set now runs after the first batch's task, before the next batch's.
    const afterFirst = await new Promise<number>((r) => setTimeout(() => r(ran.length), 0));
    expect(afterFirst).toBe(2);
    await new Promise((r) => setTimeout(r, 50));
    expect(ran).toEqual([0, 1, 2, 3, 4]);
  });

  it('a job that throws holds up none after it', async () => {
    const ran: string[] = [];
    const thrown: unknown[] = [];
    const onError = (e: unknown) => thrown.push(e);
    process.on('uncaughtException', onError);
    try {
      soon(() => {
        throw new Error('broken swatch');
      });
      soon(() => ran.push('next'));
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(ran).toEqual(['next']);
    expect(thrown.map((e) => (e as Error).message)).toEqual(['broken swatch']);
  });

  it('a cancelled job never runs', async () => {
    const ran: string[] = [];
    soon(() => ran.push('kept'));
    const cancel = soon(() => ran.push('cancelled'));
    cancel();
    await new Promise((r) => setTimeout(r, 10));
    expect(ran).toEqual(['kept']);
  });
});

/** Spends `ms` of real time (performance.now() is what a slice is measured by). */
function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

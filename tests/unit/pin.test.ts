import { describe, expect, it } from 'vitest';
import { FREE_TRIES, PinLock, tryDelayMs, type LockRecord } from '../../src/features/event/pin';

function memoryLock() {
  let record: LockRecord | null = null;
  let now = 1_000_000;
  const lock = new PinLock({ read: () => record, write: (r) => void (record = r) }, () => now);
  return { lock, advance: (ms: number) => (now += ms), record: () => record };
}

describe('the host PIN', () => {
  it('waits longer after each wrong try past the free ones, up to a ceiling', () => {
    for (let n = 0; n < FREE_TRIES; n++) expect(tryDelayMs(n)).toBe(0);
    const waits = [FREE_TRIES, FREE_TRIES + 1, FREE_TRIES + 2, FREE_TRIES + 3].map(tryDelayMs);
    expect(waits).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(tryDelayMs(50)).toBe(5 * 60_000);
  });

  it('keeps only a salted hash; the right PIN opens, a wrong one does not', async () => {
    const { lock, record } = memoryLock();
    expect(lock.running).toBe(false);
    await lock.start('2468');
    expect(lock.running).toBe(true);
    // The record is a salt, a hash and the try count, nothing else: no field where the PIN could be.
    // (Not "its text lacks 2468": a random salt's or hash's hex holds those digits 1 run in ~400.)
    expect(record()).toEqual({ salt: expect.stringMatching(/^[0-9a-f]{32}$/), hash: expect.stringMatching(/^[0-9a-f]{64}$/), failures: 0, lastFailAt: 0 });
    expect(await lock.check('1357')).toMatchObject({ ok: false });
    expect(await lock.check('2468')).toEqual({ ok: true });
  });

  it('refuses a PIN that is not 4 to 8 digits', async () => {
    const { lock } = memoryLock();
    await expect(lock.start('123')).rejects.toThrow();
    await expect(lock.start('123456789')).rejects.toThrow();
    await expect(lock.start('12a4')).rejects.toThrow();
  });

  it('after the free tries, even the right PIN waits out the delay; the delay survives a reload', async () => {
    const { lock, advance, record } = memoryLock();
    await lock.start('2468');
    for (let n = 0; n < FREE_TRIES - 1; n++) expect(await lock.check('0000')).toEqual({ ok: false, waitMs: 0 });
    expect(await lock.check('0000')).toEqual({ ok: false, waitMs: 5_000 });
    expect(await lock.check('2468')).toMatchObject({ ok: false }); // too soon: not even checked
    // A new page over the same record (a reload) still waits.
    const again = new PinLock({ read: () => record(), write: () => {} }, () => 1_000_000 + 1_000);
    expect(again.waitLeft()).toBe(4_000);
    advance(5_000);
    expect(await lock.check('1111')).toEqual({ ok: false, waitMs: 10_000 });
    advance(10_000);
    expect(await lock.check('2468')).toEqual({ ok: true });
    expect(record()).toMatchObject({ failures: 0 }); // the count starts again
  });

  it('ending the event lifts the lock and deletes nothing else', async () => {
    const { lock } = memoryLock();
    await lock.start('2468');
    lock.end();
    expect(lock.running).toBe(false);
    expect(await lock.check('anything')).toEqual({ ok: true });
  });
});

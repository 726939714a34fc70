import { useSyncExternalStore } from 'react';
import { sharedValue } from '../../lib/sharedValue';
import { PinLock, type LockRecord } from './pin';

/**
 * The host PIN of the event running on this device, in localStorage: every tab and window of the
 * site sees the same lock (the set-up in a second tab, a booth tab closed and opened again).
 */
const isLockRecord = (x: unknown): x is LockRecord => {
  const r = x as Partial<LockRecord> | null;
  return !!r && typeof r.salt === 'string' && typeof r.hash === 'string' && typeof r.failures === 'number' && typeof r.lastFailAt === 'number';
};

const stored = sharedValue('photobooth.event.lock', isLockRecord);

export const hostLock = new PinLock({ read: () => stored.read(), write: (r) => stored.write(r) });

/**
 * Whether an event is running (its PIN set), kept up to date across tabs. `prerendered`: what the
 * build's static render assumes (no device there to ask).
 */
export function useEventRunning(prerendered = false): boolean {
  return useSyncExternalStore(stored.subscribe, () => stored.read() !== null, () => prerendered);
}

/**
 * THE HOST PIN: set when an event starts, asked for on every way out of the guest booth and before
 * the set-up or gallery shows while the event runs. Plain TypeScript over an injected store and
 * clock (localStorage and Date.now in the app, fakes in the unit tests).
 *
 * Only a salted hash is kept (PBKDF2), never the PIN. Wrong tries are counted in the stored record,
 * so a reload does not reset the wait: after FREE_TRIES wrong ones, each next try waits twice as
 * long as the last (5 s, 10 s, 20 s … at most 5 minutes). The PIN guards the way out, not the
 * strips: nothing here deletes anything, and a forgotten PIN ends the event after a wait with every
 * strip kept (`forgetAfterMs`).
 */

/** 4 to 8 digits. */
export const PIN_PATTERN = /^\d{4,8}$/;
/** Wrong tries with no wait. */
export const FREE_TRIES = 3;
const FIRST_WAIT_MS = 5_000;
const MAX_WAIT_MS = 5 * 60_000;
/** "Forgot the PIN?": the page must stay open this long before it ends the event (strips kept). */
export const FORGOT_WAIT_MS = 60_000;
const ITERATIONS = 60_000;

/** How long the next try must wait after `failures` wrong ones in a row. */
export function tryDelayMs(failures: number): number {
  if (failures < FREE_TRIES) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_TRIES));
}

export interface LockRecord {
  salt: string;
  hash: string;
  /** Wrong tries in a row, and when the last one was. */
  failures: number;
  lastFailAt: number;
}

export interface LockStore {
  read(): LockRecord | null;
  write(record: LockRecord | null): void;
}

export type PinCheck = { ok: true } | { ok: false; waitMs: number };

const hex = (bytes: ArrayBuffer | Uint8Array) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

async function hashPin(pin: string, salt: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: new TextEncoder().encode(salt), iterations: ITERATIONS }, key, 256);
  return hex(bits);
}

export class PinLock {
  constructor(
    private store: LockStore,
    private now: () => number = Date.now,
  ) {}

  /** An event is running: its PIN guards the way out and the host's pages. */
  get running(): boolean {
    return this.store.read() !== null;
  }

  /** Starts the event with this PIN (4–8 digits). */
  async start(pin: string): Promise<void> {
    if (!PIN_PATTERN.test(pin)) throw new Error('A PIN is 4 to 8 digits');
    const salt = hex(crypto.getRandomValues(new Uint8Array(16)));
    this.store.write({ salt, hash: await hashPin(pin, salt), failures: 0, lastFailAt: 0 });
  }

  /** How long before the next try is taken (0: now). */
  waitLeft(): number {
    const r = this.store.read();
    if (!r) return 0;
    return Math.max(0, r.lastFailAt + tryDelayMs(r.failures) - this.now());
  }

  /** Checks a try; a wrong one (or one made before its wait is over) keeps the lock. */
  async check(pin: string): Promise<PinCheck> {
    const r = this.store.read();
    if (!r) return { ok: true };
    const wait = this.waitLeft();
    if (wait > 0) return { ok: false, waitMs: wait };
    if (PIN_PATTERN.test(pin) && (await hashPin(pin, r.salt)) === r.hash) {
      if (r.failures) this.store.write({ ...r, failures: 0, lastFailAt: 0 });
      return { ok: true };
    }
    // Read again: another tab may have counted a try meanwhile.
    const latest = this.store.read() ?? r;
    const failures = latest.failures + 1;
    this.store.write({ ...latest, failures, lastFailAt: this.now() });
    return { ok: false, waitMs: tryDelayMs(failures) };
  }

  /** The event is over (the right PIN, or a forgotten one after its wait): nothing else changes. */
  end(): void {
    this.store.write(null);
  }
}

import { keepAcrossVisits } from '../../lib/persist';
import { useSyncExternalStore } from 'react';
import { sharedValue } from '../../lib/sharedValue';

/**
 * What the host must know about the evening's storage, in every tab: how many strips could not be
 * kept (a full disk, a refused write), and whether the browser granted persistent storage when the
 * event started. Counted from the event's start; shown on the set-up and the attract screen's corner.
 */
export interface EventHealth {
  unkept: number;
  /** navigator.storage.persist()'s answer (null: the browser has no such thing). */
  persisted: boolean | null;
}

const isHealth = (x: unknown): x is EventHealth => {
  const r = x as Partial<EventHealth> | null;
  return !!r && typeof r.unkept === 'number' && (typeof r.persisted === 'boolean' || r.persisted === null);
};

const stored = sharedValue('photobooth.event.health', isHealth);
const NONE: EventHealth = { unkept: 0, persisted: null };

export const readHealth = (): EventHealth => stored.read() ?? NONE;

/** One more strip that could not be kept. */
export function noteUnkept(): void {
  const h = readHealth();
  stored.write({ ...h, unkept: h.unkept + 1 });
}

/**
 * A new event: the count starts again, and the browser is asked to keep the site's storage
 * (persistent storage is what keeps the evening's only copy from being evicted under pressure).
 * Nothing waits for the answer: a browser may ask the host first (Firefox shows a prompt and
 * answers only once the host does, or never), so until it answers the storage is, as it is,
 * best-effort, and the answer is recorded when it comes.
 */
export async function startHealth(): Promise<void> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  stored.write({ unkept: 0, persisted: storage?.persist ? false : null });
  if (!storage?.persist) return;
  const persisted = await keepAcrossVisits(); // refused, or failed: best-effort storage, as written
  stored.write({ ...readHealth(), persisted });
}

export function useEventHealth(): EventHealth {
  return useSyncExternalStore(stored.subscribe, readHealth, () => NONE);
}

/** The bytes the browser still allows the site (its quota less its usage: kept strips and messages included), or null. */
export async function roomLeft(): Promise<number | null> {
  try {
    const { quota, usage } = (await navigator.storage?.estimate?.()) ?? {};
    return quota === undefined || usage === undefined ? null : Math.max(0, quota - usage);
  } catch {
    return null;
  }
}

/** A gallery item as the estimate weighs it. */
export interface Kept {
  kind: 'strip' | 'message';
  bytes: number;
  seconds: number;
}

/**
 * About how many more strips, or minutes of video messages, fit in `room` bytes: at the size of
 * the evening's strips so far (`typicalStrip` before there is one), and at the evening's messages'
 * bytes per second (`nominalBytesPerSecond`, the encoder's bit rates, before there is one). A
 * message weighs what it weighs: it is in the browser's usage, and never in a strip's average.
 */
export function fitEstimate(room: number, kept: readonly Kept[], typicalStrip: number, nominalBytesPerSecond: number): { strips: number; messageMinutes: number } {
  const strips = kept.filter((k) => k.kind === 'strip');
  const messages = kept.filter((k) => k.kind === 'message' && k.seconds > 0);
  const stripBytes = strips.length ? strips.reduce((n, k) => n + k.bytes, 0) / strips.length : typicalStrip;
  const seconds = messages.reduce((n, k) => n + k.seconds, 0);
  const perSecond = seconds > 0 ? messages.reduce((n, k) => n + k.bytes, 0) / seconds : nominalBytesPerSecond;
  return { strips: Math.floor(room / Math.max(1, stripBytes)), messageMinutes: Math.floor(room / Math.max(1, perSecond) / 60) };
}

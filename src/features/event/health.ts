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
  let persisted = false;
  try {
    persisted = (await storage.persisted?.()) || (await storage.persist());
  } catch {
    /* refused: best-effort storage, as written */
  }
  stored.write({ ...readHealth(), persisted });
}

export function useEventHealth(): EventHealth {
  return useSyncExternalStore(stored.subscribe, readHealth, () => NONE);
}

/** About how many more strips of `stripBytes` fit in what the browser still allows the site. */
export async function stripsThatFit(stripBytes: number): Promise<number | null> {
  try {
    const { quota, usage } = (await navigator.storage?.estimate?.()) ?? {};
    if (quota === undefined || usage === undefined || stripBytes <= 0) return null;
    return Math.max(0, Math.floor((quota - usage) / stripBytes));
  } catch {
    return null;
  }
}

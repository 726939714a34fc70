import { lazy, type ComponentType } from 'react';
import { loadWithRetry } from '../lib/loadWithRetry';

/** A lazily loaded screen whose chunk is retried once, then fails as ChunkLoadError. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyScreen<P extends ComponentType<any>>(load: () => Promise<{ default: P }>) {
  return lazy(() => loadWithRetry(load));
}

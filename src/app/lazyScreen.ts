import { lazy, type ComponentType } from 'react';
import { loadWithRetry } from '../lib/loadWithRetry';

/**
 * A lazily loaded screen whose chunk is retried once, then fails as ChunkLoadError. `preload()`
 * fetches it ahead of the first render (main.tsx, for the screen the page opens on): React then
 * renders it at once instead of showing the spinner for a moment, since the loader hands React an
 * already-settled module synchronously.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyScreen<P extends ComponentType<any>>(load: () => Promise<{ default: P }>) {
  let loaded: { default: P } | null = null;
  let loading: Promise<{ default: P }> | null = null;
  const fetchIt = () =>
    (loading ??= loadWithRetry(load).then(
      (m) => (loaded = m),
      (e: unknown) => {
        loading = null; // a later render may try again
        throw e;
      },
    ));
  // A thenable that resolves in the same call: React.lazy reads it as already loaded.
  const settled = (m: { default: P }) => ({ then: (resolve: (v: { default: P }) => void) => resolve(m) }) as unknown as Promise<{ default: P }>;
  const Screen = lazy(() => (loaded ? settled(loaded) : fetchIt()));
  return Object.assign(Screen, { preload: () => fetchIt().then(() => undefined) });
}

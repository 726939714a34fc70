// React 18+ has useSyncExternalStore itself: the `use-sync-external-store` shim (for older React)
// that wouter imports is aliased here in vite.config.ts, keeping its 0.4 KB off every page.
export { useSyncExternalStore } from 'react';

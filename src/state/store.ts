import { createStore } from 'jotai';

/**
 * THE store: React writes settings into it (through the Provider in src/app/App.tsx) and non-React
 * code (the renderer, each frame and each shot) reads and subscribes to the same atoms.
 */
export const store = createStore();

export type Store = typeof store;

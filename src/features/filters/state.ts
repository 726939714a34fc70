import { atom } from 'jotai';
import { DEFAULT_FILTER_ID } from './meta';

/** The chosen filter (registry id): the preview and every shot use it (read at the moment of the shot). */
export const filterIdAtom = atom<string>(DEFAULT_FILTER_ID);

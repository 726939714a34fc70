import { atom } from 'jotai';
import { ATTRACT_VIEW, type EventView } from './flow';

/** What the guest booth shows (published by the guest flow, in the guest booth's own store). */
export const eventViewAtom = atom<EventView>(ATTRACT_VIEW);

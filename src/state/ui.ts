import { atom } from 'jotai';

/** Whether the tutorial overlay is showing (opened from the header or the landing page). */
export const tutorialOpenAtom = atom(false);

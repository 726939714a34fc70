import type { Atom } from 'jotai';

/**
 * What a GPU stage of the booth draws with, as its registry entry declares it: the atom its look
 * is read from (a plain value: a new value is a new look, and the preview redraws), and the plain
 * look, with which the stage draws nothing (a look made without a store starts from it).
 */
export interface StageLook<L> {
  atom: Atom<L>;
  plain: L;
}

/** A stage entry's part that says where its look comes from. */
export interface WithLook<L> {
  look: StageLook<L>;
}

import type { Store } from '../../../state/store';
import { filterIdAtom } from '../../filters/state';
import { STAGES, type Look } from '../stages';
import { mirrorPhotosAtom, mirrorPreviewAtom } from '../state';

/** The look in the store now: the preview's mirroring, or the photos' for a shot; each stage's from its entry's atom. */
export function readLook(store: Store, purpose: 'preview' | 'photo'): Look {
  return {
    filterId: store.get(filterIdAtom),
    mirror: store.get(purpose === 'preview' ? mirrorPreviewAtom : mirrorPhotosAtom),
    stages: Object.fromEntries(STAGES.map((s) => [s.id, store.get(s.look.atom)])),
  };
}

/** The atoms the preview's look is made of (the preview redraws when one changes). */
export const LOOK_ATOMS = [filterIdAtom, mirrorPreviewAtom, ...STAGES.map((s) => s.look.atom)] as const;

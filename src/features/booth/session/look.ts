import type { Store } from '../../../state/store';
import { backgroundAtom, customBackdropAtom } from '../../background/state';
import { beautySettingsAtom } from '../../beauty/state';
import { filterIdAtom } from '../../filters/state';
import { propIdAtom } from '../../props/state';
import type { Look } from '../stages';
import { mirrorPhotosAtom, mirrorPreviewAtom } from '../state';

/** The look in the store now: the preview's mirroring, or the photos' for a shot. */
export function readLook(store: Store, purpose: 'preview' | 'photo'): Look {
  return {
    filterId: store.get(filterIdAtom),
    mirror: store.get(purpose === 'preview' ? mirrorPreviewAtom : mirrorPhotosAtom),
    beauty: store.get(beautySettingsAtom),
    prop: store.get(propIdAtom),
    background: store.get(backgroundAtom),
    customBackdrop: store.get(customBackdropAtom),
  };
}

/** The atoms a look is made of (the preview redraws when one changes). */
export const LOOK_ATOMS = [filterIdAtom, mirrorPreviewAtom, beautySettingsAtom, propIdAtom, backgroundAtom, customBackdropAtom] as const;

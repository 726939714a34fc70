import type { StageEntry } from '../../gl/types';
import type { WithLook } from '../../state/stageLook';
import type { ShotFaces } from '../vision/shotFaces';
import type { FaceLandmarks } from '../vision/types';
import { NO_PROP } from './meta';
import { createPropsStage, type PropsInputs } from './stage';
import { propIdAtom } from './state';

/**
 * Props in a stage registry: they need faces while one is chosen. A photo gets the prop exactly
 * where the preview drew it at the shutter (the live landmarks), and on no face the preview did
 * not show it on.
 */
export const propsStage: StageEntry<string, { faces: FaceLandmarks[] }, PropsInputs, { faces: ShotFaces }> & WithLook<string> = {
  id: 'props',
  look: { atom: propIdAtom, plain: NO_PROP },
  needs: (prop) => (prop !== NO_PROP ? ['faces'] : []),
  create: createPropsStage,
  preview: (prop, live) => ({ prop, faces: live.faces }),
  photo: (prop, shot) => ({ prop, faces: shot.faces.shown }),
};

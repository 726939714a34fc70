import type { StageEntry } from '../../gl/types';
import type { ShotFaces } from '../vision/shotFaces';
import type { FaceLandmarks } from '../vision/types';
import { NO_PROP } from './meta';
import { createPropsStage, type PropsInputs } from './stage';

/**
 * Props in a stage registry: they need faces while one is chosen. A photo gets the prop exactly
 * where the preview drew it at the shutter (the live landmarks), and on no face the preview did
 * not show it on.
 */
export const propsStage: StageEntry<{ prop: string }, { faces: FaceLandmarks[] }, PropsInputs, { faces: ShotFaces }> = {
  id: 'props',
  needs: (look) => (look.prop !== NO_PROP ? ['faces'] : []),
  create: createPropsStage,
  preview: (look, live) => ({ prop: look.prop, faces: live.faces }),
  photo: (look, shot) => ({ prop: look.prop, faces: shot.faces.shown }),
};

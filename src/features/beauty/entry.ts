import type { StageEntry } from '../../gl/types';
import type { WithLook } from '../../state/stageLook';
import { facesForPhoto, type ShotFaces } from '../vision/shotFaces';
import type { FaceLandmarks } from '../vision/types';
import { needsFaces, ZERO_LEVELS, type BeautySettings } from './meta';
import { beautyPrograms, createBeautyStage, type BeautyInputs } from './stage';
import { beautySettingsAtom } from './state';

/**
 * The beauty retouch in a stage registry: it needs faces while any level is on; a photo is
 * retouched on the still's own landmarks, and on the preview's for a face the still missed.
 */
export const beautyStage: StageEntry<BeautySettings, { faces: FaceLandmarks[] }, BeautyInputs, { faces: ShotFaces }> & WithLook<BeautySettings> = {
  id: 'beauty',
  look: { atom: beautySettingsAtom, plain: { enabled: false, levels: ZERO_LEVELS } },
  needs: (beauty) => (needsFaces(beauty) ? ['faces'] : []),
  create: createBeautyStage,
  preview: (beauty, live) => ({ beauty, faces: live.faces }),
  photo: (beauty, shot) => ({ beauty, faces: facesForPhoto(shot.faces) }),
  programs: (beauty) => beautyPrograms(beauty),
};

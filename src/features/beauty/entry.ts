import type { StageEntry } from '../../gl/types';
import { facesForPhoto, type ShotFaces } from '../vision/shotFaces';
import type { FaceLandmarks } from '../vision/types';
import { needsFaces, type BeautySettings } from './meta';
import { beautyPrograms, createBeautyStage, type BeautyInputs } from './stage';

/**
 * The beauty retouch in a stage registry: it needs faces while any level is on; a photo is
 * retouched on the still's own landmarks, and on the preview's for a face the still missed.
 */
export const beautyStage: StageEntry<{ beauty: BeautySettings }, { faces: FaceLandmarks[] }, BeautyInputs, { faces: ShotFaces }> = {
  id: 'beauty',
  needs: (look) => (needsFaces(look.beauty) ? ['faces'] : []),
  create: createBeautyStage,
  preview: (look, live) => ({ beauty: look.beauty, faces: live.faces }),
  photo: (look, shot) => ({ beauty: look.beauty, faces: facesForPhoto(shot.faces) }),
  programs: (look) => beautyPrograms(look.beauty),
};

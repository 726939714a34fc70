import type { StageEntry } from '../../gl/types';
import { facesForPhoto, type ShotFaces } from '../vision/shotFaces';
import type { FaceLandmarks } from '../vision/types';
import { needsFaces, type BeautySettings } from './meta';
import { createBeautyStage, type BeautyInputs } from './stage';

/**
 * The beauty retouch in a stage registry: it needs faces while any level is on; a photo is
 * retouched on the still's own landmarks, and on the preview's for a face the still missed.
 */
export const beautyStage: StageEntry<{ beauty: BeautySettings }, FaceLandmarks[], BeautyInputs, ShotFaces> = {
  id: 'beauty',
  needs: (look) => (needsFaces(look.beauty) ? ['faces'] : []),
  create: createBeautyStage,
  preview: (look, faces) => ({ beauty: look.beauty, faces }),
  photo: (look, faces) => ({ beauty: look.beauty, faces: facesForPhoto(faces) }),
};

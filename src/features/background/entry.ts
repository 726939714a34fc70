import type { StageEntry } from '../../gl/types';
import type { BackgroundSettings } from './meta';
import type { SegmentMask } from './protocol';
import { backgroundPrograms, createBackgroundStage, type BackgroundInputs } from './stage';

/** What the background stage reads of the look. */
export interface BackgroundLook {
  background: BackgroundSettings;
  customBackdrop: ImageBitmap | null;
}

/**
 * Live backgrounds in a stage registry: the person model is needed for blur, a backdrop or the
 * visitor's picture, unless the green-screen key cuts the person out by colour. A photo uses the
 * mask of its own still (or, if that was late, the preview's last one).
 */
export const backgroundStage: StageEntry<BackgroundLook, { mask: SegmentMask | null }, BackgroundInputs, { mask: SegmentMask | null }> = {
  id: 'background',
  needs: ({ background }) => (background.kind !== 'none' && (!background.green || background.kind === 'blur') ? ['segmentation'] : []),
  create: createBackgroundStage,
  preview: (look, live) => ({ settings: look.background, mask: live.mask, custom: look.customBackdrop }),
  photo: (look, shot) => ({ settings: look.background, mask: shot.mask, custom: look.customBackdrop }),
  programs: (look) => backgroundPrograms(look.background),
};

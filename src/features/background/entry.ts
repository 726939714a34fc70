import type { StageEntry } from '../../gl/types';
import type { WithLook } from '../../state/stageLook';
import { DEFAULT_BACKGROUND, type BackgroundSettings } from './meta';
import type { SegmentMask } from './protocol';
import { backgroundPrograms, createBackgroundStage, type BackgroundInputs } from './stage';
import { backgroundLookAtom } from './state';

/** The background stage's look: the settings, and the visitor's picture. */
export interface BackgroundLook {
  background: BackgroundSettings;
  customBackdrop: ImageBitmap | null;
}

/**
 * Live backgrounds in a stage registry: the person model is needed for blur, a backdrop or the
 * visitor's picture, unless the green-screen key cuts the person out by colour. A photo uses the
 * mask of its own still (or, if that was late, the preview's last one).
 */
export const backgroundStage: StageEntry<BackgroundLook, { mask: SegmentMask | null }, BackgroundInputs, { mask: SegmentMask | null }> & WithLook<BackgroundLook> = {
  id: 'background',
  look: { atom: backgroundLookAtom, plain: { background: DEFAULT_BACKGROUND, customBackdrop: null } },
  needs: ({ background }) => (background.kind !== 'none' && (!background.green || background.kind === 'blur') ? ['segmentation'] : []),
  create: createBackgroundStage,
  preview: (look, live) => ({ settings: look.background, mask: live.mask, custom: look.customBackdrop }),
  photo: (look, shot) => ({ settings: look.background, mask: shot.mask, custom: look.customBackdrop }),
  programs: (look) => backgroundPrograms(look.background),
};

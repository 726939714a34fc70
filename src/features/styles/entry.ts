import type { StageEntry } from '../../gl/types';
import type { WithLook } from '../../state/stageLook';
import { NO_STYLE, type StyleLook } from './define';
import { PreviewScale } from './previewScale';
import { createStyleStage, stylePassPrograms, type StyleInputs } from './stage';
import { PLAIN_STYLE, styleLookAtom } from './state';

/** The preview's measured scale per style (one per page: the GPU is the page's). */
export const previewScale = new PreviewScale();

/**
 * Art styles in a stage registry, last: the painting is of the picture after the background,
 * beauty and props. It needs no faces; a photo is drawn at full scale, the preview at the scale
 * measured for its style.
 */
export const styleStage: StageEntry<StyleLook, unknown, StyleInputs, unknown> & WithLook<StyleLook> = {
  id: 'styles',
  look: { atom: styleLookAtom, plain: PLAIN_STYLE },
  needs: () => [],
  create: createStyleStage,
  preview: (look) => ({
    look,
    scale: previewScale.scaleFor(look.id),
    drawn: look.id === NO_STYLE ? undefined : () => previewScale.frame(look.id, performance.now()),
  }),
  photo: (look) => ({ look, scale: 1 }),
  programs: (look) => stylePassPrograms(look),
};

import { runChain } from '../../gl/passes';
import type { RenderStage } from '../../gl/types';
import { chainOf, NO_STYLE, stylePrograms, type StyleLook } from './define';
import { styleById } from './meta';

/** What the style stage reads per frame: the look, the scale to draw at and, for the preview, its clock. */
export interface StyleInputs {
  look: StyleLook;
  /** 1 for a photo; the measured preview scale for a live frame (./previewScale.ts). */
  scale: number;
  /** Called as a live frame is drawn (the preview's scale is measured from these). */
  drawn?: () => void;
}

/** The art-style stage: the chosen style's chain over the picture after every other stage. */
export function createStyleStage(): RenderStage<StyleInputs> {
  return {
    id: 'styles',
    init() {},
    isActive: (frame) => frame.inputs.look.id !== NO_STYLE && styleById(frame.inputs.look.id) !== undefined,
    render(ctx, input, frame) {
      const { look, scale, drawn } = frame.inputs;
      const out = runChain(ctx, chainOf(styleById(look.id)!, look.setting), input, scale);
      drawn?.();
      return out;
    },
    dispose() {},
  };
}

/** The programs a look draws with, compiled ahead of use. */
export function stylePassPrograms(look: StyleLook): [string, string][] {
  const style = styleById(look.id);
  return style ? stylePrograms(style) : [];
}

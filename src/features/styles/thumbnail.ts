import type { Chain } from '../../gl/passes';
import { chainOf, NO_STYLE } from './define';
import { styleById } from './meta';

/** A style's thumbnail is kept under this prefix + its id, beside the filters' (by id). */
export const STYLE_THUMB_PREFIX = 'style:';

/** The chain a style's live thumbnail is drawn with (its initial setting; none for no style); null for an unknown id. */
export function styleThumbChain(thumbId: string): Chain | null {
  const id = thumbId.slice(STYLE_THUMB_PREFIX.length);
  if (id === NO_STYLE) return [];
  const style = styleById(id);
  return style ? chainOf(style, style.setting.initial) : null;
}

import none from '../../../shaders/filters/none.glsl?raw';
import grayscale from '../../../shaders/filters/grayscale.glsl?raw';
import sepia from '../../../shaders/filters/sepia.glsl?raw';
import highContrast from '../../../shaders/filters/high-contrast.glsl?raw';
import bright from '../../../shaders/filters/bright.glsl?raw';
import portraitEnhance from '../../../shaders/filters/portrait-enhance.glsl?raw';
import dramaticLight from '../../../shaders/filters/dramatic-light.glsl?raw';
import advancedBw from '../../../shaders/filters/advanced-bw.glsl?raw';
import filmLook from '../../../shaders/filters/film-look.glsl?raw';
import dreamyBlue from '../../../shaders/filters/dreamy-blue.glsl?raw';
import vintageGreen from '../../../shaders/filters/vintage-green.glsl?raw';
import negative from '../../../shaders/filters/negative.glsl?raw';
import darkMood from '../../../shaders/filters/dark-mood.glsl?raw';

export type FilterGroup = 'standard' | 'professional' | 'artistic';
export const FILTER_GROUPS: FilterGroup[] = ['standard', 'professional', 'artistic'];

export interface FilterDef {
  /** Stable id: saved with photos, used for i18n (`filters.names.<id>`) and test ids. */
  id: string;
  group: FilterGroup;
  /** Keyboard shortcut 1–9 (documented in the user guide); the last four have none. */
  key?: number;
  /** GLSL defining `vec3 filterColor(vec3 c, vec2 uv)` (see shaders/common/filter-main.frag). */
  shader: string;
  /** Default values for the filter's own uniforms. */
  uniforms: Record<string, number>;
}

/** THE list of filters, in picker order. Adding a filter = one entry here + its .glsl + its name. */
export const FILTERS: FilterDef[] = [
  { id: 'none', group: 'standard', key: 1, shader: none, uniforms: {} },
  { id: 'grayscale', group: 'standard', key: 2, shader: grayscale, uniforms: {} },
  { id: 'sepia', group: 'standard', key: 3, shader: sepia, uniforms: {} },
  { id: 'high-contrast', group: 'standard', key: 4, shader: highContrast, uniforms: { u_contrast: 1.6 } },
  { id: 'bright', group: 'standard', key: 5, shader: bright, uniforms: { u_gain: 1.35 } },
  { id: 'portrait-enhance', group: 'professional', key: 6, shader: portraitEnhance, uniforms: { u_warmth: 0.04 } },
  { id: 'dramatic-light', group: 'professional', key: 7, shader: dramaticLight, uniforms: { u_vignette: 0.55 } },
  { id: 'advanced-bw', group: 'professional', key: 8, shader: advancedBw, uniforms: {} },
  { id: 'film-look', group: 'professional', key: 9, shader: filmLook, uniforms: { u_grain: 0.035 } },
  { id: 'dreamy-blue', group: 'artistic', shader: dreamyBlue, uniforms: {} },
  { id: 'vintage-green', group: 'artistic', shader: vintageGreen, uniforms: {} },
  { id: 'negative', group: 'artistic', shader: negative, uniforms: {} },
  { id: 'dark-mood', group: 'artistic', shader: darkMood, uniforms: {} },
];

export const DEFAULT_FILTER_ID = 'none';

/** Size of the picker's live thumbnails (device pixels). */
export const THUMB_WIDTH = 96;
export const THUMB_HEIGHT = 54;

export function filterById(id: string): FilterDef {
  return FILTERS.find((f) => f.id === id) ?? FILTERS[0]!;
}

export function filterForKey(key: string): FilterDef | undefined {
  const n = Number(key);
  return Number.isInteger(n) ? FILTERS.find((f) => f.key === n) : undefined;
}

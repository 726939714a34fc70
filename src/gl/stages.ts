import { createBeautyStage } from './beauty/beautyStage';
import type { RenderStage } from './types';

/**
 * The pre-filter stages, in the order they run (see the seam notes in src/gl/types.ts).
 * Adding a stage = adding one factory here; every pipeline (preview and capture) picks it up.
 */
export const PRE_FILTER_STAGES: Array<() => RenderStage> = [createBeautyStage];

import type { RenderStage, StageEntry } from '../../gl/types';
import { backgroundStage } from '../background/entry';
import type { BackgroundSettings } from '../background/meta';
import type { SegmentMask } from '../background/protocol';
import { beautyStage } from '../beauty/entry';
import { propsStage } from '../props/entry';
import type { ShotFaces } from '../vision/shotFaces';
import type { FaceLandmarks } from '../vision/types';
import type { BeautySettings } from '../beauty/meta';

/**
 * What the booth's picture is drawn with: the renderer gets it (it reads no store). The preview's
 * look follows the store; a shot's is read once, at the shutter (session/look.ts).
 */
export interface Look {
  filterId: string;
  /** Mirrored left–right (the preview's setting for the preview, the photos' for a shot). */
  mirror: boolean;
  beauty: BeautySettings;
  prop: string;
  background: BackgroundSettings;
  /** The visitor's own backdrop picture (null: none chosen). */
  customBackdrop: ImageBitmap | null;
}

/** What a live frame knows besides the look: the latest faces and person mask. */
export interface LiveInputs {
  faces: FaceLandmarks[];
  mask: SegmentMask | null;
}

/** What a photo knows besides the look: the faces for its still, and its own mask. */
export interface ShotInputs {
  faces: ShotFaces;
  mask: SegmentMask | null;
}

type BoothStage = StageEntry<Look, LiveInputs, unknown, ShotInputs>;

/**
 * THE STAGE REGISTRY: every GPU stage before the filter pass, in drawing order. Adding a stage is
 * one entry here plus its feature folder (its entry.ts, its stage, its shaders).
 */
export const STAGES: readonly BoothStage[] = [backgroundStage as BoothStage, beautyStage as BoothStage, propsStage as BoothStage];

/** Each stage's inputs for one frame, by stage id. */
export type StageInputs = Record<string, unknown>;

/** Whether any stage needs face landmarks with this look. */
export function lookNeedsFaces(look: Look, stages: readonly BoothStage[] = STAGES): boolean {
  return stages.some((s) => s.needs(look).includes('faces'));
}

/** Whether any stage needs the person mask with this look. */
export function lookNeedsMask(look: Look, stages: readonly BoothStage[] = STAGES): boolean {
  return stages.some((s) => s.needs(look).includes('segmentation'));
}

/** The programs every stage may draw with under this look (compiled ahead, outside any frame). */
export function lookPrograms(look: Look, stages: readonly BoothStage[] = STAGES): (readonly [string, string])[] {
  return stages.flatMap((s) => s.programs?.(look) ?? []);
}

/** Inputs of every stage for a live frame. */
export function previewInputs(look: Look, live: LiveInputs, stages: readonly BoothStage[] = STAGES): StageInputs {
  return Object.fromEntries(stages.map((s) => [s.id, s.preview(look, live)]));
}

/** Inputs of every stage for a photo. */
export function photoInputs(look: Look, shot: ShotInputs, stages: readonly BoothStage[] = STAGES): StageInputs {
  return Object.fromEntries(stages.map((s) => [s.id, s.photo(look, shot)]));
}

/** The registry's stages made for a pipeline: each reads its own entry of the frame's inputs. */
export function createStages(stages: readonly BoothStage[] = STAGES): RenderStage<StageInputs>[] {
  return stages.map((entry) => {
    const stage = entry.create();
    const own = <F extends { inputs: StageInputs }>(frame: F) => ({ ...frame, inputs: frame.inputs[entry.id] });
    return {
      id: stage.id,
      init: (gl) => stage.init(gl),
      isActive: (frame) => stage.isActive(own(frame)),
      render: (ctx, input, frame) => stage.render(ctx, input, own(frame)),
      dispose: () => stage.dispose(),
    };
  });
}

import type { RenderStage, StageEntry } from '../../gl/types';
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
}

type BoothStage = StageEntry<Look, FaceLandmarks[], unknown, ShotFaces>;

/**
 * THE STAGE REGISTRY: every GPU stage before the filter pass, in drawing order. Adding a stage is
 * one entry here plus its feature folder (its entry.ts, its stage, its shaders).
 */
export const STAGES: readonly BoothStage[] = [beautyStage as BoothStage, propsStage as BoothStage];

/** Each stage's inputs for one frame, by stage id. */
export type StageInputs = Record<string, unknown>;

/** Whether any stage needs face landmarks with this look. */
export function lookNeedsFaces(look: Look, stages: readonly BoothStage[] = STAGES): boolean {
  return stages.some((s) => s.needs(look).includes('faces'));
}

/** Inputs of every stage for a live frame. */
export function previewInputs(look: Look, faces: FaceLandmarks[], stages: readonly BoothStage[] = STAGES): StageInputs {
  return Object.fromEntries(stages.map((s) => [s.id, s.preview(look, faces)]));
}

/** Inputs of every stage for a photo. */
export function photoInputs(look: Look, faces: ShotFaces, stages: readonly BoothStage[] = STAGES): StageInputs {
  return Object.fromEntries(stages.map((s) => [s.id, s.photo(look, faces)]));
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

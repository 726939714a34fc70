import type { RenderStage } from '../../../gl/types';
import type { BoothStage, LiveInputs, Look, ShotInputs, StageInputs } from '../stages';

/*
 * A look and a frame, through the stage registry (handed in: this renderer's side imports no
 * feature's state). Each stage sees only its own part of the look and of the frame's inputs.
 */

/** A stage's own part of a look (its plain look where the look has none). */
const ownLook = (look: Look, stage: BoothStage): unknown => (stage.id in look.stages ? look.stages[stage.id] : stage.look.plain);

/** Whether any stage needs face landmarks with this look. */
export function lookNeedsFaces(look: Look, stages: readonly BoothStage[]): boolean {
  return stages.some((s) => s.needs(ownLook(look, s)).includes('faces'));
}

/** Whether any stage needs the person mask with this look. */
export function lookNeedsMask(look: Look, stages: readonly BoothStage[]): boolean {
  return stages.some((s) => s.needs(ownLook(look, s)).includes('segmentation'));
}

/** The programs every stage may draw with under this look (compiled ahead, outside any frame). */
export function lookPrograms(look: Look, stages: readonly BoothStage[]): (readonly [string, string])[] {
  return stages.flatMap((s) => s.programs?.(ownLook(look, s)) ?? []);
}

/** Inputs of every stage for a live frame. */
export function previewInputs(look: Look, live: LiveInputs, stages: readonly BoothStage[]): StageInputs {
  return Object.fromEntries(stages.map((s) => [s.id, s.preview(ownLook(look, s), live)]));
}

/** Inputs of every stage for a photo. */
export function photoInputs(look: Look, shot: ShotInputs, stages: readonly BoothStage[]): StageInputs {
  return Object.fromEntries(stages.map((s) => [s.id, s.photo(ownLook(look, s), shot)]));
}

/** The registry's stages made for a pipeline: each reads its own entry of the frame's inputs. */
export function createStages(stages: readonly BoothStage[]): RenderStage<StageInputs>[] {
  return stages.map((entry) => {
    const stage = entry.create();
    const ownFrame = <F extends { inputs: StageInputs }>(frame: F) => ({ ...frame, inputs: frame.inputs[entry.id] });
    return {
      id: stage.id,
      init: (gl) => stage.init(gl),
      isActive: (frame) => stage.isActive(ownFrame(frame)),
      render: (ctx, input, frame) => stage.render(ctx, input, ownFrame(frame)),
      dispose: () => stage.dispose(),
    };
  });
}

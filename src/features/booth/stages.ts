import type { StageEntry } from '../../gl/types';
import type { WithLook } from '../../state/stageLook';
import { backgroundStage } from '../background/entry';
import type { SegmentMask } from '../background/protocol';
import { beautyStage } from '../beauty/entry';
import { propsStage } from '../props/entry';
import { styleStage } from '../styles/entry';
import type { ShotFaces } from '../vision/shotFaces';
import type { FaceLandmarks } from '../vision/types';

/**
 * What the booth's picture is drawn with: the renderer gets it (it reads no store). The preview's
 * look follows the store; a shot's is read once, at the shutter (session/look.ts).
 */
export interface Look {
  filterId: string;
  /** Mirrored left–right (the preview's setting for the preview, the photos' for a shot). */
  mirror: boolean;
  /** Each stage's own look, by stage id, as its entry's atom holds it (a stage left out is plain). */
  stages: Readonly<Record<string, unknown>>;
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

/** A stage of the booth: its entry (gl/types.ts) and where its look comes from. */
export type BoothStage = StageEntry<unknown, LiveInputs, unknown, ShotInputs> & WithLook<unknown>;

/**
 * THE STAGE REGISTRY: every GPU stage before the filter pass, in drawing order. Adding a stage is
 * one entry here plus its feature folder (its entry.ts: the look's atom and plain value, what it
 * needs, its inputs; its stage; its shaders). The look, the preview's redraws and each shot's
 * look at the shutter follow from the entries (session/look.ts); the renderer is handed the
 * registry and reads each stage's part of a frame through renderer/stageInputs.ts.
 */
export const STAGES: readonly BoothStage[] = [backgroundStage as BoothStage, beautyStage as BoothStage, propsStage as BoothStage, styleStage as BoothStage];

/** Each stage's inputs for one frame, by stage id. */
export type StageInputs = Record<string, unknown>;

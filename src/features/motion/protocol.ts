import type { MotionClip } from '../../state/session';
import type { StripDesign } from '../strip/compose';
import type { MotionFormat } from './meta';

/** One cell of a moving strip: the shot's burst, or its still alone when it was taken without motion. */
export interface MotionCell {
  clip?: MotionClip;
  still: Blob;
  focus?: { x: number; y: number };
}

/** What to make: one shot's boomerang, or the whole strip with every cell looping. */
export type MotionSpec =
  | { kind: 'boomerang'; clip: MotionClip }
  | { kind: 'strip'; design: StripDesign; cells: MotionCell[]; width: number; height: number };

export interface EncodeRequest {
  format: MotionFormat;
  spec: MotionSpec;
}

export interface EncodeResult {
  blob: Blob;
  width: number;
  height: number;
  frames: number;
  seconds: number;
}

/** The motion worker's API (src/features/motion/motion.worker.ts), over the worker bridge. */
export type MotionApi = {
  encode(req: EncodeRequest): EncodeResult;
};
/** Progress of the running encode, 0..1. */
export type MotionEvents = { progress: number };

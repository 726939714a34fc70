import type { SegmentMask } from '../../background/protocol';
import type { FaceLandmarks } from '../../vision/types';

/** What the preview renderer is fed from outside (the session's trackers) and what it reports. */

/** Where the live landmarks come from (the session's face tracker). */
export interface LiveFaceSource {
  /** This camera frame is there to be searched, if the tracker is free (never queued). */
  offer(video: HTMLVideoElement, mediaMs: number): void;
  /** The latest smoothed landmarks. */
  latest(): FaceLandmarks[];
}

/** Where the live person mask comes from (the session's segmenter): offered like the faces. */
export interface LiveMaskSource {
  offer(video: HTMLVideoElement): void;
  latest(): SegmentMask | null;
}

export const NO_FACES: LiveFaceSource = { offer: () => undefined, latest: () => [] };
export const NO_MASKS: LiveMaskSource = { offer: () => undefined, latest: () => null };

export interface PreviewStats {
  /** Camera frames the video delivered since stats were reset (from presentedFrames when known). */
  cameraFrames: number;
  /** Frames drawn to the screen. */
  renderedFrames: number;
  /** Main-thread JavaScript time spent in the frame callback, total ms. */
  jsMs: number;
  /** Camera frames dropped because the GPU had not finished the previous one. */
  skippedFrames: number;
  /** Frames whose work threw (logged; the loop went on), and watchdog restarts of the loop. */
  failedFrames: number;
  restarts: number;
}


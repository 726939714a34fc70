import { isAborted, withDeadline } from '../../../lib/deadline';
import type { CapturedPhoto, MotionClip } from '../../../state/session';

/** What the stage shows while a sequence runs (published by the session as an atom). */
export type CaptureOverlayState =
  | { kind: 'idle'; flash: boolean }
  | { kind: 'countdown'; shot: number; total: number; remaining: number; flash: boolean }
  | { kind: 'shooting'; shot: number; total: number; flash: boolean };

export const IDLE_OVERLAY: CaptureOverlayState = { kind: 'idle', flash: false };

/** Which photos a sequence takes: `indices` are positions in the photo list. */
export interface ShotPlan {
  indices: number[];
  total: number;
  /** "Retake all": the first shot that completes replaces every earlier photo. */
  replaceAll: boolean;
}

/** The sequence's own settings, read once when it starts. */
export interface SequenceSettings {
  countdown: number;
  sound: boolean;
  motion: boolean;
  /** How long the flash shows after each shot. */
  flashMs: number;
}

/** A burst of the preview around one shot (motion on). */
export interface BurstHandle {
  /** The shutter fired at `shutterAt`: resolves once the burst has its frames after it (or has given up waiting). */
  shutter(shutterAt: number): Promise<void>;
  finish(still: Blob, shutterAt: number): Promise<MotionClip | null>;
  cancel(): void;
}

/** The steps a sequence drives: the session's, or a unit test's fakes. */
export interface SequenceSteps {
  overlay(state: CaptureOverlayState): void;
  wait(ms: number, signal: AbortSignal): Promise<void>;
  shutterSound(): void;
  now(): number;
  /** A burst starting `before` frames ahead of the shutter, or null (no motion, no WebGL). */
  startBurst(before: number): BurstHandle | null;
  /**
   * Takes one photo: reads the look once, at the shutter, and makes the photo whole, or throws
   * (an AbortError when `signal` fires). Never resolves with a photo that did not complete.
   */
  shoot(index: number, signal: AbortSignal): Promise<CapturedPhoto>;
  /** Stores a completed photo at `index` (`replaceAll`: dropping every earlier photo first). */
  commit(index: number, photo: CapturedPhoto, replaceAll: boolean): void;
  /** A completed photo's burst arrived. */
  attachMotion(photoId: string, clip: MotionClip): void;
}

/** How a sequence ended, and the photos it stored. */
export interface SequenceResult {
  outcome: 'done' | 'cancelled' | 'failed';
  error?: unknown;
  /** Photos stored, by index. */
  taken: number[];
  /** The photos it stored, in the plan's order (what a caller moves on with). */
  photos: CapturedPhoto[];
}

/**
 * The capture sequence, as a plain function: a countdown before each shot, a flash and the
 * shutter sound, each photo stored the moment it is whole. The shutter takes the still and the
 * photo is made while the next countdown runs (the flash shows over its first moment), so the
 * sequence is over as soon as the last photo is whole: no waiting between shots, none after. At
 * most one photo is in the making: the next shutter waits for it. Cancelling (the signal) stops
 * it at any step, processing included, and keeps every photo already stored; a new "retake all"
 * replaces the old photos only once its first shot is whole, so cancelling before that loses
 * nothing. With motion on, each shot also keeps a burst from the countdown's last second; the
 * sequence ends once the last burst is in (`framesBefore`: the burst's frames ahead of the shutter
 * after a countdown). A shutter waits for the last burst's frames after its own shutter (without a
 * countdown it would come within them): the photo on the GPU holds the preview, and that burst
 * would have no frames of its own moment.
 */
export async function runSequence(
  steps: SequenceSteps,
  plan: ShotPlan,
  settings: SequenceSettings,
  signal: AbortSignal,
  framesBefore: number,
): Promise<SequenceResult> {
  const bursts: Promise<unknown>[] = [];
  const taken: number[] = [];
  const made = new Map<number, CapturedPhoto>();
  let burst: BurstHandle | null = null;
  /** The last burst while it takes its frames after its shutter. */
  let recording: Promise<void> | null = null;
  /** The last shot's photo while it is being made (and then stored). */
  let making: Promise<void> | null = null;
  let result: Omit<SequenceResult, 'photos'> = { outcome: 'done', taken };
  const countdownMs = 1000;
  try {
    for (const [k, index] of plan.indices.entries()) {
      const shot = index + 1;
      for (let s = settings.countdown; s > 0; s--) {
        const state = { kind: 'countdown', shot, total: plan.total, remaining: s } as const;
        if (s === 1 && settings.motion) burst = steps.startBurst(framesBefore);
        if (k > 0 && s === settings.countdown) {
          // The last shot's flash, over the first moment of this countdown.
          steps.overlay({ ...state, flash: true });
          await steps.wait(settings.flashMs, signal);
          steps.overlay({ ...state, flash: false });
          await steps.wait(countdownMs - settings.flashMs, signal);
        } else {
          steps.overlay({ ...state, flash: false });
          await steps.wait(countdownMs, signal);
        }
      }
      // At most one photo in the making: the last one is whole before this shutter.
      if (making) await making;
      making = null;
      if (recording) await untilDone(recording, signal);
      recording = null;
      if (settings.motion) burst ??= steps.startBurst(0); // no countdown: the burst starts at the shutter
      steps.overlay({ kind: 'shooting', shot, total: plan.total, flash: true });
      if (settings.sound) steps.shutterSound();
      const shutterAt = steps.now();
      const shotBurst = burst;
      burst = null;
      recording = shotBurst?.shutter(shutterAt) ?? null;
      // The still is taken now; the photo is made (and stored once whole) while the sequence goes on.
      making = steps.shoot(index, signal).then(
        (photo) => {
          // Whole: stored now. A "retake all" drops the old photos with its first whole shot.
          steps.commit(index, photo, plan.replaceAll && taken.length === 0);
          taken.push(index);
          made.set(index, photo);
          if (shotBurst) bursts.push(shotBurst.finish(photo.blob, shutterAt).then((motion) => motion && steps.attachMotion(photo.id, motion)));
        },
        (error: unknown) => {
          shotBurst?.cancel();
          throw error;
        },
      );
      making.catch(() => undefined); // handled where it is awaited
      const last = k === plan.indices.length - 1;
      if (last || settings.countdown === 0) {
        await Promise.all([steps.wait(settings.flashMs, signal), making]);
        making = null;
        steps.overlay({ kind: 'shooting', shot, total: plan.total, flash: false });
      }
    }
  } catch (error) {
    result = isAborted(error) ? { outcome: 'cancelled', taken } : { outcome: 'failed', error, taken };
  } finally {
    (burst as BurstHandle | null)?.cancel(); // stopped before its shutter: that shot has no burst
    await (making as Promise<void> | null)?.catch(() => undefined); // a photo in the making: stored if whole, else dropped
    await Promise.allSettled(bursts);
    steps.overlay(IDLE_OVERLAY);
  }
  return { ...result, photos: plan.indices.flatMap((i) => made.get(i) ?? []) };
}

/** A burst gives up waiting for frames on its own; this bound only keeps a broken one from holding the sequence. */
const RECORDING_BOUND_MS = 10_000;

/** Waits for `work`, or until the bound passes; rejects only when the sequence is stopped. */
async function untilDone(work: Promise<void>, signal: AbortSignal): Promise<void> {
  try {
    await withDeadline(work, RECORDING_BOUND_MS, signal);
  } catch (error) {
    if (isAborted(error)) throw error;
  }
}

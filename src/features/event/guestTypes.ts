/** The guest flow's vocabulary: what it shows, what it drives, how long each step may take (./flow.ts). */
import type { ResolutionId } from '../strip/layouts';
import type { ComposerPhoto } from '../strip/protocol';
import { MESSAGE_COUNTDOWN, type VideoMessage } from '../message/meta';
import type { ItemKind } from './gallery';

/**
 * Where a guest is: the attract screen; choosing a look, or photos or a video message (when the
 * host allows any); the countdown and shots; the strip being made; a video message being made and
 * reviewed; the strip (or the kept message) on screen.
 */
export type EventPhase = 'attract' | 'pose' | 'shooting' | 'composing' | 'message' | 'strip';

/** A kept message as the gallery takes it (its file on the device stays while the guest's turn lasts). */
export type KeptMessage = Pick<VideoMessage, 'id' | 'format' | 'blob' | 'seconds' | 'width' | 'height'>;

/** Why the last guest's turn ended early: shots that did not all come, or a step past its deadline. */
export type GuestFailure = 'shots' | 'slow';

/** What the guest booth shows: published by the flow (an atom), rendered by React. */
export interface EventView {
  phase: EventPhase;
  /** The guest's strip on screen (an object URL of the standard JPG, or of their message), in the strip phase only. */
  stripUrl: string | null;
  /** What is on screen in the strip phase: a strip or a message. */
  kind: ItemKind;
  /** Whether the strip is in the event gallery yet ('failed': it could not be kept there). */
  kept: 'saving' | 'kept' | 'failed' | null;
  /** The guest chose "Don't show mine" (strip phase only). */
  hidden: boolean;
  /** The last guest's turn ended early, and why. */
  failed: GuestFailure | null;
}

export const ATTRACT_VIEW: EventView = { phase: 'attract', stripUrl: null, kind: 'strip', kept: null, hidden: false, failed: null };

/** What the flow drives: the booth session, the composer, the gallery and the store (or a test's fakes). */
export interface GuestSteps {
  /** The camera is live and the preview draws: a sequence may start. */
  canShoot(): boolean;
  /** Runs the countdown and shots; resolves with the photos taken (stopped when `signal` fires). */
  shoot(signal: AbortSignal): Promise<ComposerPhoto[]>;
  compose(photos: ComposerPhoto[], resolution: ResolutionId): Promise<Blob>;
  /** Keeps the strip (or the message) in the event gallery; resolves with its id there. */
  keep(strip: Blob, hidden: boolean, message?: KeptMessage): Promise<string>;
  /** Starts a video message: its countdown, recording and review (the desk tells the flow how it ended). */
  recordMessage(): void;
  /** Ends a message being made or reviewed, keeping nothing. */
  cancelMessage(): void;
  /** The guest changed "Don't show mine" after their strip was kept. */
  setHidden(id: string, hidden: boolean): Promise<void>;
  /** A strip could not be kept (or not in time): the host is told. */
  unkept(error: unknown): void;
  /** The guest is gone: their photos leave the store, their look is undone. */
  forget(): void;
  publish(view: EventView): void;
  objectUrl(blob: Blob): string;
  revokeUrl(url: string): void;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

/** How long each step of a guest's turn may take before the booth gives it up. */
export interface Deadlines {
  /** The whole countdown and every shot. */
  shootMs: number;
  /** Making the strip. */
  composeMs: number;
  /** Writing it into the gallery (the guest is not held up by it). */
  keepMs: number;
}

export interface FlowOptions {
  /** Photos per guest: fewer means the sequence was cut short. */
  shots: number;
  /** The guest gets the pose screen (the host allowed filters, props or beauty). */
  choose: boolean;
  /** After this long without a touch or a key, the pose or strip screen goes back to attract. */
  idleMs: number;
  deadlines: Deadlines;
  /**
   * Guests may record a video message instead of photos: the longest a message's turn (the
   * microphone, countdown, recording and review) may last before the booth goes back to attract.
   */
  messageMs?: number;
}

/**
 * The deadlines for a turn of `shots` shots after a `countdown` of seconds: the countdowns, plus
 * a generous allowance per photo (the still's face search and the photo's making have their own
 * shorter deadlines inside the booth), and fixed allowances for the strip and the gallery.
 */
export function deadlinesFor(shots: number, countdown: number): Deadlines {
  return { shootMs: shots * (countdown * 1000 + 8_000) + 5_000, composeMs: 20_000, keepMs: 20_000 };
}

/**
 * How long a guest's message turn may last: asking for the microphone, the countdown, the
 * recording at the host's length, and the idle time again for the review.
 */
export function messageDeadline(s: { messageSeconds: number; idleSeconds: number }): number {
  return 30_000 + MESSAGE_COUNTDOWN * 1000 + s.messageSeconds * 1000 + s.idleSeconds * 1000;
}

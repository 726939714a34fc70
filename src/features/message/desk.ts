import { sleep } from '../../lib/deadline';
import type { Store } from '../../state/store';
import type { FrameWorker } from '../frames/frameWorker';
import type { FrameTap } from '../frames/tap';
import { runMessage, type MessageSteps } from './flow';
import { BOOTH_MESSAGE_SECONDS, MESSAGE_COUNTDOWN, MESSAGE_MAX_LINES, messageFile, type VideoMessage } from './meta';
import { startRecording } from './recorder';
import { clearUnkept, removeMessageFile } from './sink';
import { failureOf, keptMessagesAtom, messageFailedAtom, messagePhaseAtom, messageReviewAtom } from './state';
import { detectMessageSupport } from './support';

/** What the booth lends a message: where it reads the live look, and whether to turn it as photos are. */
export type LookSource = () => { tap: FrameTap; flip: boolean; workers?: FrameWorker } | null;

/** The microphone, echo cancelled and noise suppressed; null when refused or missing. */
async function askMicrophone(): Promise<MediaStreamTrack | null> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true }, video: false });
    return stream.getAudioTracks()[0] ?? null;
  } catch {
    return null;
  }
}

let made = 0;

export interface DeskOptions {
  /** The longest message, in seconds. */
  limit?: number;
  /** Where a kept message goes (the event's gallery); the booth's own list when absent. */
  onKept?: (message: VideoMessage) => void;
  /** A message ended with nothing kept: cancelled, failed, or discarded at review. */
  onDropped?: () => void;
}

/**
 * THE MESSAGE DESK: one per booth screen, plain TypeScript. Makes a message (runMessage) from the
 * look the booth lends, holds it for review, keeps it or drops it; React starts it, sends it
 * commands and renders the atoms it publishes.
 */
export class MessageDesk {
  private stopper: AbortController | null = null;
  private canceller: AbortController | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private store: Store,
    private look: LookSource,
    private options: DeskOptions = {},
  ) {}

  /** Starts a message (its countdown first). */
  start(): void {
    if (this.running || this.store.get(messageReviewAtom)) return;
    const lent = this.look();
    lent?.workers?.warm(); // up before the countdown ends: the frames are turned there
    // The preview is drawn at the camera's size from the countdown on (the message is the camera's
    // picture), so the first recorded frame is already at that size.
    const fullSize = lent?.tap.atCameraSize?.(MESSAGE_MAX_LINES);
    const stop = (this.stopper = new AbortController());
    const cancel = (this.canceller = new AbortController());
    const store = this.store;
    store.set(messageFailedAtom, null);
    const id = `message-${Date.now().toString(36)}-${made++}`;
    const steps: MessageSteps = {
      phase: (p) => store.set(messagePhaseAtom, p),
      askMic: askMicrophone,
      record: async (mic) => {
        // The encoders are probed when a message is first asked for, never at the booth's start.
        const support = await detectMessageSupport();
        const look = this.look();
        if (!support.path || !look) throw new Error('No way to record here');
        // What a tab closed mid-recording left half made; this visit's kept ones stay.
        await clearUnkept(new Set(store.get(keptMessagesAtom).map(messageFile)));
        return startRecording({ ...look, mic, support, id });
      },
      wait: (ms, signal) => sleep(ms, signal).catch(() => undefined), // Esc ends the wait early
    };
    const limit = this.options.limit ?? BOOTH_MESSAGE_SECONDS;
    this.running = runMessage(steps, { countdown: MESSAGE_COUNTDOWN, limit }, stop.signal, cancel.signal).then((result) => {
      this.running = null;
      fullSize?.();
      if (result.outcome === 'recorded') return store.set(messageReviewAtom, { id, recording: result.recording, micRefused: result.micRefused });
      if (result.outcome === 'failed') {
        console.error('Message failed:', result.error);
        store.set(messageFailedAtom, failureOf(result.error));
      }
      this.options.onDropped?.();
    });
  }

  /** Space, Stop: ends the recording and keeps it for review. */
  stop(): void {
    this.stopper?.abort();
  }

  /** Esc, leaving: ends it keeping nothing. */
  cancel(): void {
    this.canceller?.abort();
  }

  /** Keeps the message under review. */
  keep(): VideoMessage | null {
    const review = this.store.get(messageReviewAtom);
    if (!review) return null;
    const { id, recording } = review;
    const message: VideoMessage = { id, createdAt: Date.now(), ...recording };
    this.store.set(messageReviewAtom, null);
    if (this.options.onKept) this.options.onKept(message);
    else this.store.set(keptMessagesAtom, [...this.store.get(keptMessagesAtom), message]);
    return message;
  }

  /** Drops the message under review (Discard, Esc): nothing of it is kept. */
  async discard(): Promise<void> {
    if (await this.drop()) this.options.onDropped?.();
  }

  /** Drops the message under review and records another. */
  async again(): Promise<void> {
    await this.drop();
    this.start();
  }

  private async drop(): Promise<boolean> {
    const review = this.store.get(messageReviewAtom);
    if (!review) return false;
    this.store.set(messageReviewAtom, null);
    await removeMessageFile(messageFile({ id: review.id, format: review.recording.format }));
    return true;
  }

  /** Deletes a kept message. */
  async remove(id: string): Promise<void> {
    const kept = this.store.get(keptMessagesAtom);
    const gone = kept.find((m) => m.id === id);
    if (!gone) return;
    this.store.set(keptMessagesAtom, kept.filter((m) => m !== gone));
    await removeMessageFile(messageFile(gone));
  }

  /** The screen is going: a message being made keeps nothing. */
  async dispose(): Promise<void> {
    this.cancel();
    await this.running;
  }
}

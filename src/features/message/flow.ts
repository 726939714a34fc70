import type { Recording } from './meta';
import type { ActiveRecording } from './recorder';

/** What the booth shows of a message being made. */
export type MessagePhase =
  | { kind: 'idle' }
  | { kind: 'mic' }
  | { kind: 'countdown'; n: number }
  | { kind: 'recording'; elapsed: number; limit: number; sound: boolean }
  | { kind: 'finishing' };

export const IDLE_PHASE: MessagePhase = { kind: 'idle' };

/** The parts of the world a message is made with (the booth's, or a test's). */
export interface MessageSteps {
  phase(p: MessagePhase): void;
  /** The microphone (asked for now), or null when refused or missing. */
  askMic(): Promise<MediaStreamTrack | null>;
  record(mic: MediaStreamTrack | null): Promise<ActiveRecording>;
  /** Resolves after `ms`, or early when `signal` fires. */
  wait(ms: number, signal: AbortSignal): Promise<void>;
}

export interface MessageSettings {
  /** Seconds of countdown before recording. */
  countdown: number;
  /** Seconds at most. */
  limit: number;
}

export type MessageResult =
  | { outcome: 'recorded'; recording: Recording; micRefused: boolean }
  | { outcome: 'cancelled' }
  | { outcome: 'failed'; error: unknown };

/** How often the timer on screen moves while recording. */
export const TICK_MS = 250;

/**
 * One message, start to file: the microphone asked for, the countdown, recording with its timer
 * until the limit or `stop` (Space, Stop), then the file. `cancel` (Esc, leaving) at any point
 * keeps nothing. The microphone is released however it ends.
 */
export async function runMessage(steps: MessageSteps, settings: MessageSettings, stop: AbortSignal, cancel: AbortSignal): Promise<MessageResult> {
  let mic: MediaStreamTrack | null = null;
  let active: ActiveRecording | null = null;
  const either = AbortSignal.any([stop, cancel]);
  try {
    steps.phase({ kind: 'mic' });
    mic = await steps.askMic();
    for (let n = settings.countdown; n > 0; n--) {
      if (cancel.aborted) return { outcome: 'cancelled' };
      steps.phase({ kind: 'countdown', n });
      await steps.wait(1000, cancel);
    }
    if (cancel.aborted) return { outcome: 'cancelled' };
    active = await steps.record(mic);
    const sound = mic !== null;
    for (;;) {
      const elapsed = active.elapsed();
      if (cancel.aborted) {
        await active.cancel();
        return { outcome: 'cancelled' };
      }
      if (stop.aborted || elapsed >= settings.limit) break;
      steps.phase({ kind: 'recording', elapsed, limit: settings.limit, sound });
      await steps.wait(Math.min(TICK_MS, (settings.limit - elapsed) * 1000), either);
    }
    steps.phase({ kind: 'finishing' });
    const recording = await active.stop();
    return { outcome: 'recorded', recording, micRefused: !sound };
  } catch (error) {
    await active?.cancel().catch(() => undefined);
    return { outcome: 'failed', error };
  } finally {
    mic?.stop();
    steps.phase(IDLE_PHASE);
  }
}

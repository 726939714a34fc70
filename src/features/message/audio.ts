import type { AudioSampleSource } from 'mediabunny';
import type { MicPieces } from './micPieces';

/** How long a stop waits for the microphone's next piece (a piece is ~10 ms; a stalled page queues them). */
const PIECE_WAIT_MS = 250;

/**
 * The microphone's samples into the message's audio track, stamped on the message's clock (the
 * page's, as the video's frames are): the first piece is placed where it was heard (its arrival,
 * less its own length), every later one right after the one before by the sample count, so the
 * sound keeps the microphone's own timing and never drifts from the picture.
 */
export function pumpMicrophone(mic: MicPieces, source: AudioSampleSource, startedAt: number): { stop(at: number): Promise<void> } {
  let base: number | null = null;
  let firstTs = 0;
  let pending: Promise<void> = Promise.resolve();
  let failed: unknown = null;
  /** Pieces heard from here on (s, the message's clock) are not kept. */
  let until = Infinity;
  const run = (async () => {
    for (;;) {
      const value = await mic.read();
      if (!value) return;
      if (base === null) {
        base = Math.max(0, (performance.now() - startedAt) / 1000 - value.duration);
        firstTs = value.timestamp;
      }
      const at = base + (value.timestamp - firstTs);
      if (at >= until) {
        value.close();
        return;
      }
      const sample = value;
      sample.setTimestamp(at);
      // In order; one piece at a time (the encoder's queue stays short).
      pending = pending.then(() => source.add(sample)).finally(() => sample.close()).catch((e) => void (failed ??= e));
    }
  })();
  return {
    /**
     * Ends the sound at `at` s on the message's clock: pieces heard before it are already queued
     * (or come within a piece's length) and are kept, the first one after it ends the track. Then
     * (or after PIECE_WAIT_MS, should no piece come) the microphone's reader is let go.
     */
    async stop(at: number) {
      until = at;
      await Promise.race([run, new Promise((resolve) => setTimeout(resolve, PIECE_WAIT_MS))]);
      await mic.cancel();
      await run.catch(() => undefined);
      await pending;
      if (failed) throw failed;
    },
  };
}

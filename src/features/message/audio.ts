import type { AudioSample, AudioSampleSource } from 'mediabunny';
import type { MicPieces } from './micPieces';

/** How long a stop waits for the microphone's next piece (a piece is ~10 ms; a stalled page queues them). */
const PIECE_WAIT_MS = 250;
/** The sound's first this many seconds are held before any is placed, to find how late they came. */
const SETTLE_S = 0.5;

/**
 * The microphone's samples into the message's audio track, stamped on the message's clock (the
 * page's, as the video's frames are): every piece right after the one before by the sample count,
 * so the sound keeps the microphone's own timing and never drifts from the picture, and the whole
 * placed where it was heard. Where the first piece was heard is the least late of the first half
 * second's pieces (its arrival less its own length and the sound before it): a page busy as the
 * message starts (a software GPU drawing the camera's 720p: 200–300 ms a frame in WebKitGTK)
 * hands over its first pieces in a burst, and the first one's arrival put all the sound 0.3 s late.
 */
export function pumpMicrophone(mic: MicPieces, source: AudioSampleSource, startedAt: number): { stop(at: number): Promise<void> } {
  let base: number | null = null;
  let firstTs = 0;
  /** The first pieces, with when each came (s, the message's clock), until the base is known. */
  const held: { sample: AudioSample; heard: number }[] = [];
  let pending: Promise<void> = Promise.resolve();
  let failed: unknown = null;
  /** Pieces heard from here on (s, the message's clock) are not kept. */
  let until = Infinity;
  let ended = false;
  const place = (sample: AudioSample): boolean => {
    const at = base! + (sample.timestamp - firstTs);
    if (at >= until) {
      sample.close();
      return false;
    }
    sample.setTimestamp(at);
    // In order; one piece at a time (the encoder's queue stays short).
    pending = pending.then(() => source.add(sample)).finally(() => sample.close()).catch((e) => void (failed ??= e));
    return true;
  };
  /** The base from the held pieces (the least late), and the held pieces placed. */
  const settle = (): boolean => {
    if (base === null && held.length) base = Math.max(0, Math.min(...held.map((h) => h.heard - (h.sample.timestamp - firstTs) - h.sample.duration)));
    let open = true;
    for (const h of held.splice(0)) {
      if (open) open = place(h.sample);
      else h.sample.close();
    }
    return open;
  };
  const run = (async () => {
    for (;;) {
      const value = await mic.read();
      if (!value) return;
      if (ended) return value.close();
      const heard = (performance.now() - startedAt) / 1000;
      if (base === null) {
        if (!held.length) firstTs = value.timestamp;
        held.push({ sample: value, heard });
        if (value.timestamp - firstTs < SETTLE_S) continue;
        if (settle()) continue;
        return;
      }
      if (!place(value)) return;
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
      ended = true;
      await mic.cancel();
      await run.catch(() => undefined);
      settle(); // a message shorter than the settling: its sound placed now
      await pending;
      if (failed) throw failed;
    },
  };
}

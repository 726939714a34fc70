import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AudioSample, AudioSampleSource } from 'mediabunny';
import { pumpMicrophone } from './audio';
import type { MicPieces } from './micPieces';

/** A piece of `duration` s at `timestamp` s on the microphone's clock (what the pump reads of it). */
function piece(timestamp: number, duration = 0.01) {
  const p = { timestamp, duration, closed: 0, setTimestamp: (t: number) => void (p.timestamp = t), close: () => void p.closed++ };
  return p;
}
type Piece = ReturnType<typeof piece>;

/** Microphone pieces handed over at given page times (ms): each read resolves once the clock is there. */
function mic(pieces: { piece: Piece; at: number }[], clock: { now: number }): MicPieces {
  let i = 0;
  let ended: ((v: null) => void) | null = null;
  let cancelled = false;
  return {
    async read() {
      const next = pieces[i++];
      if (cancelled) return null;
      if (!next) return new Promise<null>((r) => (ended = r)); // no more until cancelled
      clock.now = Math.max(clock.now, next.at);
      return next.piece as unknown as AudioSample;
    },
    async cancel() {
      cancelled = true;
      ended?.(null);
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('pumpMicrophone', () => {
  it('places the sound where it was heard, however late a busy page handed over its first pieces', async () => {
    const clock = { now: 0 };
    vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
    // 10 ms pieces from the message's start (page time 1000 ms), the page stalled for 300 ms: the
    // first 30 come in a burst at 1300 ms, the rest as they are made (10 ms after each is heard).
    const pieces = Array.from({ length: 100 }, (_, k) => ({ piece: piece(50 + k * 0.01), at: Math.max(1300, 1000 + (k + 1) * 10) }));
    const added: number[] = [];
    const source = { add: async (s: Piece) => void added.push(s.timestamp) } as unknown as AudioSampleSource;
    const pump = pumpMicrophone(mic(pieces, clock), source, 1000);
    await vi.waitFor(() => expect(added.length).toBeGreaterThan(60));
    await pump.stop(10);
    // The first piece began at the message's start (0 s), not 0.29 s in (the burst's arrival).
    expect(added[0]).toBeCloseTo(0, 3);
    expect(added[1]! - added[0]!).toBeCloseTo(0.01, 6);
  });

  it('keeps a message shorter than the settling: its sound placed when it stops', async () => {
    const clock = { now: 0 };
    vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
    const pieces = Array.from({ length: 20 }, (_, k) => ({ piece: piece(k * 0.01), at: 2000 + (k + 1) * 10 }));
    const added: number[] = [];
    const source = { add: async (s: Piece) => void added.push(s.timestamp) } as unknown as AudioSampleSource;
    const pump = pumpMicrophone(mic(pieces, clock), source, 2000);
    await vi.waitFor(() => expect(clock.now).toBe(2200));
    await pump.stop(0.15);
    expect(added.length).toBe(15); // pieces from 0 to 0.14 s; the one at 0.15 s ends the sound
    expect(added[0]).toBeCloseTo(0, 3);
    expect(pieces.every((p) => p.piece.closed <= 1)).toBe(true);
  });
});

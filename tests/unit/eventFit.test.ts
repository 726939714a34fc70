import { describe, expect, it } from 'vitest';
import { fitEstimate, type Kept } from '../../src/features/event/health';

const MB = 1_000_000;
const strip = (bytes: number): Kept => ({ kind: 'strip', bytes, seconds: 0 });
const message = (bytes: number, seconds: number): Kept => ({ kind: 'message', bytes, seconds });

describe("the event's storage estimate", () => {
  it('before anything is kept: typical strips, and messages at the nominal rate', () => {
    expect(fitEstimate(100 * MB, [], 400_000, 330_000)).toEqual({ strips: 250, messageMinutes: 5 });
  });

  it("strips at the evening's own strip size; a message never weighs in a strip's average", () => {
    const kept = [strip(200_000), strip(300_000), message(30 * MB, 60)];
    // 250 KB a strip (not (0.5 + 30) MB / 3 ≈ 10 MB, which would say 10 strips fit), 0.5 MB a second of message.
    expect(fitEstimate(100 * MB, kept, 400_000, 330_000)).toEqual({ strips: 400, messageMinutes: 3 });
  });

  it('messages at what the kept ones weigh a second (a message with no length is left out)', () => {
    expect(fitEstimate(60 * MB, [message(10 * MB, 100), message(5 * MB, 0)], 400_000, 330_000).messageMinutes).toBe(10);
  });

  it('nothing left: none fit', () => {
    expect(fitEstimate(0, [strip(300_000)], 400_000, 330_000)).toEqual({ strips: 0, messageMinutes: 0 });
  });
});

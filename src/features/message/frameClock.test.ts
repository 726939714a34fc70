import { describe, expect, it } from 'vitest';
import { FrameClock } from './frameClock';

describe('FrameClock', () => {
  it('places frames at their camera times whatever delay the preview added', () => {
    const c = new FrameClock(5000);
    // Camera frames every 100 ms (media 5000, 5100, …), shown 80, 200, 90, 350 ms later.
    const shownDelay = [80, 200, 90, 350];
    const at = shownDelay.map((d, i) => c.place(5000 + i * 100, 5000 + i * 100 + d));
    // On the page clock by the least delay (80 ms): 100 ms apart, as the camera took them.
    expect(at.map((t) => Number(t.toFixed(3)))).toEqual([0.08, 0.18, 0.28, 0.38]);
  });

  it('moves onto a quicker way to the screen when one is seen', () => {
    const c = new FrameClock(0);
    expect(c.place(1000, 1300)).toBeCloseTo(1.3);
    expect(c.place(1100, 1250)).toBeCloseTo(1.25); // 150 ms this time: the clock follows it
    expect(c.place(1200, 1500)).toBeCloseTo(1.35);
  });

  it('uses the page clock for a frame with no sensible media time', () => {
    const c = new FrameClock(0);
    c.place(1000, 1100);
    expect(c.place(NaN, 1200)).toBeCloseTo(1.2);
    expect(c.place(90_000, 1300)).toBeCloseTo(1.3); // a redraw's time on another clock
    expect(c.place(1300, 1450)).toBeCloseTo(1.4);
  });
});

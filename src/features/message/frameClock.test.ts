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

  it('places a frame shown over a second late (a busy device) when the camera took it, not when shown', () => {
    const c = new FrameClock(0);
    c.place(0, 100);
    // Flashes 4 s apart in the camera's time; the second one reaches the screen 1.2 s late.
    const first = c.place(2000, 2100);
    const second = c.place(6000, 7300);
    expect(second - first).toBeCloseTo(4, 3);
  });

  it('uses the page clock for a frame with no sensible media time, and follows a camera whose clock changed', () => {
    const c = new FrameClock(0);
    c.place(1000, 1100);
    expect(c.place(NaN, 1200)).toBeCloseTo(1.2);
    // A camera opened again starts its clock at 0: placed when shown, then on its new clock.
    expect(c.place(0, 20_000)).toBeCloseTo(20);
    expect(c.place(100, 20_150)).toBeCloseTo(20.1);
    // A clock that jumps far ahead (a redraw's time on another clock) too.
    expect(c.place(90_000, 21_000)).toBeCloseTo(21);
  });
});

describe('FrameClock with the camera’s capture times', () => {
  it('places a frame when the camera took it, whatever its media time says', () => {
    const c = new FrameClock(1000);
    // A media clock counting frames slower than time (WebKit's mock camera on a busy machine).
    expect(c.place(5333, 10_007, 9080)).toBeCloseTo(8.08);
    expect(c.place(6367, 10_826, 10_716)).toBeCloseTo(9.716);
  });
  it('ignores a capture time in the page’s future or from another clock', () => {
    const c = new FrameClock(0);
    expect(c.place(NaN, 1000, 5000)).toBeCloseTo(1);
    expect(c.place(NaN, 10_000, 1000)).toBeCloseTo(10);
  });
});

import { describe, expect, it } from 'vitest';
import { AfterShutterClock, boomerangOrder, fillSlots } from '../../src/features/motion/clip';
import { BURST_FRAMES, motionSize } from '../../src/features/motion/meta';
import { motionFileName } from '../../src/features/motion/exporter';

describe('boomerangOrder', () => {
  it('goes forward then back without repeating either end', () => {
    expect(boomerangOrder(4)).toEqual([0, 1, 2, 3, 2, 1]);
    expect(boomerangOrder(2)).toEqual([0, 1]);
    expect(boomerangOrder(1)).toEqual([0]);
  });
  it('a burst loops in 2n − 2 frames', () => {
    expect(boomerangOrder(BURST_FRAMES)).toHaveLength(2 * BURST_FRAMES - 2);
  });
});

describe('fillSlots', () => {
  const opts = { fps: 10, before: 2, after: 2 }; // slots every 100 ms, shutter at 1000
  it('takes the first frame drawn at or after each slot, and the still at the shutter', () => {
    const frames = [790, 805, 850, 905, 1010, 1120, 1190, 1230].map((at) => ({ at, frame: `f${at}` }));
    expect(fillSlots(frames, 'still', 1000, opts)).toEqual(['f805', 'f905', 'still', 'f1120', 'f1230']);
  });
  it('repeats the last frame on its side of the shutter where the preview drew nothing new', () => {
    const frames = [{ at: 700, frame: 'early' }, { at: 1050, frame: 'after' }];
    // Nothing drawn after 800 before the shutter: the slot at 900 holds the last frame before it.
    expect(fillSlots(frames, 'still', 1000, opts)).toEqual(['early', 'early', 'still', 'after', 'after']);
  });
  it('never takes a frame from the other side of the shutter', () => {
    const frames = [{ at: 1001, frame: 'after' }];
    expect(fillSlots(frames, 'still', 1000, opts)).toEqual(['still', 'still', 'still', 'after', 'after']);
  });
  it('with nothing before the shutter announced, starts at the still', () => {
    const frames = [1070, 1150].map((at) => ({ at, frame: `f${at}` }));
    expect(fillSlots(frames, 'still', 1000, { fps: 10, before: 0, after: 2 })).toEqual(['still', 'f1150', 'f1150']);
  });
});

describe('AfterShutterClock', () => {
  const slot = 100; // fps 10, shutter at 1000
  it('places a fluent preview’s pictures by the camera’s times', () => {
    const clock = new AfterShutterClock(1000, slot);
    // Shown 40 ms after the shutter, then every ~100 ms (the camera's times 5000, 5100, 5200).
    expect([clock.place(1040, 5000), clock.place(1150, 5100), clock.place(1230, 5200)]).toEqual([1040, 1140, 1240]);
  });
  it('a preview held after the shutter (the photo on the GPU) goes on in the next slot, not past the window', () => {
    const clock = new AfterShutterClock(1000, slot);
    // Nothing shown for 1.3 s, then a picture every 100 ms: the first stands for the first slot.
    const at = [2300, 2400, 2500, 2600].map((t, i) => clock.place(t, 6000 + i * 100));
    expect(at).toEqual([1100, 1200, 1300, 1400]);
    const frames = at.map((t, i) => ({ at: t!, frame: `f${i}` }));
    expect(fillSlots(frames, 'still', 1000, { fps: 10, before: 0, after: 4 })).toEqual(['still', 'f0', 'f1', 'f2', 'f3']);
    // The same frames stamped when shown filled every slot with the first of them.
    const shown = [2300, 2400, 2500, 2600].map((t, i) => ({ at: t, frame: `f${i}` }));
    expect(fillSlots(shown, 'still', 1000, { fps: 10, before: 0, after: 4 })).toEqual(['still', 'f0', 'f0', 'f0', 'f0']);
  });
  it('counts a gap in the middle as MAX_GAP_MS at most, and a picture shown again not at all', () => {
    const clock = new AfterShutterClock(1000, slot, 250);
    expect(clock.place(1050, 5000)).toBe(1050);
    expect(clock.place(1080, 5000)).toBeNull(); // a redraw of the same camera picture
    expect(clock.place(2100, 6000)).toBe(1300); // a 1 s hold counts as 250 ms
    expect(clock.place(2200, NaN)).toBe(1400); // no camera time: the time shown
  });
});

describe('motionSize', () => {
  it('puts 720 on the long side, with even sides in the camera’s aspect', () => {
    expect(motionSize(1280, 720)).toEqual({ width: 720, height: 406 });
    expect(motionSize(1080, 1920)).toEqual({ width: 406, height: 720 });
    expect(motionSize(640, 480)).toEqual({ width: 720, height: 540 });
    expect(motionSize(2, 6, 1280)).toEqual({ width: 426, height: 1280 });
  });
});

describe('motionFileName', () => {
  it('names the moving strip and each boomerang', () => {
    expect(motionFileName('photobooth-2026-11-24-1530', 'strip', 'mp4')).toBe('photobooth-2026-11-24-1530-moving-strip.mp4');
    expect(motionFileName('photobooth-2026-11-24-1530', 1, 'gif')).toBe('photobooth-2026-11-24-1530-boomerang-2.gif');
  });
});

import { describe, expect, it } from 'vitest';
import { boomerangOrder, fillSlots } from '../../src/features/motion/clip';
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

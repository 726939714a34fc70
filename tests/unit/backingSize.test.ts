import { describe, expect, it } from 'vitest';
import { MAX_DPR, SLOW_GPU_MAX_PIXELS } from '../../src/features/booth/meta';
import { backingSize, cameraBackingSize } from '../../src/features/booth/renderer/backingSize';

describe('the preview canvas’s backing store (backingSize)', () => {
  it('is the displayed size × devicePixelRatio, the ratio capped at MAX_DPR', () => {
    expect(backingSize(800, 450, 1, false)).toEqual({ width: 800, height: 450 });
    expect(backingSize(800, 450, 0, false)).toEqual({ width: 800, height: 450 }); // no ratio reported
    expect(backingSize(800, 450, 10, false)).toEqual({ width: Math.round(800 * MAX_DPR), height: Math.round(450 * MAX_DPR) });
  });

  it('on a slow GPU, stays within SLOW_GPU_MAX_PIXELS in the displayed shape', () => {
    const { width, height } = backingSize(1600, 900, MAX_DPR, true);
    expect(width * height).toBeLessThanOrEqual(SLOW_GPU_MAX_PIXELS);
    expect(width / height).toBeCloseTo(16 / 9, 2);
    // Small enough already: as on any GPU.
    expect(backingSize(320, 180, 1, true)).toEqual({ width: 320, height: 180 });
  });

  it('is never empty', () => {
    expect(backingSize(0, 0, 2, true)).toEqual({ width: 1, height: 1 });
  });
});

describe('the preview’s backing store while a message records it (cameraBackingSize)', () => {
  it('is the camera’s own size under a box of its shape, rounding and all', () => {
    expect(cameraBackingSize(666, 375, 1280, 720, 720)).toEqual({ width: 1280, height: 720 });
    expect(cameraBackingSize(640, 360, 1280, 720, 720)).toEqual({ width: 1280, height: 720 });
  });
  it('keeps its short side within the limit (1080p → 720 lines), its sides even', () => {
    expect(cameraBackingSize(640, 360, 1920, 1080, 720)).toEqual({ width: 1280, height: 720 });
    expect(cameraBackingSize(500, 375, 1920, 1080, 720)).toEqual({ width: 960, height: 720 });
  });
  it('is the camera’s pixels under a box of another shape (a portrait stage crops a landscape camera)', () => {
    expect(cameraBackingSize(240, 426, 1280, 720, 720)).toEqual({ width: 404, height: 720 });
  });
  it('never enlarges a small camera', () => {
    expect(cameraBackingSize(1200, 900, 640, 480, 720)).toEqual({ width: 640, height: 480 });
  });
});

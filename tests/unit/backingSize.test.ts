import { describe, expect, it } from 'vitest';
import { MAX_DPR, SLOW_GPU_MAX_PIXELS } from '../../src/features/booth/meta';
import { backingSize } from '../../src/features/booth/renderer/backingSize';

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

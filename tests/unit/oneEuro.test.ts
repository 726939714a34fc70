import { describe, expect, it } from 'vitest';
import { OneEuroFilter } from '../../src/features/vision/oneEuro';

describe('OneEuroFilter', () => {
  it('passes the first sample through unchanged', () => {
    const f = new OneEuroFilter();
    expect(Array.from(f.filter([0.5, 0.25], 0))).toEqual([0.5, 0.25]);
  });

  it('damps jitter around a still point', () => {
    const f = new OneEuroFilter();
    let maxDev = 0;
    let rawDev = 0;
    for (let i = 0; i < 120; i++) {
      const noise = (i % 2 ? 1 : -1) * 0.004;
      const out = f.filter([0.5 + noise], i / 30)[0]!;
      if (i > 10) maxDev = Math.max(maxDev, Math.abs(out - 0.5));
      rawDev = Math.max(rawDev, Math.abs(noise));
    }
    expect(maxDev).toBeLessThan(rawDev / 2);
  });

  it('follows a fast move closely (little lag)', () => {
    const f = new OneEuroFilter();
    let out = 0;
    for (let i = 0; i < 30; i++) out = f.filter([i * 0.02], i / 30)[0]!; // 0.6 of the frame per second
    expect(Math.abs(out - 29 * 0.02)).toBeLessThan(0.03);
  });

  it('restarts from the sample after reset or when time goes backwards', () => {
    const f = new OneEuroFilter();
    f.filter([0], 0);
    f.filter([0.1], 1 / 30);
    expect(f.filter([0.9], 0)[0]).toBeCloseTo(0.9);
    f.reset();
    expect(f.filter([0.3], 5)[0]).toBeCloseTo(0.3);
  });
});

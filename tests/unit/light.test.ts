import { describe, expect, it } from 'vitest';
import { FILTERS } from '../../src/features/filters/meta';
import { BRIGHT_ABOVE, classifyLight, LOW_BELOW, meanLuma, RECOMMENDED_FILTER } from '../../src/features/vision/light';

describe('light classifier', () => {
  it('classifies the fixture clips by their mean luma', () => {
    expect(classifyLight(18)).toBe('low'); // face-dark-1280x720
    expect(classifyLight(93)).toBe('normal'); // face-1280x720
    expect(classifyLight(110)).toBe('normal'); // face-closeup
    expect(classifyLight(202)).toBe('bright'); // face-bright-1280x720
  });

  it('has sharp, ordered thresholds', () => {
    expect(LOW_BELOW).toBeLessThan(BRIGHT_ABOVE);
    expect(classifyLight(LOW_BELOW - 0.01)).toBe('low');
    expect(classifyLight(LOW_BELOW)).toBe('normal');
    expect(classifyLight(BRIGHT_ABOVE)).toBe('normal');
    expect(classifyLight(BRIGHT_ABOVE + 0.01)).toBe('bright');
    expect(classifyLight(0)).toBe('low');
    expect(classifyLight(255)).toBe('bright');
  });

  it('recommends a real filter for each level', () => {
    const ids = new Set(FILTERS.map((f) => f.id));
    for (const id of Object.values(RECOMMENDED_FILTER)) expect(ids.has(id)).toBe(true);
    expect(RECOMMENDED_FILTER.low).toBe('bright');
  });

  it('computes Rec.601 mean luma of RGBA pixels', () => {
    expect(meanLuma(new Uint8Array([255, 255, 255, 255, 0, 0, 0, 255]))).toBeCloseTo(127.5, 5);
    expect(meanLuma(new Uint8Array([255, 0, 0, 255]))).toBeCloseTo(0.299 * 255, 5);
    expect(meanLuma(new Uint8Array([]))).toBe(0);
  });
});

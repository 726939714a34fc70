// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';

/** The beauty state read back from sessionStorage, as a reload of the booth reads it. */
async function readBack() {
  vi.resetModules();
  const { beautyLevelsAtom, makeupColorsAtom } = await import('../../src/features/beauty/state');
  const store = createStore();
  return { levels: store.get(beautyLevelsAtom), colors: store.get(makeupColorsAtom) };
}

describe('beauty settings kept for the session', () => {
  beforeEach(() => sessionStorage.clear());

  it('reads levels saved before makeup and whitening existed, with those at 0', async () => {
    sessionStorage.setItem('photobooth.beauty.levels', JSON.stringify({ smooth: 40, brightness: 30, enhance: 20, slim: 10, eyes: 5 }));
    const { levels } = await readBack();
    expect(levels).toEqual({ smooth: 40, brightness: 30, enhance: 20, slim: 10, eyes: 5, lips: 0, blush: 0, teeth: 0, eyeWhites: 0 });
  });

  it('keeps the chosen shades, and drops an unknown one for the defaults', async () => {
    sessionStorage.setItem('photobooth.beauty.colors', JSON.stringify({ lips: 'berry', blush: 'peach' }));
    expect((await readBack()).colors).toEqual({ lips: 'berry', blush: 'peach' });
    sessionStorage.setItem('photobooth.beauty.colors', JSON.stringify({ lips: 'neon', blush: 'peach' }));
    expect((await readBack()).colors).toEqual({ lips: 'rose', blush: 'pink' });
    expect(sessionStorage.getItem('photobooth.beauty.colors')).toBeNull();
  });
});

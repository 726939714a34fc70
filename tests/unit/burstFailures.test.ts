import { describe, expect, it } from 'vitest';
import { withoutFailures } from '../../src/features/motion/burst';

const ok = <T>(value: T): PromiseSettledResult<T> => ({ status: 'fulfilled', value });
const failed: PromiseSettledResult<never> = { status: 'rejected', reason: new Error('deadline') };

describe('a burst with frames that could not be made', () => {
  it('keeps its loop: each failed frame takes its nearest made neighbour towards the shutter', () => {
    expect(withoutFailures([failed, ok('b'), failed, ok('S'), failed, failed, ok('g')], 3)).toEqual(['b', 'b', 'S', 'S', 'S', 'S', 'g']);
  });

  it('with every frame made, is the frames as they are', () => {
    expect(withoutFailures([ok(1), ok(2), ok(3)], 1)).toEqual([1, 2, 3]);
  });

  it('has no clip when the shutter’s own frame failed', () => {
    expect(withoutFailures([ok(1), failed, ok(3)], 1)).toBeNull();
  });
});

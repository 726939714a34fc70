import { describe, expect, it } from 'vitest';
import { AbortedError, DeadlineError, sleep, withDeadline } from '../../src/lib/deadline';
import { runSequence, type BurstHandle, type CaptureOverlayState, type SequenceSteps, type ShotPlan } from '../../src/features/booth/session/sequence';
import type { CapturedPhoto, MotionClip } from '../../src/state/session';

const photo = (index: number, take = 0): CapturedPhoto => ({
  id: `p${index}-${take}`,
  blob: new Blob([`photo ${index}`]),
  width: 4,
  height: 3,
  filterId: 'none',
  takenAt: 0,
});

/**
 * The sequence's steps as a recording fake: waits resolve at once (or stop where the test says),
 * and the photo list is kept as the session would keep it.
 */
function fakeSession(initial: CapturedPhoto[] = [], opts: { abortAt?: string; shootFails?: number; motion?: boolean } = {}) {
  const abort = new AbortController();
  const log: string[] = [];
  let photos = initial.slice();
  let takes = 0;
  const overlays: CaptureOverlayState[] = [];
  const bursts: string[] = [];
  const step = (name: string) => {
    log.push(name);
    if (opts.abortAt === name) abort.abort();
  };
  const steps: SequenceSteps = {
    overlay: (s) => overlays.push(s),
    wait: async (ms, signal) => {
      step(`wait ${ms}`);
      if (signal.aborted) throw new AbortedError('stopped');
    },
    shutterSound: () => step('sound'),
    now: () => 0,
    startBurst: (before): BurstHandle => {
      bursts.push(`start ${before}`);
      return {
        shutter: async () => void bursts.push('shutter'),
        finish: async () => ({ frames: [], fps: 15, width: 4, height: 3, shutterIndex: 0 }) satisfies MotionClip,
        cancel: () => bursts.push('cancel'),
      };
    },
    shoot: async (index, signal) => {
      step(`shoot ${index}`);
      if (opts.shootFails === index) throw new Error('camera gone');
      if (signal.aborted) throw new AbortedError('stopped'); // stopped while processing: no photo
      return photo(index, ++takes);
    },
    commit: (index, p, replaceAll) => {
      step(`commit ${index}${replaceAll ? ' (replace all)' : ''}`);
      const next = replaceAll ? [] : photos.slice();
      next[index] = p;
      photos = next.filter(Boolean);
    },
    attachMotion: (id) => bursts.push(`motion ${id}`),
  };
  return { steps, abort, log, overlays, bursts, photos: () => photos };
}

const all = (n: number): ShotPlan => ({ indices: Array.from({ length: n }, (_, i) => i), total: n, replaceAll: true });
const settings = (countdown = 3, motion = false) => ({ countdown, sound: true, motion, flashMs: 250 });

describe('the shot sequence', () => {
  it('counts down before each shot, flashes, and stores each photo the moment it is whole', async () => {
    const s = fakeSession();
    const r = await runSequence(s.steps, all(2), settings(2), s.abort.signal, 10);
    expect(r).toMatchObject({ outcome: 'done', taken: [0, 1] });
    // The sequence returns its photos, in the plan's order: its caller moves on with them.
    expect(r.photos.map((p) => p.id)).toEqual(['p0-1', 'p1-2']);
    // The photo is made while the next countdown runs; the flash shows over its first 250 ms.
    expect(s.log).toEqual([
      'wait 1000', 'wait 1000', 'sound', 'shoot 0', 'wait 250', 'commit 0 (replace all)', 'wait 750',
      'wait 1000', 'sound', 'shoot 1', 'wait 250', 'commit 1',
    ]);
    expect(s.overlays).toContainEqual({ kind: 'countdown', shot: 2, total: 2, remaining: 2, flash: true });
    expect(s.overlays.at(-1)).toEqual({ kind: 'idle', flash: false });
    expect(s.overlays[0]).toEqual({ kind: 'countdown', shot: 1, total: 2, remaining: 2, flash: false });
  });

  it('makes a photo while the next countdown runs, and holds the next shutter until it is whole', async () => {
    const s = fakeSession();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const shoot = s.steps.shoot;
    s.steps.shoot = async (index, signal) => {
      const p = await shoot(index, signal);
      if (index === 0) await held;
      return p;
    };
    const wait = s.steps.wait;
    let waits = 0;
    s.steps.wait = async (ms, signal) => {
      await wait(ms, signal);
      if (++waits === 5) setTimeout(release, 0); // the whole second countdown has run by now
    };
    const r = await runSequence(s.steps, all(2), settings(2), s.abort.signal, 10);
    expect(r.outcome).toBe('done');
    expect(s.log).toEqual([
      'wait 1000', 'wait 1000', 'sound', 'shoot 0', 'wait 250', 'wait 750', 'wait 1000',
      'commit 0 (replace all)', 'sound', 'shoot 1', 'wait 250', 'commit 1',
    ]);
  });

  const earlier = [photo(0), photo(1), photo(2)];
  // Where Esc (or leaving) stops a "retake all" of three, and the photos kept.
  const stops: [string, string[]][] = [
    ['wait 1000', ['p0-0', 'p1-0', 'p2-0']], // in the first countdown: the old photos stay
    ['sound', ['p0-0', 'p1-0', 'p2-0']], // at the shutter: the shot is not made
    ['shoot 0', ['p0-0', 'p1-0', 'p2-0']], // while processing: the half-made shot is dropped
    ['commit 0 (replace all)', ['p0-1']], // the first shot was whole: it replaced the old set
    ['shoot 1', ['p0-1']], // processing the second: only the whole first one
  ];
  for (const [at, kept] of stops) {
    it(`stopped at "${at}" of a retake-all keeps whole photos only`, async () => {
      const s = fakeSession(earlier, { abortAt: at });
      const r = await runSequence(s.steps, all(3), settings(1), s.abort.signal, 10);
      expect(r.outcome).toBe('cancelled');
      expect(s.overlays.at(-1)?.kind).toBe('idle');
      expect(s.photos().map((p) => p.id)).toEqual(kept);
    });
  }

  it('stopped while a shot is processed stores nothing of it, and nothing after', async () => {
    const s = fakeSession(earlier, { abortAt: 'shoot 0' });
    const r = await runSequence(s.steps, all(3), settings(0), s.abort.signal, 10);
    expect(r.outcome).toBe('cancelled');
    expect(s.log).toEqual(['sound', 'shoot 0', 'wait 250']); // the flash, while it was being made
    expect(s.photos()).toEqual(earlier);
  });

  it('retake one replaces only that photo', async () => {
    const s = fakeSession(earlier);
    await runSequence(s.steps, { indices: [1], total: 3, replaceAll: false }, settings(0), s.abort.signal, 10);
    expect(s.photos().map((p) => p.id)).toEqual(['p0-0', 'p1-1', 'p2-0']);
  });

  it('retake all replaces every earlier photo once its first shot is whole', async () => {
    const s = fakeSession([...earlier, photo(3)]);
    await runSequence(s.steps, all(2), settings(0), s.abort.signal, 10);
    expect(s.photos().map((p) => p.id)).toEqual(['p0-1', 'p1-2']);
  });

  it('a shot that fails ends the sequence as failed and keeps what was whole', async () => {
    const s = fakeSession(earlier, { shootFails: 1 });
    const r = await runSequence(s.steps, all(3), settings(0), s.abort.signal, 10);
    expect(r.outcome).toBe('failed');
    expect(r.taken).toEqual([0]);
    expect((r.error as Error).message).toBe('camera gone');
    expect(s.photos().map((p) => p.id)).toEqual(['p0-1']);
  });

  it('with motion, a burst starts in the last second of the countdown (at the shutter without one), and a stopped one is cancelled', async () => {
    const s = fakeSession([], { motion: true });
    await runSequence(s.steps, all(1), settings(2, true), s.abort.signal, 10);
    expect(s.bursts).toEqual(['start 10', 'shutter', 'motion p0-1']);
    const none = fakeSession([], { motion: true });
    await runSequence(none.steps, all(1), settings(0, true), none.abort.signal, 10);
    expect(none.bursts[0]).toBe('start 0');
    const stopped = fakeSession([], { motion: true, abortAt: 'wait 1000' });
    await runSequence(stopped.steps, all(1), settings(1, true), stopped.abort.signal, 10);
    expect(stopped.bursts).toEqual(['start 10', 'cancel']);
  });

  it('the next shutter waits for the last burst’s frames after its shutter (without a countdown it would hold the preview over them)', async () => {
    const s = fakeSession([], { motion: true });
    s.steps.startBurst = () => ({
      shutter: () => new Promise<void>((resolve) => setTimeout(() => (s.log.push('burst 0 recorded'), resolve()), 20)),
      finish: async () => ({ frames: [], fps: 15, width: 4, height: 3, shutterIndex: 0 }),
      cancel: () => undefined,
    });
    await runSequence(s.steps, all(2), settings(0, true), s.abort.signal, 10);
    expect(s.log.indexOf('burst 0 recorded')).toBeGreaterThan(-1);
    expect(s.log.indexOf('burst 0 recorded'), s.log.join(', ')).toBeLessThan(s.log.indexOf('shoot 1'));
    // Stopped while it waits: the sequence ends at once.
    const stopped = fakeSession([], { motion: true });
    stopped.steps.startBurst = () => ({ shutter: () => new Promise<void>(() => undefined), finish: async () => null, cancel: () => undefined });
    setTimeout(() => stopped.abort.abort(), 20);
    const r = await runSequence(stopped.steps, all(2), settings(0, true), stopped.abort.signal, 10);
    expect(r.outcome).toBe('cancelled');
    expect(r.taken).toEqual([0]);
  });
});

describe('deadlines', () => {
  it('a call that never answers rejects with a TimeoutError after its deadline', async () => {
    const never = new Promise<number>(() => undefined);
    const t0 = Date.now();
    await expect(withDeadline(never, 50)).rejects.toBeInstanceOf(DeadlineError);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(45);
  });

  it('an abort wins at once, and a late answer is handed to onLate', async () => {
    const abort = new AbortController();
    let answer!: (v: number) => void;
    const late: number[] = [];
    const p = withDeadline(new Promise<number>((r) => (answer = r)), 10_000, abort.signal, (v) => late.push(v));
    abort.abort();
    await expect(p).rejects.toBeInstanceOf(AbortedError);
    answer(7);
    await Promise.resolve();
    expect(late).toEqual([7]);
  });

  it('an answer in time resolves, and sleep stops on abort', async () => {
    await expect(withDeadline(Promise.resolve(3), 1000)).resolves.toBe(3);
    const abort = new AbortController();
    const z = sleep(10_000, abort.signal);
    abort.abort();
    await expect(z).rejects.toBeInstanceOf(AbortedError);
  });
});

// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { deadlinesFor, GuestFlow, type EventView, type GuestSteps } from '../../src/features/event/flow';
import { CHOICE_MS } from '../../src/features/event/showChoice';
import { readEventSettings } from '../../src/features/event/settings';
import { DEFAULT_EVENT_SETTINGS, EVENT_SETTINGS_KEY } from '../../src/features/event/meta';

/** Fakes for every step: shots resolve with `n` photos, timers are kept to be fired by hand. */
function fakes(photos = 2) {
  const views: EventView[] = [];
  const timers = new Map<number, () => void>();
  const delays = new Map<number, number>();
  let next = 1;
  const log: string[] = [];
  let shotsLeft = photos;
  const steps: GuestSteps = {
    canShoot: () => true,
    shoot: async () => Array.from({ length: shotsLeft }, (_, i) => ({ id: `p${i}`, blob: new Blob(['x']) })),
    compose: async (_p, resolution) => new Blob([resolution]),
    keep: async (_strip, hidden, message) => {
      log.push(`keep hidden=${hidden}${message ? ' message' : ''}`);
      return 'strip-1';
    },
    recordMessage: () => void log.push('record'),
    cancelMessage: () => void log.push('cancel message'),
    setHidden: async (id, hidden) => void log.push(`${id} hidden=${hidden}`),
    unkept: () => void log.push('unkept'),
    forget: () => void log.push('forget'),
    publish: (v) => void views.push(v),
    objectUrl: () => `blob:${next}`,
    revokeUrl: (url) => void log.push(`revoke ${url}`),
    setTimer: (fn, ms) => {
      const id = next++;
      timers.set(id, fn);
      delays.set(id, ms);
      return id;
    },
    clearTimer: (id) => void timers.delete(id as number),
  };
  const fireIdle = () => {
    const all = [...timers.values()];
    timers.clear();
    all.forEach((fn) => fn());
  };
  /** Fires the timers set for exactly `ms`. */
  const fire = (ms: number) => {
    for (const [id, fn] of [...timers]) {
      if (delays.get(id) !== ms) continue;
      timers.delete(id);
      fn();
    }
  };
  return { steps, views, timers, log, fireIdle, fire, last: () => views[views.length - 1]!, setShots: (n: number) => (shotsLeft = n) };
}

const DEADLINES = { shootMs: 30_000, composeMs: 20_000, keepMs: 19_000 };
const OPTS = (shots: number, choose: boolean) => ({ shots, choose, idleMs: 5000, deadlines: DEADLINES });
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the guest flow', () => {
  it('runs a guest from attract through the shots to the strip, and back to attract after the idle time', async () => {
    const f = fakes(2);
    const flow = new GuestFlow(f.steps, OPTS(2, true));
    expect(f.last().phase).toBe('attract');
    flow.begin();
    expect(f.last().phase).toBe('pose');
    await flow.shoot();
    await flush();
    expect(f.last()).toMatchObject({ phase: 'strip', kept: 'kept' });
    expect(f.log).toContain('keep hidden=true'); // off the slideshows until the guest had a moment to choose
    const url = f.last().stripUrl!;
    f.fireIdle();
    expect(f.last()).toEqual({ phase: 'attract', stripUrl: null, kind: 'strip', kept: null, hidden: false, failed: null });
    // The last guest's strip is gone: its URL revoked, their photos forgotten.
    expect(f.log).toEqual(expect.arrayContaining([`revoke ${url}`, 'forget']));
  });

  it('goes straight to the countdown when the guest has nothing to choose', async () => {
    const f = fakes(3);
    const flow = new GuestFlow(f.steps, OPTS(3, false));
    flow.begin();
    await vi.waitFor(() => expect(f.last().phase).toBe('strip'));
    const phases = f.views.map((v) => v.phase).filter((p, i, all) => p !== all[i - 1]);
    expect(phases).toEqual(['attract', 'shooting', 'composing', 'strip']);
    flow.done();
    expect(f.last().phase).toBe('attract');
  });

  it('a touch restarts the idle time; shots cut short go back with a notice', async () => {
    const f = fakes(1);
    const flow = new GuestFlow(f.steps, OPTS(2, true));
    flow.begin();
    const first = [...f.timers.keys()][0];
    flow.activity();
    expect([...f.timers.keys()]).not.toContain(first);
    expect(f.timers.size).toBe(1);
    await flow.shoot();
    expect(f.last()).toMatchObject({ phase: 'pose', failed: 'shots' });
    f.setShots(2);
    await flow.shoot();
    expect(f.last()).toMatchObject({ phase: 'strip', failed: null });
  });

  it('prints from the guest photos at the print size, only while the strip shows', async () => {
    const f = fakes(2);
    const flow = new GuestFlow(f.steps, OPTS(2, false));
    await expect(flow.render('print')).rejects.toThrow();
    await flow.shoot();
    expect(await (await flow.render('print')).text()).toBe('print');
    expect(await flow.currentStrip()!.text()).toBe('standard');
    flow.done();
    expect(flow.currentStrip()).toBeNull();
  });
});

describe("the guest flow's deadlines", () => {
  it('shots past their deadline are stopped, and the booth says so on the attract screen with nothing kept', async () => {
    const f = fakes(2);
    let stopped: AbortSignal | null = null;
    f.steps.shoot = (signal) => {
      stopped = signal;
      return new Promise(() => {}); // a sequence that never ends
    };
    const flow = new GuestFlow(f.steps, OPTS(2, true));
    flow.begin();
    const shooting = flow.shoot();
    expect(f.last().phase).toBe('shooting');
    f.fire(DEADLINES.shootMs);
    await shooting;
    expect(stopped!.aborted).toBe(true);
    expect(f.last()).toEqual({ phase: 'attract', stripUrl: null, kind: 'strip', kept: null, hidden: false, failed: 'slow' });
    expect(f.log).toContain('forget');
    expect(f.log.some((l) => l.startsWith('keep'))).toBe(false);
  });

  it('a strip past its deadline: back to attract saying so; a late strip is dropped', async () => {
    const f = fakes(2);
    let late: (b: Blob) => void = () => {};
    f.steps.compose = () => new Promise((resolve) => (late = resolve));
    const flow = new GuestFlow(f.steps, OPTS(2, false));
    const turn = flow.shoot();
    await vi.waitFor(() => expect(f.last().phase).toBe('composing'));
    f.fire(DEADLINES.composeMs);
    await turn;
    expect(f.last()).toMatchObject({ phase: 'attract', failed: 'slow' });
    late(new Blob(['late']));
    await flush();
    expect(f.last().phase).toBe('attract');
    expect(f.log.some((l) => l.startsWith('keep'))).toBe(false);
  });

  it('a keep past its deadline is told to the host, and the guest still has their strip', async () => {
    const f = fakes(2);
    f.steps.keep = () => new Promise(() => {});
    const flow = new GuestFlow(f.steps, OPTS(2, false));
    await flow.shoot();
    expect(f.last()).toMatchObject({ phase: 'strip', kept: 'saving' });
    f.fire(DEADLINES.keepMs);
    await flush();
    expect(f.last()).toMatchObject({ phase: 'strip', kept: 'failed' });
    expect(f.log).toContain('unkept');
    expect(flow.currentStrip()).not.toBeNull();
  });

  it('deadlines grow with the shots and the countdown', () => {
    expect(deadlinesFor(4, 10).shootMs).toBeGreaterThan(deadlinesFor(2, 3).shootMs);
    expect(deadlinesFor(1, 3).shootMs).toBeGreaterThan(3000 + 5000);
  });
});

describe("Don't show mine", () => {
  it('a strip is shown once the moment to choose is over, unless the guest chose not', async () => {
    const f = fakes(2);
    const flow = new GuestFlow(f.steps, OPTS(2, false));
    await flow.shoot();
    await flush();
    expect(f.log.filter((l) => l.startsWith('strip-1'))).toEqual([]);
    f.fire(CHOICE_MS);
    expect(f.log).toContain('strip-1 hidden=false');
  });

  it('chosen before the strip is even kept, it never shows, even after the guest has gone', async () => {
    const f = fakes(2);
    let kept: (id: string) => void = () => {};
    f.steps.keep = () => new Promise((resolve) => (kept = resolve));
    const flow = new GuestFlow(f.steps, OPTS(2, false));
    await flow.shoot();
    flow.hide(true);
    expect(f.last().hidden).toBe(true);
    flow.done(); // gone before the write lands
    kept('strip-1');
    await flush();
    f.fire(CHOICE_MS);
    expect(f.log.filter((l) => l.startsWith('strip-1'))).toEqual([]); // written hidden, left hidden
  });

  it('a change of mind after it showed hides it again', async () => {
    const f = fakes(2);
    const flow = new GuestFlow(f.steps, OPTS(2, false));
    await flow.shoot();
    await flush();
    f.fire(CHOICE_MS);
    flow.hide(true);
    expect(f.log.filter((l) => l.startsWith('strip-1'))).toEqual(['strip-1 hidden=false', 'strip-1 hidden=true']);
  });
});

describe('the stored set-up', () => {
  it('reads back what was stored, each bad field reset to its default', () => {
    localStorage.setItem(EVENT_SETTINGS_KEY, JSON.stringify({ ...DEFAULT_EVENT_SETTINGS, shots: 2, countdown: 7, layoutId: 'nope', caption: 'Anna & Ben' }));
    const s = readEventSettings();
    expect(s).toMatchObject({ shots: 2, countdown: DEFAULT_EVENT_SETTINGS.countdown, layoutId: 'classic', caption: 'Anna & Ben' });
    localStorage.setItem(EVENT_SETTINGS_KEY, '[1,2]');
    expect(readEventSettings()).toEqual(DEFAULT_EVENT_SETTINGS);
    expect(localStorage.getItem(EVENT_SETTINGS_KEY)).toBeNull();
  });

  describe('a video message', () => {
    const MESSAGE = { id: 'm1', format: 'mp4' as const, blob: new Blob(['mp4']), seconds: 10, width: 640, height: 360 };
    const withMessages = () => ({ ...OPTS(2, true), messageMs: 120_000 });

    it('is recorded from the pose screen, kept in the gallery hidden first, and shown as a strip is', async () => {
      const f = fakes(2);
      const flow = new GuestFlow(f.steps, withMessages());
      flow.begin();
      flow.message();
      expect(f.last().phase).toBe('message');
      expect(f.log).toContain('record');
      // No idle timer while recording: only the message's own deadline.
      expect([...f.timers.keys()]).toHaveLength(1);
      flow.messageKept(MESSAGE);
      await flush();
      expect(f.last()).toMatchObject({ phase: 'strip', kind: 'message', kept: 'kept' });
      expect(f.log).toContain('keep hidden=true message');
      expect(flow.currentStrip()).toBe(MESSAGE.blob);
      flow.done();
      expect(f.last()).toMatchObject({ phase: 'attract', kind: 'strip', stripUrl: null });
    });

    it('dropped, goes back to the choice; past its deadline, the booth cancels it and goes back to attract', () => {
      const f = fakes(2);
      const flow = new GuestFlow(f.steps, withMessages());
      flow.begin();
      flow.message();
      flow.messageDropped();
      expect(f.last().phase).toBe('pose');
      flow.message();
      f.fire(120_000);
      expect(f.last().phase).toBe('attract');
      expect(f.log).toContain('cancel message');
      expect(f.log.some((l) => l.startsWith('keep'))).toBe(false);
      // A result for the guest who has gone is dropped.
      flow.messageKept(MESSAGE);
      expect(f.last().phase).toBe('attract');
    });

    it('is not offered when the host has not turned messages on', () => {
      const f = fakes(2);
      const flow = new GuestFlow(f.steps, OPTS(2, true));
      flow.begin();
      flow.message();
      expect(f.last().phase).toBe('pose');
      expect(f.log).not.toContain('record');
    });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { GuestFlow, type EventView, type GuestSteps } from '../../src/features/event/flow';
import { readEventSettings } from '../../src/features/event/settings';
import { DEFAULT_EVENT_SETTINGS, EVENT_SETTINGS_KEY } from '../../src/features/event/meta';

/** Fakes for every step: shots resolve with `n` photos, timers are kept to be fired by hand. */
function fakes(photos = 2) {
  const views: EventView[] = [];
  const timers = new Map<number, () => void>();
  let next = 1;
  const log: string[] = [];
  let shotsLeft = photos;
  const steps: GuestSteps = {
    canShoot: () => true,
    shoot: async () => Array.from({ length: shotsLeft }, (_, i) => ({ id: `p${i}`, blob: new Blob(['x']) })),
    compose: async (_p, resolution) => new Blob([resolution]),
    keep: async () => void log.push('keep'),
    forget: () => void log.push('forget'),
    publish: (v) => void views.push(v),
    objectUrl: () => `blob:${next}`,
    revokeUrl: (url) => void log.push(`revoke ${url}`),
    setTimer: (fn) => {
      const id = next++;
      timers.set(id, fn);
      return id;
    },
    clearTimer: (id) => void timers.delete(id as number),
  };
  const fireIdle = () => {
    const all = [...timers.values()];
    timers.clear();
    all.forEach((fn) => fn());
  };
  return { steps, views, timers, log, fireIdle, last: () => views[views.length - 1]!, setShots: (n: number) => (shotsLeft = n) };
}

describe('the guest flow', () => {
  it('runs a guest from attract through the shots to the strip, and back to attract after the idle time', async () => {
    const f = fakes(2);
    const flow = new GuestFlow(f.steps, { shots: 2, choose: true, idleMs: 5000 });
    expect(f.last().phase).toBe('attract');
    flow.begin();
    expect(f.last().phase).toBe('pose');
    await flow.shoot();
    expect(f.last()).toMatchObject({ phase: 'strip', kept: 'kept' });
    expect(f.log).toContain('keep');
    const url = f.last().stripUrl!;
    expect(f.timers.size).toBe(1);
    f.fireIdle();
    expect(f.last()).toEqual({ phase: 'attract', stripUrl: null, kept: null, failed: false });
    // The last guest's strip is gone: its URL revoked, their photos forgotten.
    expect(f.log).toEqual(expect.arrayContaining([`revoke ${url}`, 'forget']));
  });

  it('goes straight to the countdown when the guest has nothing to choose', async () => {
    const f = fakes(3);
    const flow = new GuestFlow(f.steps, { shots: 3, choose: false, idleMs: 5000 });
    flow.begin();
    await vi.waitFor(() => expect(f.last().phase).toBe('strip'));
    const phases = f.views.map((v) => v.phase).filter((p, i, all) => p !== all[i - 1]);
    expect(phases).toEqual(['attract', 'shooting', 'composing', 'strip']);
    flow.done();
    expect(f.last().phase).toBe('attract');
  });

  it('a touch restarts the idle time; shots cut short go back with a notice', async () => {
    const f = fakes(1);
    const flow = new GuestFlow(f.steps, { shots: 2, choose: true, idleMs: 5000 });
    flow.begin();
    const first = [...f.timers.keys()][0];
    flow.activity();
    expect([...f.timers.keys()]).not.toContain(first);
    expect(f.timers.size).toBe(1);
    await flow.shoot();
    expect(f.last()).toMatchObject({ phase: 'pose', failed: true });
    f.setShots(2);
    await flow.shoot();
    expect(f.last()).toMatchObject({ phase: 'strip', failed: false });
  });

  it('prints from the guest photos at the print size, only while the strip shows', async () => {
    const f = fakes(2);
    const flow = new GuestFlow(f.steps, { shots: 2, choose: false, idleMs: 5000 });
    await expect(flow.render('print')).rejects.toThrow();
    await flow.shoot();
    expect(await (await flow.render('print')).text()).toBe('print');
    expect(await flow.currentStrip()!.text()).toBe('standard');
    flow.done();
    expect(flow.currentStrip()).toBeNull();
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
});

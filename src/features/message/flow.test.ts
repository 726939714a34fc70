import { describe, expect, it } from 'vitest';
import { runMessage, type MessagePhase, type MessageSteps } from './flow';
import type { Recording } from './meta';
import type { ActiveRecording } from './recorder';

/** A fake clock and recorder: time moves only when the flow waits. */
function world(opts: { mic?: boolean; onWait?: (t: number) => void } = {}) {
  let t = 0;
  const phases: MessagePhase[] = [];
  const log: string[] = [];
  const track = { stop: () => log.push('mic released') } as unknown as MediaStreamTrack;
  const steps: MessageSteps = {
    phase: (p) => phases.push(p),
    askMic: async () => (opts.mic === false ? null : track),
    record: async (mic) => {
      log.push(`record ${mic ? 'with' : 'without'} sound`);
      const start = t;
      const rec: ActiveRecording = {
        elapsed: () => (t - start) / 1000,
        stop: async () => (log.push(`stop at ${(t - start) / 1000}`), { seconds: (t - start) / 1000 } as Recording),
        cancel: async () => void log.push('recording cancelled'),
      };
      return rec;
    },
    wait: async (ms, signal) => {
      if (signal.aborted) return;
      t += ms;
      opts.onWait?.(t);
    },
  };
  return { steps, phases, log, now: () => t };
}

describe('runMessage', () => {
  it('counts down, records to the limit, and releases the microphone', async () => {
    const w = world();
    const stop = new AbortController();
    const cancel = new AbortController();
    const r = await runMessage(w.steps, { countdown: 3, limit: 10 }, stop.signal, cancel.signal);
    expect(r.outcome).toBe('recorded');
    expect(w.phases.filter((p) => p.kind === 'countdown').map((p) => (p as { n: number }).n)).toEqual([3, 2, 1]);
    expect(w.log).toEqual(['record with sound', 'stop at 10', 'mic released']);
    expect(w.phases.at(-1)).toEqual({ kind: 'idle' });
  });

  it('stops early when asked, keeping what was recorded', async () => {
    const stop = new AbortController();
    const w = world({ onWait: (t) => t >= 3000 + 4000 && stop.abort() });
    const r = await runMessage(w.steps, { countdown: 3, limit: 30 }, stop.signal, new AbortController().signal);
    expect(r.outcome).toBe('recorded');
    expect(w.log).toContain('stop at 4');
  });

  it('cancelled while recording keeps nothing', async () => {
    const cancel = new AbortController();
    const w = world({ onWait: (t) => t >= 5000 && cancel.abort() });
    const r = await runMessage(w.steps, { countdown: 3, limit: 30 }, new AbortController().signal, cancel.signal);
    expect(r.outcome).toBe('cancelled');
    expect(w.log).toEqual(['record with sound', 'recording cancelled', 'mic released']);
  });

  it('cancelled during the countdown never records', async () => {
    const cancel = new AbortController();
    const w = world({ onWait: (t) => t >= 1000 && cancel.abort() });
    const r = await runMessage(w.steps, { countdown: 3, limit: 30 }, new AbortController().signal, cancel.signal);
    expect(r.outcome).toBe('cancelled');
    expect(w.log).toEqual(['mic released']);
  });

  it('without a microphone records without sound and says so', async () => {
    const w = world({ mic: false });
    const r = await runMessage(w.steps, { countdown: 0, limit: 10 }, new AbortController().signal, new AbortController().signal);
    expect(r).toMatchObject({ outcome: 'recorded', micRefused: true });
    expect(w.phases.find((p) => p.kind === 'recording')).toMatchObject({ sound: false });
  });

  it('a recorder that fails is a failure, and the microphone is released', async () => {
    const w = world();
    w.steps.record = async () => {
      throw new Error('no encoder');
    };
    const r = await runMessage(w.steps, { countdown: 0, limit: 10 }, new AbortController().signal, new AbortController().signal);
    expect(r.outcome).toBe('failed');
    expect(w.log).toEqual(['mic released']);
  });
});

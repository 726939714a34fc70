import { describe, expect, it } from 'vitest';
import { PhoneSend, SEND_TIMES, type Offer, type SendSteps, type SendView } from '../../src/features/send/flow';

/** Fakes for the send flow: an offer that takes one answer, timers fired by hand. */
function fakes({ openWorks = true, sendWorks = true } = {}) {
  const views: SendView[] = [];
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  const log: string[] = [];
  let openChannel: (c: string) => void = () => {};
  let failOpen: (e: Error) => void = () => {};
  const offer: Offer<string> = {
    url: 'https://booth.example/receive#OFFER',
    accept: async (code) => {
      if (code !== 'PBA:answer') throw new Error('not ours');
      log.push('accepted');
    },
    open: () =>
      new Promise<string>((resolve, reject) => {
        openChannel = resolve;
        failOpen = reject;
        if (openWorks) resolve('channel');
      }),
    close: () => void log.push('closed'),
  };
  const steps: SendSteps<string> = {
    offer: async () => offer,
    files: async () => [{ name: 'strip.jpg', type: 'image/jpeg', blob: new Blob(['jpg']) }],
    send: async (channel, files, onProgress, signal) => {
      log.push(`send ${files.length} over ${channel}`);
      onProgress(1, 2);
      if (!sendWorks) throw new Error('closed');
      if (signal.aborted) throw new Error('aborted');
      onProgress(2, 2);
    },
    publish: (v) => void views.push(v),
    setTimer: (fn, ms) => {
      const id = next++;
      timers.set(id, { fn, ms });
      return id;
    },
    clearTimer: (id) => void timers.delete(id as number),
  };
  const fire = (ms: number) => {
    for (const [id, t] of [...timers]) {
      if (t.ms !== ms) continue;
      timers.delete(id);
      t.fn();
    }
  };
  return { steps, views, log, fire, last: () => views[views.length - 1]!, openChannel: (c: string) => openChannel(c), failOpen: (e: Error) => failOpen(e) };
}

describe('sending to a phone (the booth side)', () => {
  it('shows the offer, takes the answer, sends and says Sent; the connection is closed after', async () => {
    const f = fakes();
    const send = new PhoneSend(f.steps);
    await send.start();
    expect(f.last()).toMatchObject({ phase: 'waiting', url: 'https://booth.example/receive#OFFER' });
    await send.code('PBA:answer');
    expect(f.views.map((v) => v.phase)).toEqual(['preparing', 'waiting', 'connecting', 'sending', 'sending', 'sending', 'sent']);
    expect(f.last().progress).toBe(1);
    expect(f.log).toEqual(['accepted', 'send 1 over channel', 'closed']);
  });

  it('ignores a code that is not this offer\'s answer, saying so for a moment, and still takes the right one', async () => {
    const f = fakes();
    const send = new PhoneSend(f.steps);
    await send.start();
    await send.code('https://example.com/some-other-code');
    expect(f.last()).toMatchObject({ phase: 'waiting', badCode: true });
    f.fire(SEND_TIMES.badCodeMs);
    expect(f.last().badCode).toBe(false);
    await send.code('PBA:answer');
    expect(f.last().phase).toBe('sent');
  });

  it('an offer nobody answers expires: it fails as expired and its connection closes', async () => {
    const f = fakes();
    const send = new PhoneSend(f.steps);
    await send.start();
    f.fire(SEND_TIMES.expireMs);
    expect(f.last()).toMatchObject({ phase: 'failed', failure: 'expired' });
    expect(f.log).toContain('closed');
    await send.code('PBA:answer'); // too late: nothing happens
    expect(f.log).not.toContain('accepted');
  });

  it('a phone that cannot be reached fails within the connect deadline', async () => {
    const f = fakes({ openWorks: false });
    const send = new PhoneSend(f.steps);
    await send.start();
    const going = send.code('PBA:answer');
    await Promise.resolve();
    expect(f.last().phase).toBe('connecting');
    f.fire(SEND_TIMES.connectMs);
    expect(f.last()).toMatchObject({ phase: 'failed', failure: 'unreachable' });
    f.failOpen(new Error('closed'));
    await going;
    expect(f.last()).toMatchObject({ phase: 'failed', failure: 'unreachable' });
  });

  it('a transfer that breaks fails as interrupted', async () => {
    const f = fakes({ sendWorks: false });
    const send = new PhoneSend(f.steps);
    await send.start();
    await send.code('PBA:answer');
    expect(f.last()).toMatchObject({ phase: 'failed', failure: 'interrupted' });
  });

  it('released while waiting, the offer ends (no later phone can take it); released while sending, the send goes on', async () => {
    const waiting = fakes();
    const a = new PhoneSend(waiting.steps);
    await a.start();
    a.release();
    expect(waiting.log).toContain('closed');
    await a.code('PBA:answer');
    expect(waiting.log).not.toContain('accepted');

    const sending = fakes({ openWorks: false });
    const b = new PhoneSend(sending.steps);
    await b.start();
    const going = b.code('PBA:answer');
    await Promise.resolve();
    b.release(); // the guest's turn is over: their send keeps going
    sending.openChannel('channel');
    await going;
    expect(sending.log).toEqual(['accepted', 'send 1 over channel', 'closed']);
  });
});

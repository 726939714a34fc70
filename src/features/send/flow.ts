/**
 * THE SEND FLOW (the booth's side), as a plain state machine: make an offer and show it as a QR
 * code; wait for the phone's answer code (read by a camera) while the offer lasts; connect; send
 * the files; say how it ended. React starts it, feeds it the codes a camera reads, and renders the
 * view it publishes; the WebRTC, the transfer and the timers are injected (./peer.ts, ./transfer.ts).
 */

export type SendPhase = 'preparing' | 'waiting' | 'connecting' | 'sending' | 'sent' | 'failed';

/** Why a send ended badly: the offer ran out, the phone could not be reached, or the transfer broke. */
export type SendFailure = 'expired' | 'unreachable' | 'interrupted' | 'setup';

export interface SendView {
  phase: SendPhase;
  /** The URL the booth's QR code holds (the offer in its fragment), while waiting. */
  url: string | null;
  /** 0..1 while sending. */
  progress: number;
  failure: SendFailure | null;
  /** A code was read that is not this offer's answer (another phone's, or no answer at all). */
  badCode: boolean;
}

export const IDLE_SEND: SendView = { phase: 'preparing', url: null, progress: 0, failure: null, badCode: false };

/** One offer: its URL, taking the phone's answer, the channel once open, and letting it all go. */
export interface Offer<C> {
  url: string;
  /** Takes an answer code (throws when it is not this offer's answer). */
  accept(code: string): Promise<void>;
  /** Resolves with the data channel once it is open. */
  open(): Promise<C>;
  close(): void;
}

export interface SendFile {
  name: string;
  type: string;
  blob: Blob;
}

export interface SendSteps<C> {
  offer(): Promise<Offer<C>>;
  /** The files to send (exactly what the booth's own download gives). */
  files(): Promise<SendFile[]>;
  send(channel: C, files: SendFile[], onProgress: (sent: number, total: number) => void, signal: AbortSignal): Promise<void>;
  publish(view: SendView): void;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export interface SendTimes {
  /** How long an offer may wait for its phone. */
  expireMs: number;
  /** From the answer read to the channel open: past it, the phone cannot be reached. */
  connectMs: number;
  /** How long the "not this booth's code" notice shows. */
  badCodeMs: number;
}

export const SEND_TIMES: SendTimes = { expireMs: 5 * 60_000, connectMs: 15_000, badCodeMs: 3_000 };

export class PhoneSend<C> {
  private view: SendView = IDLE_SEND;
  private offer: Offer<C> | null = null;
  private timer: unknown = null;
  private badTimer: unknown = null;
  private stop = new AbortController();
  private ended = false;

  constructor(
    private steps: SendSteps<C>,
    private times: SendTimes = SEND_TIMES,
  ) {
    steps.publish(this.view);
  }

  get phase(): SendPhase {
    return this.view.phase;
  }

  /** Makes the offer and shows it. */
  async start(): Promise<void> {
    try {
      const offer = await this.steps.offer();
      if (this.ended) return offer.close();
      this.offer = offer;
      this.set({ phase: 'waiting', url: offer.url });
      this.arm(this.times.expireMs, 'expired');
    } catch (error) {
      console.warn('Send to phone: no offer could be made:', error);
      this.fail('setup');
    }
  }

  /** A code the camera read: this offer's answer starts the connection; anything else is said and ignored. */
  async code(text: string): Promise<void> {
    const offer = this.offer;
    if (this.view.phase !== 'waiting' || !offer) return;
    try {
      await offer.accept(text);
    } catch {
      if (this.view.phase !== 'waiting') return;
      this.set({ badCode: true });
      if (this.badTimer !== null) this.steps.clearTimer(this.badTimer);
      this.badTimer = this.steps.setTimer(() => this.set({ badCode: false }), this.times.badCodeMs);
      return;
    }
    if (this.ended) return;
    this.set({ phase: 'connecting', url: null, badCode: false });
    this.arm(this.times.connectMs, 'unreachable');
    let channel: C;
    try {
      channel = await offer.open();
    } catch {
      return this.fail('unreachable');
    }
    if (this.ended) return;
    this.disarm();
    this.set({ phase: 'sending', progress: 0 });
    try {
      const files = await this.steps.files();
      await this.steps.send(channel, files, (sent, total) => this.set({ progress: total ? sent / total : 1 }), this.stop.signal);
    } catch (error) {
      if (!this.ended) console.warn('Send to phone failed:', error);
      return this.fail('interrupted');
    }
    if (this.ended) return;
    this.set({ phase: 'sent', progress: 1 });
    this.finish();
  }

  /**
   * The screen that showed it is gone (event mode: the booth back at its start screen): a send
   * under way finishes on its own, for the guest walking away with their phone; anything before
   * that (an offer no phone has answered) ends now, so no later guest's phone can take it.
   */
  release(): void {
    if (this.view.phase === 'connecting' || this.view.phase === 'sending') return;
    this.dispose();
  }

  /** The booth is done with it (the panel closed, the page left): nothing more is sent. */
  dispose(): void {
    if (this.ended) return;
    this.stop.abort();
    this.finish();
  }

  private fail(failure: SendFailure): void {
    if (this.ended) return;
    this.set({ phase: 'failed', failure, url: null, badCode: false });
    this.finish();
  }

  /** Over: the offer's connection closed, the timers cleared. A sent file has been confirmed by then. */
  private finish(): void {
    this.ended = true;
    this.disarm();
    if (this.badTimer !== null) this.steps.clearTimer(this.badTimer);
    this.offer?.close();
    this.offer = null;
  }

  private arm(ms: number, failure: SendFailure): void {
    this.disarm();
    this.timer = this.steps.setTimer(() => {
      this.timer = null;
      this.stop.abort();
      this.fail(failure);
    }, ms);
  }

  private disarm(): void {
    if (this.timer !== null) this.steps.clearTimer(this.timer);
    this.timer = null;
  }

  private set(patch: Partial<SendView>): void {
    if (this.ended) return;
    this.view = { ...this.view, ...patch };
    this.steps.publish(this.view);
  }
}

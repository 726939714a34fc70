import { DeadlineError } from '../../lib/deadline';
import type { ResolutionId } from '../strip/layouts';
import type { ComposerPhoto } from '../strip/protocol';
import type { ItemKind } from './gallery';
import { ATTRACT_VIEW, type EventPhase, type EventView, type FlowOptions, type GuestSteps, type KeptMessage } from './guestTypes';
import { ShowChoice } from './showChoice';

export * from './guestTypes';

/**
 * THE GUEST FLOW, as a plain state machine: attract → (pose) → shooting → composing → strip →
 * attract, and back to attract by itself after the idle time. React creates it, forwards the
 * guest's taps and keys (begin, shoot, done, activity, hide) and renders the view it publishes.
 * Going back to attract forgets the guest: their photos, their strip's URL, their look. Every
 * step has a deadline: past it the booth says so and goes back to attract with nothing half-kept.
 */
export class GuestFlow {
  private view: EventView = ATTRACT_VIEW;
  private timer: unknown = null;
  private photos: ComposerPhoto[] = [];
  private strip: Blob | null = null;
  /** The guest's strip on screen, kept off the slideshows until they have had a moment to choose. */
  private turn: ShowChoice | null = null;
  /** Counts guests: a result that arrives for an earlier guest (after a reset) is dropped. */
  private guest = 0;
  /** Stops the shots under way (a reset or a deadline). */
  private stopShots: AbortController | null = null;
  private disposed = false;

  constructor(
    private steps: GuestSteps,
    private options: FlowOptions,
  ) {
    steps.publish(this.view);
  }

  get phase(): EventPhase {
    return this.view.phase;
  }

  /** A tap or Space on the attract screen: the pose screen, or straight to the countdown. */
  begin(): void {
    if (this.view.phase !== 'attract' || this.disposed) return;
    if (!this.options.choose && this.steps.canShoot()) {
      void this.shoot();
      return;
    }
    this.set({ phase: 'pose', failed: null });
    this.arm();
  }

  /** Start on the pose screen (or from attract when the guest has nothing to choose). */
  async shoot(): Promise<void> {
    const { phase } = this.view;
    if ((phase !== 'pose' && phase !== 'attract') || this.disposed || !this.steps.canShoot()) return;
    const guest = this.guest;
    const { deadlines } = this.options;
    this.disarm();
    this.set({ phase: 'shooting', failed: null });
    const stop = new AbortController();
    this.stopShots = stop;
    let photos: ComposerPhoto[] = [];
    let late = false;
    try {
      photos = await this.within(this.steps.shoot(stop.signal), deadlines.shootMs, () => stop.abort());
    } catch (error) {
      late = error instanceof DeadlineError;
      console.error('Event shots failed:', error);
    } finally {
      if (this.stopShots === stop) this.stopShots = null;
    }
    if (guest !== this.guest || this.disposed) return;
    if (late) return this.giveUp();
    if (photos.length < this.options.shots) return this.fail();
    this.photos = photos;
    this.set({ phase: 'composing' });
    let strip: Blob;
    try {
      strip = await this.within(this.steps.compose(photos, 'standard'), deadlines.composeMs);
    } catch (error) {
      console.error('Event strip failed:', error);
      if (guest === this.guest && !this.disposed) this.giveUp();
      return;
    }
    if (guest !== this.guest || this.disposed) return;
    this.present(strip, 'strip');
  }

  /** The guest's strip or message on screen, and kept in the gallery. */
  private present(blob: Blob, kind: ItemKind, message?: KeptMessage): void {
    const guest = this.guest;
    this.strip = blob;
    const turn = new ShowChoice(this.steps);
    this.turn = turn;
    this.set({ phase: 'strip', kind, stripUrl: this.steps.objectUrl(blob), kept: 'saving', hidden: false });
    this.arm();
    // Kept whatever the guest does next (hidden until they have had their moment to choose): Done
    // before it is stored loses nothing, and their choice holds even if they have gone by then.
    this.within(this.steps.keep(blob, true, message), this.options.deadlines.keepMs).then(
      (id) => {
        turn.kept(id);
        if (guest === this.guest) this.set({ kept: 'kept' });
      },
      (error: unknown) => {
        console.warn('A strip could not be kept in the event gallery:', error);
        this.steps.unkept(error);
        if (guest === this.guest) this.set({ kept: 'failed' });
      },
    );
  }

  /** "Video message" on the pose screen: the desk records, then the guest reviews it. */
  message(): void {
    const { messageMs } = this.options;
    if (this.view.phase !== 'pose' || this.disposed || !messageMs || !this.steps.canShoot()) return;
    this.set({ phase: 'message', failed: null });
    // No idle timer while recording; one deadline for the whole turn, review included.
    this.disarm();
    this.timer = this.steps.setTimer(() => {
      this.timer = null;
      this.reset();
    }, messageMs);
    this.steps.recordMessage();
  }

  /** The guest kept their message: it goes to the gallery and shows as a strip does. */
  messageKept(message: KeptMessage): void {
    if (this.view.phase !== 'message' || this.disposed) return;
    this.present(message.blob, 'message', message);
  }

  /** The message ended with nothing kept (cancelled, failed, discarded): back to the choice. */
  messageDropped(): void {
    if (this.view.phase !== 'message' || this.disposed) return;
    this.set({ phase: 'pose' });
    this.arm();
  }

  /** "Don't show mine" (and back): the strip stays in the gallery, off the slideshows. */
  hide(hidden: boolean): void {
    const turn = this.turn;
    if (this.view.phase !== 'strip' || !turn || turn.hidden === hidden) return;
    turn.hide(hidden);
    this.set({ hidden });
  }

  /** The strip on screen (standard size), for a download. */
  currentStrip(): Blob | null {
    return this.view.phase === 'strip' ? this.strip : null;
  }

  /** The guest's strip at another size (the print JPG), made from their photos while they are here. */
  async render(resolution: ResolutionId): Promise<Blob> {
    if (this.view.phase !== 'strip' || !this.photos.length) throw new Error('No strip on screen');
    return this.steps.compose(this.photos, resolution);
  }

  /** Done: the next guest's turn. */
  done(): void {
    if (this.view.phase === 'strip' || this.view.phase === 'pose') this.reset();
  }

  /** A touch or a key: the guest is still there. */
  activity(): void {
    if (this.view.phase === 'pose' || this.view.phase === 'strip') this.arm();
  }

  dispose(): void {
    if (this.disposed) return;
    this.reset();
    this.disposed = true;
  }

  /** `work`, or a DeadlineError once `ms` have passed (`onLate` first: stop what can be stopped). */
  private within<T>(work: Promise<T>, ms: number, onLate?: () => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = this.steps.setTimer(() => {
        onLate?.();
        reject(new DeadlineError(`A guest's step took over ${ms} ms`));
      }, ms);
      work.then(
        (value) => {
          this.steps.clearTimer(timer);
          resolve(value);
        },
        (error: unknown) => {
          this.steps.clearTimer(timer);
          reject(error);
        },
      );
    });
  }

  /** Shots that did not all come: back where the guest started, saying so. */
  private fail(): void {
    this.photos = [];
    this.steps.forget();
    if (this.options.choose) {
      this.set({ phase: 'pose', failed: 'shots' });
      this.arm();
    } else {
      this.set({ phase: 'attract', failed: 'shots' });
    }
  }

  /** A step past its deadline: the booth says so on the attract screen, with nothing of the turn kept. */
  private giveUp(): void {
    this.reset();
    this.set({ failed: 'slow' });
  }

  /** Back to attract, with nothing of the last guest left in view or in memory. */
  private reset(): void {
    this.guest++;
    this.disarm();
    if (this.view.phase === 'message') this.steps.cancelMessage();
    this.stopShots?.abort();
    this.stopShots = null;
    if (this.view.stripUrl) this.steps.revokeUrl(this.view.stripUrl);
    this.turn?.decide();
    this.strip = null;
    this.turn = null;
    this.photos = [];
    this.steps.forget();
    this.set({ ...ATTRACT_VIEW });
  }

  private arm(): void {
    this.disarm();
    this.timer = this.steps.setTimer(() => {
      this.timer = null;
      this.reset();
    }, this.options.idleMs);
  }

  private disarm(): void {
    if (this.timer !== null) this.steps.clearTimer(this.timer);
    this.timer = null;
  }

  private set(patch: Partial<EventView>): void {
    if (this.disposed) return;
    const next = { ...this.view, ...patch };
    if (next.phase !== 'strip') {
      next.stripUrl = null;
      next.kind = 'strip';
      next.kept = null;
      next.hidden = false;
    }
    this.view = next;
    this.steps.publish(next);
  }
}

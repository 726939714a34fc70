import type { ResolutionId } from '../strip/layouts';
import type { ComposerPhoto } from '../strip/protocol';

/**
 * Where a guest is: the attract screen; choosing a look (when the host allows any); the countdown
 * and shots; the strip being made; the strip on screen.
 */
export type EventPhase = 'attract' | 'pose' | 'shooting' | 'composing' | 'strip';

/** What the guest booth shows: published by the flow (an atom), rendered by React. */
export interface EventView {
  phase: EventPhase;
  /** The guest's strip on screen (an object URL of the standard JPG), in the strip phase only. */
  stripUrl: string | null;
  /** Whether the strip is in the event gallery yet ('failed': it could not be kept there). */
  kept: 'saving' | 'kept' | 'failed' | null;
  /** The last guest's shots failed (the camera went away, a photo could not be made). */
  failed: boolean;
}

export const ATTRACT_VIEW: EventView = { phase: 'attract', stripUrl: null, kept: null, failed: false };

/** What the flow drives: the booth session, the composer, the gallery and the store (or a test's fakes). */
export interface GuestSteps {
  /** The camera is live and the preview draws: a sequence may start. */
  canShoot(): boolean;
  /** Clears the last photos, runs the countdown and shots; resolves with the photos taken. */
  shoot(): Promise<ComposerPhoto[]>;
  compose(photos: ComposerPhoto[], resolution: ResolutionId): Promise<Blob>;
  /** Keeps the strip in the event gallery. */
  keep(strip: Blob): Promise<void>;
  /** The guest is gone: their photos leave the store, their look is undone. */
  forget(): void;
  publish(view: EventView): void;
  objectUrl(blob: Blob): string;
  revokeUrl(url: string): void;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export interface FlowOptions {
  /** Photos per guest: fewer means the sequence was cut short. */
  shots: number;
  /** The guest gets the pose screen (the host allowed filters, props or beauty). */
  choose: boolean;
  /** After this long without a touch or a key, the pose or strip screen goes back to attract. */
  idleMs: number;
}

/**
 * THE GUEST FLOW, as a plain state machine: attract → (pose) → shooting → composing → strip →
 * attract, and back to attract by itself after the idle time. React creates it, forwards the
 * guest's taps and keys (begin, shoot, done, activity) and renders the view it publishes.
 * Going back to attract forgets the guest: their photos, their strip's URL, their look.
 */
export class GuestFlow {
  private view: EventView = ATTRACT_VIEW;
  private timer: unknown = null;
  private photos: ComposerPhoto[] = [];
  private strip: Blob | null = null;
  /** Counts guests: a result that arrives for an earlier guest (after a reset) is dropped. */
  private guest = 0;
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
    this.set({ phase: 'pose', failed: false });
    this.arm();
  }

  /** Start on the pose screen (or from attract when the guest has nothing to choose). */
  async shoot(): Promise<void> {
    const { phase } = this.view;
    if ((phase !== 'pose' && phase !== 'attract') || this.disposed || !this.steps.canShoot()) return;
    const guest = this.guest;
    this.disarm();
    this.set({ phase: 'shooting', failed: false });
    let photos: ComposerPhoto[] = [];
    try {
      photos = await this.steps.shoot();
    } catch (error) {
      console.error('Event shots failed:', error);
    }
    if (guest !== this.guest || this.disposed) return;
    if (photos.length < this.options.shots) return this.fail();
    this.photos = photos;
    this.set({ phase: 'composing' });
    let strip: Blob;
    try {
      strip = await this.steps.compose(photos, 'standard');
    } catch (error) {
      console.error('Event strip failed:', error);
      if (guest === this.guest && !this.disposed) this.fail();
      return;
    }
    if (guest !== this.guest || this.disposed) return;
    this.strip = strip;
    this.set({ phase: 'strip', stripUrl: this.steps.objectUrl(strip), kept: 'saving' });
    this.arm();
    // Kept whatever the guest does next: Done before it is stored loses nothing.
    this.steps.keep(strip).then(
      () => guest === this.guest && this.set({ kept: 'kept' }),
      (error: unknown) => {
        console.warn('A strip could not be kept in the event gallery:', error);
        if (guest === this.guest) this.set({ kept: 'failed' });
      },
    );
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

  /** Shots that did not all come: back where the guest started, saying so. */
  private fail(): void {
    this.photos = [];
    this.steps.forget();
    if (this.options.choose) {
      this.set({ phase: 'pose', failed: true });
      this.arm();
    } else {
      this.set({ phase: 'attract', failed: true });
    }
  }

  /** Back to attract, with nothing of the last guest left in view or in memory. */
  private reset(): void {
    this.guest++;
    this.disarm();
    if (this.view.stripUrl) this.steps.revokeUrl(this.view.stripUrl);
    this.strip = null;
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
    if (next.phase !== 'strip') next.stripUrl = null;
    if (next.phase !== 'strip') next.kept = null;
    this.view = next;
    this.steps.publish(next);
  }
}

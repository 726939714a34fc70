import type { Pipeline } from '../../../gl/pipeline';

/** Hears of a frame shown: the pipeline (its pixels on the canvas) and the camera's media time (ms) of the frame. */
export type ShownListener<X> = (p: Pipeline<X>, mediaMs: number) => void;

/**
 * The preview's frames from drawn to shown: the pipeline draws each off screen, and it is put on
 * the canvas at the first animation frame after the GPU has finished it (Pipeline.present; see
 * gl/present.ts for why). Listeners hear of each frame shown that was drawn after they came, while
 * its pixels are on the canvas (the test seam reads them, a motion burst takes them).
 */
export class ShownFrames<X> {
  private listeners = new Map<ShownListener<X>, number>();
  /** Frames drawn so far; the one waiting to be shown is the last. */
  private drawn = 0;
  /** The camera's media time (ms) of the frame waiting to be shown. */
  private mediaMs = 0;
  private asking = false;

  constructor(
    /** Runs a step of the frame loop (its errors counted, never thrown). */
    private guard: (work: () => void) => void,
    private alive: () => boolean,
  ) {}

  /** `fn` hears of every frame shown from now on that was drawn after this call. */
  listen(fn: ShownListener<X>): () => void {
    this.listeners.set(fn, this.drawn);
    return () => this.listeners.delete(fn);
  }

  /** A frame was drawn off screen: shown once done. */
  drawnOne(p: Pipeline<X>, mediaMs: number): void {
    this.drawn++;
    this.mediaMs = mediaMs;
    this.showWhenDone(p);
  }

  private showWhenDone(p: Pipeline<X>): void {
    if (this.asking) return;
    this.asking = true;
    requestAnimationFrame(() =>
      this.guard(() => {
        this.asking = false;
        if (!this.alive() || p.isLost || !p.framePending) return;
        if (!p.present()) return this.showWhenDone(p);
        for (const [fn, since] of this.listeners) if (this.drawn > since) fn(p, this.mediaMs);
      }),
    );
  }
}

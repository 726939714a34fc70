/** How far (ms) a frame's time from its camera stamp may stray from the page clock before the page clock is used instead. */
const TRUST_MS = 500;

/**
 * Where each preview frame goes on a message's timeline: at the moment the camera took it, not
 * the moment the preview showed it. Showing follows a GPU pass and whatever else the page was
 * doing (on a software GPU 60–150 ms, and more when the page stalls), so stamps taken at the show
 * moved each frame by that varying delay; the camera's media time does not move. The media clock is
 * put on the page clock (the sound's) by the shortest way a frame has taken from the camera to
 * the screen so far. A frame with no sensible media time (a redraw of a still picture) is placed
 * when it was shown.
 */
export class FrameClock {
  /** Page ms − media ms, the least seen. */
  private offset = Infinity;

  constructor(private startedAt: number) {}

  /** Seconds into the message of a frame with camera media time `mediaMs`, shown at page time `shownAt`. */
  place(mediaMs: number, shownAt: number): number {
    const shown = (shownAt - this.startedAt) / 1000;
    if (!Number.isFinite(mediaMs)) return shown;
    // Measured against the mapping so far: a frame far off it is on another clock.
    if (this.offset !== Infinity && Math.abs(mediaMs + this.offset - shownAt) > TRUST_MS) return shown;
    this.offset = Math.min(this.offset, shownAt - mediaMs);
    return (mediaMs + this.offset - this.startedAt) / 1000;
  }
}

/**
 * A frame's camera time this far behind the mapping (its way to the screen this much longer than
 * the quickest seen) is on another clock (a camera opened again, a redraw's time): seconds, not
 * the hundreds of milliseconds a busy page adds.
 */
const OTHER_CLOCK_MS = 5_000;
/** A capture time this far after the frame was shown is still believed (the clocks' own skew). */
const CAPTURE_AHEAD_MS = 50;

/**
 * Where each preview frame goes on a message's timeline: at the moment the camera took it, not
 * the moment the preview showed it. Showing follows a GPU pass and whatever else the page was
 * doing (on a software GPU 60–150 ms, and over a second on a busy device), so stamps taken at the
 * show moved each frame by that varying delay; the camera's media time does not move. The media
 * clock is put on the page clock (the sound's) by the shortest way a frame has taken from the
 * camera to the screen so far, and a frame shown late is still placed when it was taken (placing
 * late frames when shown let the picture slip most of a second against the sound on a busy
 * device). Where the browser says when the camera took a frame (its capture time, on the page's
 * clock), that is where it goes: a media time may count the camera's frames instead of its time
 * (WebKit's, see booth/renderer/captureTimes.ts). A frame with no sensible time is placed when shown.
 */
export class FrameClock {
  /** Page ms − media ms, the least seen. */
  private offset = Infinity;

  constructor(private startedAt: number) {}

  /**
   * Seconds into the message of a frame with camera media time `mediaMs`, shown at page time
   * `shownAt`; taken by the camera at page time `captureMs`, where the browser says: then that.
   */
  place(mediaMs: number, shownAt: number, captureMs?: number): number {
    const shown = (shownAt - this.startedAt) / 1000;
    // Chromium's fake camera stamps some frames up to ~15 ms after the page's callback for them.
    if (captureMs !== undefined && Number.isFinite(captureMs) && captureMs <= shownAt + CAPTURE_AHEAD_MS && shownAt - captureMs < OTHER_CLOCK_MS) return (captureMs - this.startedAt) / 1000;
    if (!Number.isFinite(mediaMs)) return shown;
    const way = shownAt - mediaMs;
    // Far slower than the quickest seen, or in the page's future: the camera's clock changed.
    if (this.offset !== Infinity && (way - this.offset > OTHER_CLOCK_MS || way < this.offset - OTHER_CLOCK_MS)) {
      this.offset = way;
      return shown;
    }
    this.offset = Math.min(this.offset, way);
    return (mediaMs + this.offset - this.startedAt) / 1000;
  }
}

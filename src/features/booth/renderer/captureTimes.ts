/** How many recent frames' capture times are kept (a frame is shown well within this many later). */
const KEPT = 64;

/**
 * When the camera took each recent frame (page clock, ms), by the frame's media time, where the
 * browser says (requestVideoFrameCallback's captureTime: WebKit and Safari give it for a camera).
 * A media time alone can run on the camera's own count of frames: WebKitGTK's mock camera, held
 * back on a busy machine, stamped 7.7 s of media time over 11 s of the page's, while its capture
 * times kept the page's pace.
 */
export class CaptureTimes {
  private times = new Map<number, number>();

  note(mediaMs: number, captureMs: number | undefined): void {
    if (captureMs === undefined || !Number.isFinite(captureMs)) return;
    this.times.set(mediaMs, captureMs);
    if (this.times.size > KEPT) this.times.delete(this.times.keys().next().value!);
  }

  /** The capture time of the frame with media time `mediaMs`, when the browser said it. */
  of(mediaMs: number): number | undefined {
    return this.times.get(mediaMs);
  }
}

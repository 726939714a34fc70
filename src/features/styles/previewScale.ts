/**
 * The scale a style's preview is drawn at, chosen by measuring (never by the user agent): while a
 * style is live, the time between its preview frames is watched; a style that keeps the preview
 * under PREVIEW_MIN_FPS is drawn smaller, a step at a time down to MIN_SCALE, and stays so for the
 * session (raising it again would see-saw). A photo is always drawn at full size. Plain TypeScript, unit-tested.
 */
export const MIN_SCALE = 0.5;
const STEPS = [1, 0.75, 0.5] as const;
/** Below this many preview frames a second, a style's preview is drawn smaller. */
export const PREVIEW_MIN_FPS = 15;
/** Frames measured before a decision (a window's median, so one slow frame decides nothing). */
const WINDOW = 6;
/**
 * A gap this long is a pause (a hidden tab), not a slow frame. A software GPU can take seconds
 * per frame of a style: those gaps must count (a window's median ignores one pause among them).
 */
const PAUSE_MS = 60_000;

export class PreviewScale {
  private step = new Map<string, number>();
  private lastAt = 0;
  private lastId = '';
  private gaps: number[] = [];

  /** The scale to draw `styleId`'s next preview frame at. */
  scaleFor(styleId: string): number {
    return STEPS[this.step.get(styleId) ?? 0]!;
  }

  /** A preview frame of `styleId` was drawn at `now` (ms). */
  frame(styleId: string, now: number): void {
    if (styleId !== this.lastId) {
      this.lastId = styleId;
      this.gaps = [];
      this.lastAt = now;
      return;
    }
    const gap = now - this.lastAt;
    this.lastAt = now;
    if (gap <= 0 || gap > PAUSE_MS) return;
    this.gaps.push(gap);
    if (this.gaps.length < WINDOW) return;
    const median = [...this.gaps].sort((a, b) => a - b)[WINDOW >> 1]!;
    this.gaps = [];
    const at = this.step.get(styleId) ?? 0;
    if (1000 / median < PREVIEW_MIN_FPS && at < STEPS.length - 1) this.step.set(styleId, at + 1);
  }
}

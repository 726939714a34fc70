import type { Pipeline } from '../../../gl/pipeline';
import type { PendingRead } from '../../../gl/readback';
import { THUMB_HEIGHT, THUMB_WIDTH } from '../../filters/meta';
import { filterPass } from '../../filters/pass';
import { STYLE_THUMB_PREFIX, styleThumbChain } from '../../styles/thumbnail';
import { meanLuma } from '../../vision/light';
import { brightestLuma } from './blackCheck';

/** Light is measured at most this often (a tiny GPU downscale + 2 KB read-back). */
const LIGHT_INTERVAL_MS = 500;
/** One filter thumbnail is refreshed at most this often, round-robin across the list. */
const THUMB_INTERVAL_MS = 120;
/**
 * One art style's thumbnail at most this often: thumbnails of styles refresh more slowly than the
 * preview. Its chain runs at THUMB_WORK_SCALE × the thumbnail's size (192×108: strokes and lines
 * still show at 96×54; at 4× a chain on a software GPU took 50–170 ms of GPU time, which the
 * compositor waited for on the main thread), its passes sent one per preview frame (steppedRead).
 */
const STYLE_THUMB_INTERVAL_MS = 700;
const THUMB_WORK_SCALE = 2;
/**
 * Each pass of a style's chain drawn in this many strips, one per preview frame: a heavy pass
 * (Kuwahara, the comic's halftone, a bilateral) at 192×108 took 40–80 ms of software-GPU time, and
 * the compositor's read of the next frame waited for it. Traced, a heavy program's first strip in
 * each round still costs 40–120 ms (at 4 strips and at 8 alike: its first draw, not its area);
 * the strips after it 5–15 ms.
 */
const STYLE_THUMB_BANDS = 4;

export interface SideReadEvents {
  onLight?: (meanLuma: number) => void;
  onThumbnail?: (filterId: string, pixels: Uint8ClampedArray<ArrayBuffer>) => void;
  /** Whether a style's thumbnail is worth drawing now (on screen); every one is, without this. */
  thumbnailWanted?: (id: string) => boolean;
}

/**
 * Light level and picker thumbnails: tiny GPU passes read back asynchronously (a fence polled on
 * later frames), one read in flight at a time, so the main thread never waits for the GPU.
 */
export class SideReads {
  /** Thumbnails to keep: filter ids, and art styles as STYLE_THUMB_PREFIX + id (empty = none). */
  thumbnailFilters: string[] = [];
  private pending: { kind: 'light' | { filterId: string }; read: PendingRead } | null = null;
  private lastLightAt = 0;
  private lastThumbAt = 0;
  private thumbIndex = 0;
  private lastStyleThumbAt = 0;
  private styleIndex = 0;
  private holds = 0;
  /** The brightest pixel of the last light read (the preview's camera picture, downscaled), and when. */
  private lit: { luma: number; at: number } | null = null;

  constructor(private events: SideReadEvents) {}

  /**
   * While a sequence runs or a recording reads the preview's frames (a video message, a burst),
   * the multi-pass thumbnails wait: the GPU work they add holds up the frames and the photos.
   * Returns the release (once only).
   */
  holdMultiPass(): () => void {
    this.holds++;
    let held = true;
    return () => {
      if (held) this.holds--;
      held = false;
    };
  }

  /** The preview's brightest pixel as last measured within `maxAgeMs` of `now`, or null. */
  previewBrightest(now: number, maxAgeMs: number): number | null {
    return this.lit && now - this.lit.at <= maxAgeMs ? this.lit.luma : null;
  }

  /** The context was lost: the read's buffer died with it. */
  drop(): void {
    this.pending = null;
  }

  /** Called after each preview frame. */
  step<X>(p: Pipeline<X>, now: number, mirror: boolean): void {
    if (this.pending) {
      const result = this.pending.read.poll();
      if (result === null) return;
      const { kind } = this.pending;
      this.pending = null;
      if (result === 'failed') return;
      if (kind === 'light') {
        this.lit = { luma: brightestLuma(result), at: now };
        this.events.onLight?.(meanLuma(result));
      }
      else this.events.onThumbnail?.(kind.filterId, result);
      return;
    }
    if (this.events.onLight && now - this.lastLightAt > LIGHT_INTERVAL_MS) {
      this.lastLightAt = now;
      // Two steps (→ 128×72 → 32×18) so the linear filter averages more of the frame.
      const read = p.startSmallRead(32, 18, { mid: { width: 128, height: 72 } });
      if (read) this.pending = { kind: 'light', read };
      return;
    }
    if (!this.events.onThumbnail) return;
    const styles = this.holds ? [] : this.thumbnailFilters.filter((id) => id.startsWith(STYLE_THUMB_PREFIX) && (this.events.thumbnailWanted?.(id) ?? true));
    if (styles.length && now - this.lastStyleThumbAt > STYLE_THUMB_INTERVAL_MS) {
      this.lastStyleThumbAt = now;
      const id = styles[this.styleIndex++ % styles.length]!;
      const chain = styleThumbChain(id);
      const mid = { width: THUMB_WIDTH * THUMB_WORK_SCALE, height: THUMB_HEIGHT * THUMB_WORK_SCALE };
      const read = chain && p.startSmallRead(THUMB_WIDTH, THUMB_HEIGHT, { pass: filterPass('none', mirror), mid, chain, bands: STYLE_THUMB_BANDS });
      if (read) this.pending = { kind: { filterId: id }, read };
      return;
    }
    const filters = this.thumbnailFilters.filter((id) => !id.startsWith(STYLE_THUMB_PREFIX));
    if (filters.length && now - this.lastThumbAt > THUMB_INTERVAL_MS) {
      this.lastThumbAt = now;
      const filterId = filters[this.thumbIndex++ % filters.length]!;
      const read = p.startSmallRead(THUMB_WIDTH, THUMB_HEIGHT, { pass: filterPass(filterId, mirror) });
      if (read) this.pending = { kind: { filterId }, read };
    }
  }
}

import { isAborted } from '../../../lib/deadline';
import type { Store } from '../../../state/store';
import type { SegmentMask } from '../../background/protocol';
import { Segmenter } from '../../background/segmenter';
import { segmenterStatusAtom } from '../../background/state';
import type { LiveMaskSource } from '../renderer/previewRenderer';
import { lookNeedsMask } from '../renderer/stageInputs';
import { STAGES, type Look } from '../stages';

/**
 * When the person segmenter is loaded: once a stage needs the mask (a background chosen, unless
 * the green-screen key cuts the person out by colour), and kept for the rest of the session. It
 * publishes the model's state (segmenterStatusAtom: the picker says why when it failed).
 */
export class SegmentDemand {
  private segmenter: Segmenter | null = null;

  constructor(private store: Store) {}

  /** What the renderer offers live frames to and draws with. */
  readonly liveSource: LiveMaskSource = {
    offer: (video) => this.segmenter?.offer(video),
    latest: () => this.segmenter?.latest() ?? null,
  };

  lookChanged(look: Look): void {
    if (lookNeedsMask(look, STAGES)) this.hold().load().catch(() => undefined);
  }

  private hold(): Segmenter {
    return (this.segmenter ??= new Segmenter((status) => this.store.set(segmenterStatusAtom, status)));
  }

  /**
   * The still's own mask for a photo; if the segmenter is late or failing, the preview's last
   * mask (what the visitor saw at the shutter), never no background where the preview had one.
   */
  async forStill(still: ImageBitmap, signal: AbortSignal, onLate: () => void = () => undefined): Promise<SegmentMask | null> {
    const s = this.segmenter;
    if (!s) return null;
    try {
      return (await s.forStill(still, signal)) ?? s.latest();
    } catch (error) {
      if (isAborted(error)) throw error;
      // Late (a model still downloading, a worker not answering): the photo goes on, and says so.
      onLate();
      return s.latest();
    }
  }

  /** Milliseconds per live mask in the worker (the bench reads them). */
  get times(): readonly number[] {
    return this.segmenter?.times ?? [];
  }

  dispose(): void {
    this.segmenter?.dispose();
    this.segmenter = null;
  }
}

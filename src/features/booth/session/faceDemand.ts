import { whenIdle } from '../../../lib/idle';
import type { Store } from '../../../state/store';
import { pageFaceTracker, type FaceTracker } from '../../vision/faceTracker';
import { faceTrackingAtom, type FaceTracking } from '../../vision/state';
import type { LiveFaceSource } from '../renderer/previewRenderer';
import { lookNeedsFaces } from '../renderer/stageInputs';
import { STAGES, type Look } from '../stages';
import { readLook } from './look';

/**
 * The strip's framing loads the model this long after the camera is live (then when the browser
 * is idle, at the latest IDLE_LOAD_TIMEOUT_MS later): its 13 MB wasm compiling beside the booth's
 * own start would stall the first seconds on a slow device. A shot before then is framed on the
 * middle of the picture (as where no face is found); a face effect loads the model at once.
 */
const FRAMING_LOAD_AFTER_MS = 10_000;
const IDLE_LOAD_TIMEOUT_MS = 8_000;

/**
 * The booth session's face tracking: told of each new look, it holds the page's face
 * tracker while anything needs faces — a stage in the registry (a beauty level, a prop), or the
 * strip's framing (a photo's crop follows its faces), which asks for it once the camera is live
 * and the browser idle. When the session ends nothing needs it, and the tracker closes a while
 * after (FaceTracker.closeSoon: a quick trip away and back keeps the model). No panel's mount
 * decides any of this.
 */
export class FaceDemand {
  private held: FaceTracker | null = null;
  private framing = false;
  private offs: (() => void)[] = [];
  private idle: (() => void) | null = null;
  private published: FaceTracking | null = null;

  constructor(private store: Store) {}

  /** The tracker while the session holds one (a shot searches its still with it). */
  get tracker(): FaceTracker | null {
    return this.held;
  }

  /** Where the renderer gets the live faces. */
  readonly liveSource: LiveFaceSource = {
    offer: (video, mediaMs) => this.held?.offerLiveFrame(video, mediaMs),
    latest: () => this.held?.getLiveFaces().faces ?? [],
  };

  /** The preview's look changed (the session follows the store): a stage may need faces now. */
  lookChanged(look: Look): void {
    if (this.framing || lookNeedsFaces(look, STAGES)) void this.hold().load();
  }

  /** The camera plays: the strip's framing wants faces, once the first seconds are over and the browser idle. */
  cameraLive(): void {
    if (this.framing || this.idle) return;
    let cancelIdle: (() => void) | null = null;
    const go = () => {
      this.idle = null;
      this.framing = true;
      this.lookChanged(readLook(this.store, 'preview'));
    };
    const timer = setTimeout(() => (cancelIdle = whenIdle(go, IDLE_LOAD_TIMEOUT_MS, 3000)), FRAMING_LOAD_AFTER_MS);
    this.idle = () => {
      clearTimeout(timer);
      cancelIdle?.();
    };
  }

  /** The visitor reached for a face effect (first touch of the beauty panel): load now. */
  warm(): void {
    void this.hold().load();
  }

  /** After a failure (offline on first use): load again. */
  retry(): void {
    void this.hold().retry();
  }

  private hold(): FaceTracker {
    if (this.held) return this.held;
    const tracker = pageFaceTracker();
    this.held = tracker;
    const publish = () => {
      const live = tracker.getLiveFaces();
      const next: FaceTracking = {
        status: tracker.getStatus(),
        faces: !live.known ? 'unknown' : live.faces.length > 0 ? 'face' : 'none',
        shape: live.known ? `${live.faces.length}x${live.faces[0]?.length ?? 0}` : '',
      };
      const p = this.published;
      // Live results come with every frame: publish only what changed.
      if (p && p.status === next.status && p.faces === next.faces && p.shape === next.shape) return;
      this.published = next;
      this.store.set(faceTrackingAtom, next);
    };
    this.offs.push(tracker.subscribe(publish));
    publish();
    return tracker;
  }

  dispose(): void {
    this.idle?.();
    for (const off of this.offs.splice(0)) off();
    this.held?.closeSoon();
    this.held = null;
  }
}

import type { Store } from '../../state/store';
import type { FrameWorker } from '../frames/frameWorker';
import type { FrameTap } from '../frames/tap';
import type { BoothSession } from './session/boothSession';
import { mirrorPhotosAtom, mirrorPreviewAtom } from './state';

/**
 * Where a recording reads the booth's live look (a video message): the preview's frame tap,
 * whether to turn its frames so they read the way the photos do (the mirrored preview is for
 * posing), and the session's frame worker, which turns them off the main thread. Null before the
 * preview draws.
 */
export function liveLook(store: Store, session: BoothSession | null): { tap: FrameTap; flip: boolean; workers: FrameWorker } | null {
  const tap = session?.renderer?.frameTap;
  return tap && session ? { tap, flip: store.get(mirrorPreviewAtom) !== store.get(mirrorPhotosAtom), workers: session.frameWorker } : null;
}

import type { Store } from '../../state/store';
import type { FrameTap } from '../motion/burst';
import type { BoothSession } from './session/boothSession';
import { mirrorPhotosAtom, mirrorPreviewAtom } from './state';

/**
 * Where a recording reads the booth's live look (a video message): the preview's frame tap, and
 * whether to turn its frames so they read the way the photos do (the mirrored preview is for
 * posing). Null before the preview draws.
 */
export function liveLook(store: Store, session: BoothSession | null): { tap: FrameTap; flip: boolean } | null {
  const tap = session?.renderer?.frameTap;
  return tap ? { tap, flip: store.get(mirrorPreviewAtom) !== store.get(mirrorPhotosAtom) } : null;
}

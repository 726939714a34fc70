import { atom } from 'jotai';
import { atomWithStorage, unwrap } from 'jotai/utils';
import * as v from 'valibot';
import { sessionStore } from '../../lib/sessionAtom';
import { MOTION_FORMATS, type MotionFormat } from './meta';
import { detectMotionSupport, type MotionSupport } from './support';

/** Motion on: each shot also keeps a burst (remembered for the session, like the other booth choices). */
export const motionOnAtom = atomWithStorage<boolean>('photobooth.motion', false, sessionStore(v.boolean()), { getOnInit: true });

/** The format the visitor picked for motion exports (MP4 falls back to GIF where it cannot be made). */
export const motionFormatAtom = atomWithStorage<MotionFormat>('photobooth.motionFormat', 'mp4', sessionStore(v.picklist(MOTION_FORMATS)), {
  getOnInit: true,
});

/** What this browser can make: asked once, on first read; null until the browser has answered. */
const askedSupportAtom = atom<Promise<MotionSupport>>(() => detectMotionSupport());
export const motionSupportAtom = unwrap(askedSupportAtom, (prev) => prev ?? null);

/** An export in progress: what it is making, how far it is (0..1), and how to stop it. */
export interface MotionJob {
  label: string;
  progress: number;
  cancel: () => void;
}
export const motionJobAtom = atom<MotionJob | null>(null);

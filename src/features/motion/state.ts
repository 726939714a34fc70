import { atom } from 'jotai';
import { atomWithStorage, unwrap } from 'jotai/utils';
import * as v from 'valibot';
import { sessionStore } from '../../lib/sessionAtom';
import { readablePhotosAtom } from '../../state/session';
import { MOTION_FORMATS, type MotionFormat } from './meta';
import { detectMp4, motionUnavailable, type MotionSupport } from './support';

/** Motion on: each shot also keeps a burst (remembered for the session, like the other booth choices). */
export const motionOnAtom = atomWithStorage<boolean>('photobooth.motion', false, sessionStore(v.boolean()), { getOnInit: true });

/** The format the visitor picked for motion exports (MP4 falls back to GIF where it cannot be made). */
export const motionFormatAtom = atomWithStorage<MotionFormat>('photobooth.motionFormat', 'mp4', sessionStore(v.picklist(MOTION_FORMATS)), {
  getOnInit: true,
});

/** Whether motion can be recorded and made here at all (as GIF at least): asked at once, cheaply. */
export const motionSupportAtom = atom<Pick<MotionSupport, 'unavailable'> | null>(() => ({ unavailable: motionUnavailable() }));

/**
 * Whether MP4 can be made here: an H.264 encoder is configured and one frame encoded (once per
 * page, ./support.ts), asked only once a photo has motion to export (never in the booth's first
 * seconds, nor on a strip page without motion: starting an encoder is not free, and where the
 * platform's media stack is broken it can take the page down with it). Null until the browser has
 * answered (GIF meanwhile).
 */
const askedMp4Atom = atom<Promise<Pick<MotionSupport, 'mp4'>>>(async () => ({ mp4: await detectMp4() }));
const answeredMp4Atom = unwrap(askedMp4Atom, (prev) => prev ?? null);
export const mp4SupportAtom = atom((get) => (get(readablePhotosAtom).some((p) => p.motion) ? get(answeredMp4Atom) : null));

/** An export in progress: what it is making, how far it is (0..1), and how to stop it. */
export interface MotionJob {
  label: string;
  progress: number;
  cancel: () => void;
}
export const motionJobAtom = atom<MotionJob | null>(null);

import { atom } from 'jotai';
import { IDLE_PHASE, type MessagePhase } from './flow';
import type { VideoMessage } from './meta';
import type { Recording } from './meta';

/** Where the message being made is (idle when none). */
export const messagePhaseAtom = atom<MessagePhase>(IDLE_PHASE);
/** The recording waiting for Keep or Record again (nothing is kept before that). */
export const messageReviewAtom = atom<{ id: string; recording: Recording; micRefused: boolean } | null>(null);
/** The messages kept in this visit, oldest first. */
export const keptMessagesAtom = atom<VideoMessage[]>([]);
/** The last message's failure, shown until the next one starts. */
export const messageFailedAtom = atom(false);

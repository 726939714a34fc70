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
/** Why the last message failed ('full': no room on the device for its file), shown until the next one starts. */
export type MessageFailure = 'full' | 'failed';
export const messageFailedAtom = atom<MessageFailure | null>(null);

/** The failure a recording's error is: a full disk (the file could not grow), or anything else. */
export function failureOf(error: unknown): MessageFailure {
  const name = (error as { name?: string } | null)?.name;
  return name === 'QuotaExceededError' || name === 'StorageFullError' ? 'full' : 'failed';
}

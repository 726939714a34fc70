/** Video messages' data: how long, how large, how they are encoded and named. */
import { motionSize } from '../motion/meta';
import { exportBaseName } from '../strip/export';

/** The booth page's message length, in seconds. */
export const BOOTH_MESSAGE_SECONDS = 30;
/** The countdown before recording starts (seconds). */
export const MESSAGE_COUNTDOWN = 3;
/** A message's short side at most (720p where the preview is that large). */
export const MESSAGE_MAX_LINES = 720;
/** Video bitrate: ~2.5 Mbit/s keeps 720p faces sharp; a 60 s message is ~20 MB. */
export const VIDEO_BITRATE = 2_500_000;
export const AUDIO_BITRATE = 128_000;
/** A key frame every this many seconds, so a player can seek in a long message. */
export const KEY_FRAME_SECONDS = 2;
/** The microphone's unread pieces held while the page is busy: ~10 ms each, so 2 s of sound. */
export const MIC_BUFFER_PIECES = 200;
/** The file is written out in pieces of this size as it is made (never the whole message held). */
export const WRITE_CHUNK_BYTES = 1 << 20;

/** How a message is made: WebCodecs through mediabunny, or the browser's own MediaRecorder. */
export type MessagePath = 'webcodecs' | 'mediarecorder';
/** The container of a message file. */
export type MessageFormat = 'mp4' | 'webm';
export type AudioCodecName = 'aac' | 'opus';

/** A finished recording: its file and what it holds. */
export interface Recording {
  blob: Blob;
  format: MessageFormat;
  /** Seconds of video. */
  seconds: number;
  hasAudio: boolean;
  width: number;
  height: number;
  /** Frames a second of its picture (frames in the file over its length). */
  fps?: number;
  /** The camera's frame rate while it was recorded, when known: where `fps` falls short of it the review says so. */
  cameraFps?: number;
}

/** A message's frame rate falls short of the camera's when below this share of it. */
export const FPS_SHORT_OF_CAMERA = 0.9;

/** The frame rate to name in a message's review (rounded), or null when it kept the camera's pace. */
export function slowFrameRate(r: Pick<Recording, 'fps' | 'cameraFps'>): number | null {
  if (!r.fps || !r.cameraFps || r.fps >= r.cameraFps * FPS_SHORT_OF_CAMERA) return null;
  return Math.max(1, Math.round(r.fps));
}

/** A kept message: a recording with its name and when it was kept. */
export type VideoMessage = Recording & { id: string; createdAt: number };

/** The name of a message's file on the device while it is made and kept. */
export const messageFile = (m: { id: string; format: MessageFormat }) => `${m.id}.${m.format}`;

/** The file name a kept message downloads as: "photobooth-2026-11-28-2301-message.mp4". */
export function messageFileName(m: Pick<VideoMessage, 'format' | 'createdAt'>): string {
  return `${exportBaseName(new Date(m.createdAt))}-message.${m.format}`;
}

/** The message's frame size for a preview canvas of `width`×`height`: its shape, at most 720 lines, even sides (H.264). */
export function messageSize(width: number, height: number): { width: number; height: number } {
  return motionSize(width, height, Math.max(width, height) * Math.min(1, MESSAGE_MAX_LINES / Math.min(width, height)));
}

/** "m:ss" for a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

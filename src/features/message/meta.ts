/** Video messages' data: how long, how large, how they are encoded and named. */

/** The booth page's message length, in seconds; event hosts choose theirs in this range. */
export const BOOTH_MESSAGE_SECONDS = 30;
export const MIN_MESSAGE_SECONDS = 10;
export const MAX_MESSAGE_SECONDS = 60;
/** The countdown before recording starts (seconds). */
export const MESSAGE_COUNTDOWN = 3;
/** A message's short side at most (720p where the preview is that large). */
export const MESSAGE_MAX_LINES = 720;
/** Video bitrate: ~2.5 Mbit/s keeps 720p faces sharp; a 60 s message is ~20 MB. */
export const VIDEO_BITRATE = 2_500_000;
export const AUDIO_BITRATE = 128_000;
/** A key frame every this many seconds, so a player can seek in a long message. */
export const KEY_FRAME_SECONDS = 2;
/** The file is written out in pieces of this size as it is made (never the whole message held). */
export const WRITE_CHUNK_BYTES = 1 << 20;

/** How a message is made: WebCodecs through mediabunny, or the browser's own MediaRecorder. */
export type MessagePath = 'webcodecs' | 'mediarecorder';
/** The container of a message file. */
export type MessageFormat = 'mp4' | 'webm';
export type AudioCodecName = 'aac' | 'opus';

/** A kept message: its file and what it holds. */
export interface VideoMessage {
  id: string;
  blob: Blob;
  format: MessageFormat;
  /** Seconds of video. */
  seconds: number;
  hasAudio: boolean;
  width: number;
  height: number;
  createdAt: number;
}

/** The file name a kept message downloads as. */
export function messageFileName(m: Pick<VideoMessage, 'format' | 'createdAt'>): string {
  const d = new Date(m.createdAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `photobooth-message-${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}.${m.format}`;
}

/** The message's frame size for a preview canvas of `width`×`height`: at most 720 lines, even sides (H.264). */
export function messageSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MESSAGE_MAX_LINES / Math.min(width, height));
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

/** "m:ss" for a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

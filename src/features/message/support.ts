import { detectMp4 } from '../motion/support';
import { AUDIO_BITRATE, type AudioCodecName, type MessageFormat, type MessagePath } from './meta';

/**
 * What this browser can record a message with, asked of the browser itself (never of its name):
 * the one place that detects the encoders, the microphone's sample stream and MediaRecorder's
 * formats for messages.
 */
export interface MessageSupport {
  /** null: no way to record video here. */
  path: MessagePath | null;
  format: MessageFormat;
  /** WebCodecs' audio codec (AAC where the browser encodes it, else Opus); null on MediaRecorder's path. */
  audio: AudioCodecName | null;
  /** MediaRecorder's MIME type, on its path. */
  recorderType: string | null;
  /** Whether the file can be written to the origin's private file system as it is made. */
  opfs: boolean;
}

/** MediaRecorder's types, best first: MP4 (H.264 with AAC or Opus), then WebM. */
const RECORDER_TYPES = [
  'video/mp4;codecs=avc1.42E01F,mp4a.40.2',
  'video/mp4;codecs=avc1,opus',
  'video/mp4',
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
];

async function audioCodec(): Promise<AudioCodecName | null> {
  if (typeof AudioEncoder === 'undefined') return null;
  for (const [name, codec] of [['aac', 'mp4a.40.2'], ['opus', 'opus']] as const) {
    try {
      const { supported } = await AudioEncoder.isConfigSupported({ codec, sampleRate: 48_000, numberOfChannels: 1, bitrate: AUDIO_BITRATE });
      if (supported) return name;
    } catch {
      /* not this one */
    }
  }
  return null;
}

function recorderType(): string | null {
  if (typeof MediaRecorder === 'undefined' || typeof HTMLCanvasElement === 'undefined' || !('captureStream' in HTMLCanvasElement.prototype)) return null;
  return RECORDER_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? null;
}

async function opfsWritable(): Promise<boolean> {
  try {
    if (!navigator.storage?.getDirectory || typeof FileSystemFileHandle === 'undefined') return false;
    return 'createWritable' in FileSystemFileHandle.prototype;
  } catch {
    return false;
  }
}

async function probe(): Promise<MessageSupport> {
  const opfs = await opfsWritable();
  // WebCodecs' path: H.264 that really encodes, an audio encoder, and the microphone's samples.
  if ((await detectMp4()) === null && typeof MediaStreamTrackProcessor !== 'undefined') {
    const audio = await audioCodec();
    if (audio) return { path: 'webcodecs', format: 'mp4', audio, recorderType: null, opfs };
  }
  const type = recorderType();
  if (type) return { path: 'mediarecorder', format: type.startsWith('video/mp4') ? 'mp4' : 'webm', audio: null, recorderType: type, opfs };
  return { path: null, format: 'mp4', audio: null, recorderType: null, opfs };
}

/**
 * Whether no message can be recorded here, asked cheaply (no encoder started, as the booth's
 * first seconds need): neither WebCodecs' encoders with the microphone's samples nor MediaRecorder
 * on a canvas's stream. The full answer (detectMessageSupport) comes when a message is asked for.
 */
export function messageUnavailable(): boolean {
  const webCodecs = typeof VideoEncoder !== 'undefined' && typeof AudioEncoder !== 'undefined' && typeof MediaStreamTrackProcessor !== 'undefined';
  return !webCodecs && recorderType() === null;
}

let support: Promise<MessageSupport> | null = null;
/** Asked once per page. */
export function detectMessageSupport(): Promise<MessageSupport> {
  return (support ??= probe());
}
/** For tests: ask again. */
export function forgetMessageSupport(): void {
  support = null;
}

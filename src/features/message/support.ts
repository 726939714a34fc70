import { detectMp4 } from '../motion/support';
import { micRoute, type MicRoute } from './micPieces';
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
  /** How the microphone's samples reach the audio encoder, on WebCodecs' path. */
  mic: MicRoute | null;
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

/** How long MediaRecorder is tried on a small canvas, and how long its piece is waited for. */
const RECORDER_TRY_MS = 300;
const RECORDER_PIECE_MS = 2_000;

/** Whether MediaRecorder really records here: a few frames of a small canvas give a piece with data. */
async function recorderRecords(type: string): Promise<boolean> {
  const canvas = document.createElement('canvas');
  Object.assign(canvas, { width: 64, height: 64 });
  const ctx = canvas.getContext('2d')!;
  const stream = canvas.captureStream(30);
  let n = 0;
  const draw = () => {
    ctx.fillStyle = `hsl(${(n++ * 40) % 360} 80% 50%)`;
    ctx.fillRect(0, 0, 64, 64);
  };
  draw();
  const timer = setInterval(draw, 33);
  try {
    // The container alone: the canvas's stream has no sound for the codecs' audio half.
    const recorder = new MediaRecorder(stream, { mimeType: type.split(';')[0] });
    let size = 0;
    const done = new Promise<void>((resolve) => {
      recorder.ondataavailable = (e) => void (size += e.data.size);
      recorder.onstop = () => resolve();
      setTimeout(resolve, RECORDER_TRY_MS + RECORDER_PIECE_MS);
    });
    recorder.start();
    await new Promise((r) => setTimeout(r, RECORDER_TRY_MS));
    recorder.stop();
    await done;
    return size > 0;
  } catch {
    return false;
  } finally {
    clearInterval(timer);
    for (const t of stream.getTracks()) t.stop();
  }
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
  // WebCodecs with the microphone's own sample stream (Chromium), else MediaRecorder where it
  // really records (Firefox, Safari), else WebCodecs with the microphone through an AudioWorklet
  // (WebKitGTK, whose MediaRecorder makes empty files). Every file is read back before it is
  // offered (./whole.ts), whichever way it was made.
  const mic = micRoute();
  const webCodecs = async (route: MicRoute): Promise<MessageSupport | null> => {
    if ((await detectMp4()) !== null) return null;
    const audio = await audioCodec();
    return audio ? { path: 'webcodecs', format: 'mp4', audio, mic: route, recorderType: null, opfs } : null;
  };
  if (mic === 'processor') {
    const found = await webCodecs(mic);
    if (found) return found;
  }
  const type = recorderType();
  if (type && (await recorderRecords(type))) return { path: 'mediarecorder', format: type.startsWith('video/mp4') ? 'mp4' : 'webm', audio: null, mic: null, recorderType: type, opfs };
  if (mic === 'worklet') {
    const found = await webCodecs(mic);
    if (found) return found;
  }
  return { path: null, format: 'mp4', audio: null, mic: null, recorderType: null, opfs };
}

/**
 * Whether no message can be recorded here, asked cheaply (no encoder started, as the booth's
 * first seconds need): neither WebCodecs' encoders with the microphone's samples nor MediaRecorder
 * on a canvas's stream. The full answer (detectMessageSupport) comes when a message is asked for.
 */
export function messageUnavailable(): boolean {
  const webCodecs = typeof VideoEncoder !== 'undefined' && typeof AudioEncoder !== 'undefined' && micRoute() !== null;
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

import { AudioSampleSource, CanvasSource, Mp4OutputFormat, Output, StreamTarget } from 'mediabunny';
import { pumpMicrophone } from './audio';
import { FrameClock } from './frameClock';
import type { FrameTap } from '../motion/burst';
import { withDuration } from './webmDuration';
import { AUDIO_BITRATE, KEY_FRAME_SECONDS, messageFile, messageSize, VIDEO_BITRATE, WRITE_CHUNK_BYTES, type Recording } from './meta';
import { openSink, type MessageSink } from './sink';
import type { MessageSupport } from './support';

export interface RecordOptions {
  /** Where a message reads the live look: the preview canvas right after each draw (as a motion burst does). */
  tap: FrameTap;
  /** Mirror each frame (the preview is mirrored for posing; a message reads the right way round, as photos do). */
  flip: boolean;
  /** The microphone, or null: recorded without sound. */
  mic: MediaStreamTrack | null;
  support: MessageSupport;
  /** The message's id (its file is named after it). */
  id: string;
}

/** A message being recorded. */
export interface ActiveRecording {
  /** Seconds recorded so far. */
  elapsed(): number;
  /** Ends it and returns the file (playable as soon as this resolves). */
  stop(): Promise<Recording>;
  /** Ends it keeping nothing. */
  cancel(): Promise<void>;
}

/**
 * The frame canvas: each preview frame drawn into it at the message's size, turned as photos are.
 * An element (not an OffscreenCanvas), so MediaRecorder can take its stream too.
 */
function frameCanvas(tap: FrameTap, flip: boolean) {
  const { width, height } = messageSize(tap.canvas.width, tap.canvas.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { alpha: false })!;
  ctx.imageSmoothingQuality = 'high';
  const draw = () => {
    ctx.setTransform(flip ? -1 : 1, 0, 0, 1, flip ? width : 0, 0);
    ctx.drawImage(tap.canvas, 0, 0, width, height);
  };
  return { canvas, width, height, draw };
}

/**
 * WebCodecs: H.264 from the frame canvas at each preview frame (a frame that comes while the
 * encoder is still taking the one before is skipped: the queue, and memory, stay bounded), the
 * microphone through AudioEncoder, muxed by mediabunny into an MP4 written out as it is made.
 */
async function recordWithWebCodecs(opts: RecordOptions, sink: MessageSink): Promise<ActiveRecording> {
  const frames = frameCanvas(opts.tap, opts.flip);
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: false }), target: new StreamTarget(sink.writable, { chunked: true, chunkSize: WRITE_CHUNK_BYTES }) });
  const video = new CanvasSource(frames.canvas, { codec: 'avc', bitrate: VIDEO_BITRATE, keyFrameInterval: KEY_FRAME_SECONDS, latencyMode: 'realtime' });
  output.addVideoTrack(video);
  const audio = opts.mic && opts.support.audio ? new AudioSampleSource({ codec: opts.support.audio, bitrate: AUDIO_BITRATE }) : null;
  if (audio) output.addAudioTrack(audio);
  await output.start();
  const startedAt = performance.now();
  const clockNow = () => (performance.now() - startedAt) / 1000;
  let adding: Promise<void> | null = null;
  let failed: unknown = null;
  let last = -Infinity;
  const addFrame = (at: number) => {
    if (at <= last) return; // never two frames at one time
    last = at;
    frames.draw();
    adding = video
      .add(at)
      .catch((e) => void (failed ??= e))
      .finally(() => (adding = null));
  };
  // Each frame at the moment the camera took it, on the page's clock as the sound is.
  addFrame(0);
  const placed = new FrameClock(startedAt);
  const off = opts.tap.onDrawn((mediaMs) => {
    if (!adding) addFrame(placed.place(mediaMs, performance.now()));
  });
  const pump = audio && opts.mic ? pumpMicrophone(opts.mic, audio, startedAt) : null;
  const end = async () => {
    off();
    await adding;
    await pump?.stop();
  };
  return {
    elapsed: clockNow,
    async stop() {
      const seconds = clockNow();
      await end();
      // The last frame lasts to the end of the recording.
      if (seconds > 0.05) addFrame(seconds);
      await adding;
      if (failed) throw failed;
      await output.finalize();
      return { blob: await sink.file('video/mp4'), format: 'mp4', seconds, hasAudio: !!audio, width: frames.width, height: frames.height };
    },
    async cancel() {
      await end().catch(() => undefined);
      await output.cancel().catch(() => undefined);
      await sink.discard();
    },
  };
}

/** MediaRecorder path: with no preview frame for this long, the frame canvas is drawn again (the last picture). */
const STILL_FRAME_MS = 200;

/**
 * MediaRecorder: the frame canvas's stream and the microphone, in the format the browser records.
 * A canvas stream has a frame only when the canvas is drawn: while the preview draws none (a
 * loaded machine, Firefox in CI: 1.1 s of a 4.1 s message), the picture is drawn again every
 * STILL_FRAME_MS, and once more as the recording ends, so the video lasts as long as the sound.
 */
async function recordWithMediaRecorder(opts: RecordOptions, sink: MessageSink): Promise<ActiveRecording> {
  const frames = frameCanvas(opts.tap, opts.flip);
  frames.draw();
  const stream = frames.canvas.captureStream(30);
  const track = stream.getVideoTracks()[0] as (MediaStreamTrack & { requestFrame?: () => void }) | undefined;
  let drawnAt = performance.now();
  const draw = () => {
    frames.draw();
    track?.requestFrame?.();
    drawnAt = performance.now();
  };
  if (opts.mic) stream.addTrack(opts.mic);
  const type = opts.support.recorderType!;
  const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: VIDEO_BITRATE, audioBitsPerSecond: AUDIO_BITRATE });
  let writing: Promise<void> = Promise.resolve();
  recorder.ondataavailable = (e) => {
    if (e.data.size) writing = writing.then(() => sink.append(e.data));
  };
  const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
  const off = opts.tap.onDrawn(draw);
  recorder.start(1000); // a piece a second, written out as it comes
  const startedAt = performance.now();
  const clockNow = () => (performance.now() - startedAt) / 1000;
  draw();
  const still = setInterval(() => performance.now() - drawnAt >= STILL_FRAME_MS && draw(), STILL_FRAME_MS / 2);
  let length = 0; // s, from start to the recorder's stop
  const end = async () => {
    off();
    clearInterval(still);
    if (recorder.state !== 'inactive') {
      draw(); // the last picture, at the end
      await new Promise((r) => setTimeout(r, 50)); // taken by the recorder before it stops
      length = clockNow();
      recorder.stop();
    }
    await stopped;
    await writing;
    for (const t of stream.getVideoTracks()) t.stop();
  };
  return {
    elapsed: clockNow,
    async stop() {
      const seconds = clockNow();
      await end();
      const file = await sink.file(type.split(';')[0]!);
      // A recorder's WebM has no duration (players show no length): the header is given one.
      const blob = opts.support.format === 'webm' ? await withDuration(file, length) : file;
      return { blob, format: opts.support.format, seconds, hasAudio: !!opts.mic, width: frames.width, height: frames.height };
    },
    async cancel() {
      await end().catch(() => undefined);
      await sink.discard();
    },
  };
}

/** Starts recording a message the way this browser can (`opts.support.path`). */
export async function startRecording(opts: RecordOptions): Promise<ActiveRecording> {
  const sink = await openSink(messageFile({ id: opts.id, format: opts.support.format }), opts.support.opfs);
  try {
    return opts.support.path === 'webcodecs' ? await recordWithWebCodecs(opts, sink) : await recordWithMediaRecorder(opts, sink);
  } catch (error) {
    await sink.discard();
    throw error;
  }
}

import { AudioSampleSource, Mp4OutputFormat, Output, StreamTarget, VideoSample, VideoSampleSource } from 'mediabunny';
import { pumpMicrophone } from './audio';
import { openMicPieces } from './micPieces';
import { checkWhole } from './whole';
import { FrameClock } from './frameClock';
import type { FrameWorker } from '../frames/frameWorker';
import type { FrameTap } from '../frames/tap';
import { withDuration } from './webmDuration';
import { AUDIO_BITRATE, KEY_FRAME_SECONDS, messageFile, messageSize, VIDEO_BITRATE, WRITE_CHUNK_BYTES, type Recording } from './meta';
import { openSink, type MessageSink } from './sink';
import type { MessageSupport } from './support';

export interface RecordOptions {
  /** Where a message reads the live look: the preview canvas right after each draw (as a motion burst does). */
  tap: FrameTap;
  /** Mirror each frame (the preview is mirrored for posing; a message reads the right way round, as photos do). */
  flip: boolean;
  /** The session's frame worker: each frame is scaled and turned there, not on the main thread (WebCodecs path). */
  workers?: FrameWorker;
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

/** A message's pace: `frames` over `seconds`, beside the camera's own. */
function pace(frames: number, seconds: number, tap: FrameTap): { fps: number; cameraFps?: number } {
  return { fps: seconds > 0 ? Math.max(0, frames - 1) / seconds : 0, ...(tap.cameraFps ? { cameraFps: tap.cameraFps } : {}) };
}

/** A frame not back from the frame worker in this long is dropped (the one before it lasts longer). */
const TURN_DEADLINE_MS = 2_000;

/** The canvas's picture as a VideoFrame at `at` s, or null where there is none to wrap. */
function wrap(canvas: HTMLCanvasElement | OffscreenCanvas, at: number): VideoFrame | null {
  try {
    return new VideoFrame(canvas, { timestamp: Math.round(at * 1e6) });
  } catch {
    return null;
  }
}

/**
 * Each frame of a message as the encoder takes it: where the session's frame worker is up, the
 * preview canvas's picture is wrapped in a VideoFrame (a handle, no copy here) and scaled and turned
 * in the worker; else (before it is up, or where it cannot be) drawn into the frame canvas here.
 * On a software GPU (SwiftShader) that draw is a read-back of the preview, 20-60 ms on the main
 * thread at every frame: what made the long tasks while recording (message bench). Null: no frame.
 */
function frameSource(opts: RecordOptions, frames: ReturnType<typeof frameCanvas>) {
  const { width, height } = frames;
  return async (at: number): Promise<VideoSample | null> => {
    const worker = opts.workers?.worker();
    const frame = worker && wrap(opts.tap.canvas, at);
    if (worker && frame) {
      const turned = await worker.call('turn', { frame, width, height, flip: opts.flip }, { transfer: [frame], timeoutMs: TURN_DEADLINE_MS }).catch(() => null);
      frame.close();
      return turned && new VideoSample(turned, { timestamp: at });
    }
    frames.draw();
    return new VideoSample(frames.canvas, { timestamp: at });
  };
}

/**
 * Frames taken but not yet encoded, at most: one being turned in the worker while the one before
 * is encoded. A preview frame drawn while both are busy is skipped, so the queue (and memory) stay
 * bounded; with one in flight, a 2-frame flash was lost whenever a frame's turn and encode outlasted
 * two camera frames.
 */
const FRAMES_IN_FLIGHT = 2;

/**
 * WebCodecs: H.264 of each preview frame, the microphone through AudioEncoder, muxed by mediabunny
 * into an MP4 written out as it is made.
 */
async function recordWithWebCodecs(opts: RecordOptions, sink: MessageSink): Promise<ActiveRecording> {
  const frames = frameCanvas(opts.tap, opts.flip);
  const sample = frameSource(opts, frames);
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: false }), target: new StreamTarget(sink.writable, { chunked: true, chunkSize: WRITE_CHUNK_BYTES }) });
  const video = new VideoSampleSource({ codec: 'avc', bitrate: VIDEO_BITRATE, keyFrameInterval: KEY_FRAME_SECONDS, latencyMode: 'realtime' });
  output.addVideoTrack(video);
  const audio = opts.mic && opts.support.audio ? new AudioSampleSource({ codec: opts.support.audio, bitrate: AUDIO_BITRATE }) : null;
  if (audio) output.addAudioTrack(audio);
  await output.start();
  // The microphone's samples (an AudioWorklet's context started) before the message's clock starts.
  const pieces = audio && opts.mic && opts.support.mic ? await openMicPieces(opts.mic, opts.support.mic) : null;
  const startedAt = performance.now();
  const clockNow = () => (performance.now() - startedAt) / 1000;
  /** The encoder takes the frames in the order they were taken: each add waits for the one before. */
  let encoded: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let failed: unknown = null;
  let last = -Infinity;
  let added = 0;
  const addFrame = (at: number) => {
    if (at <= last) return; // never two frames at one time
    last = at;
    inFlight++;
    // The picture is taken now (sample's first step is synchronous); turned, then encoded in turn.
    const turned = sample(at);
    encoded = encoded
      .then(() => turned)
      .then(async (s) => {
        if (!s) return;
        try {
          await video.add(s);
          added++;
        } finally {
          s.close();
        }
      })
      .catch((e) => void (failed ??= e))
      .finally(() => inFlight--);
  };
  // Each frame at the moment the camera took it, on the page's clock as the sound is.
  addFrame(0);
  const placed = new FrameClock(startedAt);
  const off = opts.tap.onDrawn((mediaMs, captureMs) => {
    if (inFlight < FRAMES_IN_FLIGHT) addFrame(placed.place(mediaMs, performance.now(), captureMs));
  });
  const pump = audio && pieces ? pumpMicrophone(pieces, audio, startedAt) : null;
  // The sound up to `at` s, no further: frames still being encoded must not add sound after Stop
  // (a loaded run's file was 0.6 s longer than the recording it came from).
  const end = async (at: number) => {
    off();
    await pump?.stop(at);
    await encoded;
  };
  return {
    elapsed: clockNow,
    async stop() {
      const seconds = clockNow();
      // The last frame lasts to the end of the recording.
      if (seconds > 0.05) addFrame(seconds);
      await end(seconds);
      if (failed) throw failed;
      await output.finalize();
      return { blob: await sink.file('video/mp4'), format: 'mp4', seconds, hasAudio: !!audio, width: frames.width, height: frames.height, ...pace(added, seconds, opts.tap) };
    },
    async cancel() {
      await end(0).catch(() => undefined);
      await output.cancel().catch(() => undefined);
      await sink.discard();
    },
  };
}

/** MediaRecorder path: with no preview frame for this long, the frame canvas is drawn again (the last picture). */
const STILL_FRAME_MS = 200;
/** How long MediaRecorder's stop waits, at most, for a piece it asked for. */
const PIECE_WAIT_MS = 250;

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
  let previewFrames = 0;
  const draw = () => {
    frames.draw();
    track?.requestFrame?.();
    drawnAt = performance.now();
  };
  if (opts.mic) stream.addTrack(opts.mic);
  const type = opts.support.recorderType!;
  const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: VIDEO_BITRATE, audioBitsPerSecond: AUDIO_BITRATE });
  let writing: Promise<void> = Promise.resolve();
  let pieceHeard: (() => void) | null = null;
  recorder.ondataavailable = (e) => {
    if (e.data.size) writing = writing.then(() => sink.append(e.data));
    pieceHeard?.();
  };
  const nextPiece = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      pieceHeard = () => (clearTimeout(timer), resolve());
    });
  const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
  const off = opts.tap.onDrawn(() => (previewFrames++, draw()));
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
      // Everything up to now as a piece of its own, before stop(): Firefox at times gave no last
      // piece after its stop (a file a second short, its sound too, in 2 runs of 5 here).
      const flushed = nextPiece(PIECE_WAIT_MS);
      recorder.requestData();
      await flushed;
      recorder.stop();
    }
    await stopped; // the recorder's last piece comes before its 'stop'
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
      return { blob, format: opts.support.format, seconds, hasAudio: !!opts.mic, width: frames.width, height: frames.height, ...pace(previewFrames, seconds, opts.tap) };
    },
    async cancel() {
      await end().catch(() => undefined);
      await sink.discard();
    },
  };
}

/**
 * Starts recording a message the way this browser can (`opts.support.path`). Its file is offered
 * only once it reads back whole (./whole.ts); else it is dropped and the stop fails.
 */
export async function startRecording(opts: RecordOptions): Promise<ActiveRecording> {
  const sink = await openSink(messageFile({ id: opts.id, format: opts.support.format }), opts.support.opfs);
  let active: ActiveRecording;
  try {
    active = opts.support.path === 'webcodecs' ? await recordWithWebCodecs(opts, sink) : await recordWithMediaRecorder(opts, sink);
  } catch (error) {
    await sink.discard();
    throw error;
  }
  return {
    elapsed: () => active.elapsed(),
    cancel: () => active.cancel(),
    async stop() {
      const recording = await active.stop();
      try {
        await checkWhole(recording.blob, recording.seconds, recording.hasAudio);
      } catch (error) {
        await sink.discard();
        throw error;
      }
      return recording;
    },
  };
}

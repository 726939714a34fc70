import { AudioSample } from 'mediabunny';
import micTapUrl from './mic.worklet.ts?worker&url';
import { MIC_BUFFER_PIECES } from './meta';
import { MIC_TAP_FRAMES, MIC_TAP_NAME } from './micTap';

/** The microphone's sound as pieces, in order, each stamped (s) on the microphone's own clock. */
export interface MicPieces {
  /** The next piece; null once the pieces have ended (cancelled). */
  read(): Promise<AudioSample | null>;
  /** Lets the microphone go: a pending read ends with null. */
  cancel(): Promise<void>;
}

/**
 * How this browser hands over the microphone's samples, asked of the browser: MediaStreamTrackProcessor
 * on the page (Chromium), else an AudioWorklet (WebKit and Safari, where the processor is missing on
 * the page, Firefox), else none (no sound can be encoded).
 */
export type MicRoute = 'processor' | 'worklet';
export function micRoute(): MicRoute | null {
  if (typeof MediaStreamTrackProcessor !== 'undefined') return 'processor';
  if (typeof AudioWorkletNode !== 'undefined') return 'worklet';
  return null;
}

/**
 * MediaStreamTrackProcessor. It drops its oldest piece once it holds maxBufferSize unread
 * (Chromium's default is ~100 ms of sound): a main-thread stall longer than that cut a gap into
 * the sound, and every beep after it moved against the picture (a 70 ms jump measured here). Two
 * seconds of pieces (~400 KB) ride out any stall the page has.
 */
function processorPieces(track: MediaStreamTrack): MicPieces {
  const processor = new MediaStreamTrackProcessor({ track, maxBufferSize: MIC_BUFFER_PIECES });
  // An audio track gives AudioData (the DOM library types the video case only).
  const reader = (processor.readable as unknown as ReadableStream<AudioData>).getReader();
  return {
    read: async () => {
      const { value } = await reader.read();
      return value ? new AudioSample(value) : null; // the sample takes the AudioData (closed with it)
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

/** The sample rate the worklet's context runs at (the rate the audio encoders were asked about). */
const WORKLET_RATE = 48_000;
/** How long a context that does not start (no user gesture counted) is waited for. */
const RESUME_MS = 2_000;

/**
 * An AudioWorklet (./mic.worklet.ts) on the microphone's track: the samples it posts become
 * AudioSamples of plain data (not AudioData: WebKitGTK's web process crashed, a double free, once
 * an AudioData of ours was cloned and closed on its way to the encoder).
 * At most ~2 s of unread pieces are held (the oldest dropped), as the processor's are. The node is
 * pulled through a silent gain into the destination: a node nothing pulls is never run in WebKit.
 */
async function workletPieces(track: MediaStreamTrack): Promise<MicPieces> {
  const context = new AudioContext({ sampleRate: WORKLET_RATE, latencyHint: 'interactive' });
  try {
    await context.audioWorklet.addModule(micTapUrl);
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const tap = new AudioWorkletNode(context, MIC_TAP_NAME, { numberOfInputs: 1, numberOfOutputs: 1, channelCount: 1, channelCountMode: 'explicit' });
    const silent = context.createGain();
    silent.gain.value = 0;
    source.connect(tap).connect(silent).connect(context.destination);
    const queue: AudioSample[] = [];
    // As much sound as the processor's MIC_BUFFER_PIECES (~10 ms each) hold.
    const limit = Math.ceil((MIC_BUFFER_PIECES * 10) / ((MIC_TAP_FRAMES / WORKLET_RATE) * 1000));
    let waiting: ((d: AudioSample | null) => void) | null = null;
    let ended = false;
    tap.port.onmessage = (e: MessageEvent<{ frame: number; rate: number; data: Float32Array }>) => {
      if (ended) return;
      const { frame, rate, data } = e.data;
      const piece = new AudioSample({ format: 'f32-planar', sampleRate: rate, numberOfChannels: 1, timestamp: frame / rate, data });
      if (waiting) {
        const w = waiting;
        waiting = null;
        w(piece);
        return;
      }
      queue.push(piece);
      if (queue.length > limit) queue.shift()!.close();
    };
    if (context.state !== 'running') await Promise.race([context.resume(), new Promise((r) => setTimeout(r, RESUME_MS))]);
    if (context.state !== 'running') throw new Error(`The microphone's audio context did not start (${context.state})`);
    return {
      read: () => (queue.length ? Promise.resolve(queue.shift()!) : ended ? Promise.resolve(null) : new Promise((r) => (waiting = r))),
      async cancel() {
        ended = true;
        waiting?.(null);
        waiting = null;
        for (const d of queue.splice(0)) d.close();
        tap.port.onmessage = null;
        source.disconnect();
        await context.close().catch(() => undefined);
      },
    };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}

/** The microphone's pieces by this browser's route (micRoute). */
export async function openMicPieces(track: MediaStreamTrack, route: MicRoute): Promise<MicPieces> {
  return route === 'processor' ? processorPieces(track) : workletPieces(track);
}

import type { MotionUnavailable, Mp4Unavailable } from './meta';

/**
 * What this browser can make, asked of the browser itself (never of its name). The one place that
 * detects WebCodecs' H.264 encoder and OffscreenCanvas for motion.
 */
export interface MotionSupport {
  /** Why motion cannot be recorded and made here, or null when it can (as GIF at least). */
  unavailable: MotionUnavailable | null;
  /** Why MP4 cannot be encoded here (GIF stands in), or null when it can. */
  mp4: Mp4Unavailable | null;
}

/** H.264 High profile, level 4.0: covers a 720 px burst and the 1280 px moving strip. */
const H264 = 'avc1.640028';
/** The probe's frame: small, even sides (H.264 needs them), in the 16:9 of the strip's MP4. */
const PROBE_W = 320;
const PROBE_H = 180;
/** An encoder that neither answers nor fails within this long is taken as not working. */
export const PROBE_DEADLINE_MS = 10_000;

/** Bursts and GIFs need a worker that can draw (OffscreenCanvas); WebGL is asked of the live preview. */
export function motionUnavailable(): MotionUnavailable | null {
  return typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined' ? 'noWorkerCanvas' : null;
}

/**
 * Encodes one small frame and flushes: a browser may say it supports H.264 and still fail at the
 * first frame (Firefox on Linux without an H.264 encoder: the error callback fires and the
 * encoder closes), so MP4 is promised only once a frame has really come out.
 */
async function encodesOneFrame(): Promise<boolean> {
  let chunks = 0;
  let failed = false;
  let encoder: VideoEncoder | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    encoder = new VideoEncoder({ output: () => void chunks++, error: () => void (failed = true) });
    encoder.configure({ codec: H264, width: PROBE_W, height: PROBE_H, bitrate: 500_000, framerate: 15 });
    const frame = new VideoFrame(new Uint8Array(PROBE_W * PROBE_H * 4).fill(128), {
      format: 'RGBA',
      codedWidth: PROBE_W,
      codedHeight: PROBE_H,
      timestamp: 0,
    });
    try {
      encoder.encode(frame, { keyFrame: true });
    } finally {
      frame.close();
    }
    const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), PROBE_DEADLINE_MS)));
    await Promise.race([encoder.flush(), deadline]);
    return !failed && chunks > 0;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    if (encoder && encoder.state !== 'closed') encoder.close();
  }
}

async function probeMp4(): Promise<Mp4Unavailable | null> {
  if (typeof VideoEncoder === 'undefined' || typeof VideoFrame === 'undefined') return 'noWebCodecs';
  try {
    // iOS 26.1 throws here rather than answering: that is "no", not an error to show.
    const { supported } = await VideoEncoder.isConfigSupported({ codec: H264, width: 1280, height: 720, bitrate: 4_000_000, framerate: 15 });
    if (!supported) return 'noH264';
  } catch {
    return 'noH264';
  }
  return (await encodesOneFrame()) ? null : 'noH264';
}

let mp4Probe: Promise<Mp4Unavailable | null> | null = null;

/** Why MP4 cannot be made here (null: it can). Probed once per page, however many stores ask. */
export function detectMp4(): Promise<Mp4Unavailable | null> {
  return (mp4Probe ??= probeMp4());
}

/** For unit tests: forget the page's probe. */
export function forgetMp4Probe(): void {
  mp4Probe = null;
}

export async function detectMotionSupport(): Promise<MotionSupport> {
  return { unavailable: motionUnavailable(), mp4: await detectMp4() };
}

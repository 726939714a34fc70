import type { MotionUnavailable, Mp4Unavailable } from './meta';

export interface MotionSupport {
  /** Why motion cannot be recorded and made here, or null when it can (as GIF at least). */
  unavailable: MotionUnavailable | null;
  /** Why MP4 cannot be encoded here (GIF stands in), or null when it can. */
  mp4: Mp4Unavailable | null;
}

/** H.264 High profile, level 4.0: covers a 720 px burst and the 1280 px moving strip. */
const H264 = 'avc1.640028';

/**
 * What this browser can make, asked of the browser itself: bursts and GIFs need a worker that can
 * draw (OffscreenCanvas); MP4 needs WebCodecs with an H.264 encoder (WebGL is asked of the live
 * preview, which knows whether it has it).
 */
export async function detectMotionSupport(): Promise<MotionSupport> {
  const unavailable = typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined' ? 'noWorkerCanvas' : null;
  if (typeof VideoEncoder === 'undefined') return { unavailable, mp4: 'noWebCodecs' };
  try {
    const { supported } = await VideoEncoder.isConfigSupported({ codec: H264, width: 1280, height: 720, bitrate: 4_000_000, framerate: 15 });
    return { unavailable, mp4: supported ? null : 'noH264' };
  } catch {
    return { unavailable, mp4: 'noH264' };
  }
}

import type { QrReader } from './qrReader';

/** The same code read again within this long is not reported again. */
const SAME_CODE_MS = 2_000;

/** A frame of the video as it is now, or null when it has none to give (between sources). */
async function grab(video: HTMLVideoElement): Promise<VideoFrame | ImageBitmap | null> {
  try {
    // A VideoFrame wraps the decoder's buffer: no pixels are copied on this thread.
    if (typeof VideoFrame !== 'undefined') return new VideoFrame(video);
    return await createImageBitmap(video);
  } catch {
    return null;
  }
}

/**
 * Reads QR codes from a playing <video> until the returned function is called: a frame every
 * `intervalMs` while the video has one and no read is in flight (a timer chain, so a slow read
 * delays the next frame rather than piling frames up), decoded in the reader's worker. A code
 * still in sight is reported again every 2 s at most (a notice about it lasts while it is shown).
 */
export function scanVideo(video: HTMLVideoElement, reader: QrReader, onText: (text: string) => void, { intervalMs = 250 } = {}): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const seen = new Map<string, number>();

  const report = (texts: string[]) => {
    const now = performance.now();
    for (const [text, at] of seen) if (now - at >= SAME_CODE_MS) seen.delete(text);
    for (const text of texts) {
      if (stopped || seen.has(text)) continue;
      seen.set(text, now);
      onText(text);
    }
  };

  const tick = async () => {
    if (stopped) return;
    if (video.videoWidth > 0 && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && !reader.reading) {
      const frame = await grab(video);
      if (frame && stopped) frame.close();
      else if (frame) report(await reader.read(frame));
    }
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };
  timer = setTimeout(() => void tick(), intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

import type { QrReader } from './qrReader';

/** The same code read again within this long is not reported again. */
const SAME_CODE_MS = 2_000;

/**
 * Reads QR codes from a playing <video> until the returned function is called: a frame every
 * `intervalMs` (a VideoFrame of the video: no pixels copied on the main thread; everything else
 * in the reader's worker), never more than one in flight.
 */
export function scanVideo(video: HTMLVideoElement, reader: QrReader, onText: (text: string) => void, { intervalMs = 250 } = {}): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const seen = new Map<string, number>();
  const tick = async () => {
    if (stopped) return;
    if (video.videoWidth && video.readyState >= 2 && !reader.reading) {
      let frame: VideoFrame | ImageBitmap | null;
      try {
        frame = typeof VideoFrame !== 'undefined' ? new VideoFrame(video) : await createImageBitmap(video);
      } catch {
        frame = null; // no frame this time (the video between sources)
      }
      if (frame) {
        const texts = await reader.read(frame);
        const now = performance.now();
        for (const text of texts) {
          if (stopped || now - (seen.get(text) ?? -Infinity) < SAME_CODE_MS) continue;
          seen.set(text, now);
          onText(text);
        }
      }
    }
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };
  timer = setTimeout(() => void tick(), intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

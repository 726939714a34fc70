import { encodeJpeg } from '../../../lib/jpeg';
import { connect, type Bridge } from '../../../workers/bridge';
import type { PhotoEncoderApi } from './photoEncoder.worker';

/** A photo not encoded in this long: the worker is stuck (the main thread encodes it instead). */
const ENCODE_DEADLINE_MS = 10_000;
/** The worker is let go after this long without a photo (started again for the next). */
const IDLE_MS = 60_000;

let bridge: Bridge<PhotoEncoderApi> | null = null;

/**
 * A photo's pixels (top-first RGBA rows) as a JPEG, encoded in a worker. The pixels MOVE there:
 * the caller must not use them afterwards, and if the worker fails (a stale chunk after a deploy,
 * a crash) this rejects and the caller renders the photo again for `encodeJpeg` on the main
 * thread (capture.ts): the photo is never lost to the encoder. Where workers or OffscreenCanvas
 * are missing the main thread encodes at once.
 */
export async function encodePhoto(pixels: Uint8ClampedArray<ArrayBuffer>, width: number, height: number): Promise<Blob> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return encodeJpeg(new ImageData(pixels, width, height));
  const worker = (bridge ??= startWorker());
  try {
    return await worker.call('jpeg', { pixels, width, height }, { transfer: [pixels.buffer], timeoutMs: ENCODE_DEADLINE_MS });
  } catch (error) {
    // The next photo starts a fresh worker.
    if (bridge === worker) {
      worker.terminate();
      bridge = null;
    }
    throw error;
  }
}

function startWorker(): Bridge<PhotoEncoderApi> {
  const worker = connect<PhotoEncoderApi>(
    () => new Worker(new URL('./photoEncoder.worker.ts', import.meta.url), { type: 'module', name: 'photo-encoder' }),
    { idleMs: IDLE_MS },
  );
  worker.onError(() => {
    if (bridge === worker) bridge = null;
  });
  return worker;
}

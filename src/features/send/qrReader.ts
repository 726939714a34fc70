import { connect, type Bridge } from '../../workers/bridge';
import type { QrReaderApi } from './qrProtocol';

/** A frame not read in this long is given up (the next one is taken). */
const READ_TIMEOUT_MS = 4_000;

/**
 * Reads QR codes from camera frames in a worker (zxing-wasm, or the browser's BarcodeDetector
 * there): one frame at a time, a frame offered while one is being read is dropped. The worker
 * starts on the first frame and goes after a while with none.
 */
export class QrReader {
  private bridge: Bridge<QrReaderApi> | null = null;
  private busy = false;

  get reading(): boolean {
    return this.busy;
  }

  /** The texts of the codes in `frame` (moved to the worker and closed there; closed here if dropped). */
  async read(frame: VideoFrame | ImageBitmap): Promise<string[]> {
    if (this.busy || typeof Worker === 'undefined') {
      frame.close();
      return [];
    }
    this.busy = true;
    try {
      this.bridge ??= connect<QrReaderApi>(() => new Worker(new URL('./qrReader.worker.ts', import.meta.url), { type: 'module' }), { idleMs: 20_000 });
      return await this.bridge.call('read', frame, { transfer: [frame], timeoutMs: READ_TIMEOUT_MS });
    } catch (error) {
      console.warn('A frame could not be read for codes:', error);
      return [];
    } finally {
      this.busy = false;
    }
  }

  dispose(): void {
    this.bridge?.terminate();
    this.bridge = null;
  }
}

import { connect, type Bridge } from '../../workers/bridge';
import { nativeQrDetector, type Detector, type QrReaderApi } from './qrProtocol';

/** A frame not read in this long is given up, and the worker with it (the next frame starts a new one). */
const READ_TIMEOUT_MS = 4_000;
/** The first frame also waits for the worker to start and zxing's WebAssembly (0.9 MB) to compile. */
const FIRST_READ_TIMEOUT_MS = 20_000;
/** After this many failed reads in a row, the browser's own reader on this thread is used, if it has one. */
const WORKER_FAILURES = 3;
/** The worker goes after this long with no frame (a send ended), and starts again on the next. */
const IDLE_MS = 20_000;

/**
 * Reads QR codes from camera frames in a worker (the browser's BarcodeDetector there where it has
 * one for QR codes, else zxing-wasm): one frame at a time, and a frame offered while one is being
 * read is dropped (closed, no codes). The worker starts on the first frame. Where it cannot run or
 * keeps failing, the page's own BarcodeDetector reads instead, if the browser has one (and until it
 * fails: then the worker again).
 */
export class QrReader {
  private bridge: Bridge<QrReaderApi> | null = null;
  private warm = false;
  private busy = false;
  private disposed = false;
  private failures = 0;
  private native: Promise<Detector | null> | null = null;

  /** True while a frame is being read (a frame offered now would be dropped). */
  get reading(): boolean {
    return this.busy;
  }

  /** The texts of the codes in `frame`, which is moved to the worker and closed there (here if dropped). */
  async read(frame: VideoFrame | ImageBitmap): Promise<string[]> {
    if (this.busy || this.disposed) {
      frame.close();
      return [];
    }
    this.busy = true;
    try {
      const canWork = typeof Worker !== 'undefined';
      if (canWork && this.failures < WORKER_FAILURES) return await this.inWorker(frame);
      const native = await (this.native ??= nativeQrDetector());
      if (native) {
        try {
          return (await native.detect(frame)).map((c) => c.rawValue);
        } catch (error) {
          // A platform reader that fails is not asked again: the worker gets the next frame.
          this.native = Promise.resolve(null);
          throw error;
        }
      }
      return canWork ? await this.inWorker(frame) : [];
    } catch (error) {
      console.warn('A frame could not be read for codes:', error);
      return [];
    } finally {
      frame.close(); // a no-op once moved to the worker
      this.busy = false;
      if (this.disposed) this.stopWorker();
    }
  }

  private async inWorker(frame: VideoFrame | ImageBitmap): Promise<string[]> {
    this.bridge ??= connect<QrReaderApi>(
      () => new Worker(new URL('./qrReader.worker.ts', import.meta.url), { type: 'module', name: 'qr-reader' }),
      { idleMs: IDLE_MS },
    );
    const bridge = this.bridge;
    try {
      const timeoutMs = this.warm ? READ_TIMEOUT_MS : FIRST_READ_TIMEOUT_MS;
      const texts = await bridge.call('read', frame, { transfer: [frame], timeoutMs });
      this.warm = true;
      this.failures = 0;
      return texts;
    } catch (error) {
      this.failures++;
      // A read that timed out may still be running in zxing (it cannot be interrupted): the worker
      // goes with it, so no later frame waits behind it.
      if ((error as Error | null)?.name === 'TimeoutError' && this.bridge === bridge) this.stopWorker();
      throw error;
    }
  }

  private stopWorker(): void {
    this.bridge?.terminate();
    this.bridge = null;
    this.warm = false;
  }

  /**
   * Ends the reader. A read in flight is let finish first: its frame, moved to the worker, is
   * closed there (a worker ended with a frame still on its way would leave it to the garbage
   * collector, which the browser reports as a leak). A read that hangs ends at its timeout.
   */
  dispose(): void {
    this.disposed = true;
    if (!this.busy) this.stopWorker();
  }
}

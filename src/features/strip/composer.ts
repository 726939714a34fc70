import { connect, type Bridge } from '../../workers/bridge';
import type { StripDesign } from './compose';
import { StripEngine } from './engine';
import type { ComposerApi, ComposerPhoto, RenderRequest } from './protocol';

/** A strip that takes longer than this is given up (the call rejects; the screen can retry). */
const RENDER_TIMEOUT_MS = 60_000;

/**
 * The page's handle on the composer: renders in a worker with OffscreenCanvas where available,
 * else on the main thread with the same engine. A worker that fails to load (a stale chunk after a
 * deploy, a 404) or crashes rejects what was pending, and from then on the main-thread engine
 * draws: the strip still renders and downloads. A worker that does not answer in time (hung) is
 * terminated and a fresh one started: that strip fails, the next one renders. One instance per page.
 */
export class StripComposer {
  private worker: Bridge<ComposerApi> | null = null;
  private local: StripEngine | null = null;
  private keep: string[] = [];

  constructor() {
    const canWork = typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';
    if (canWork) this.worker = this.startWorker();
    else this.useLocal();
  }

  private startWorker(): Bridge<ComposerApi> {
    const bridge = connect<ComposerApi>(() => new Worker(new URL('./composer.worker.ts', import.meta.url), { type: 'module' }));
    bridge.onError(() => {
      if (this.worker !== bridge) return;
      bridge.terminate();
      this.worker = null;
      this.useLocal();
    });
    return bridge;
  }

  private useLocal(): StripEngine {
    this.local ??= new StripEngine();
    this.local.keepOnly(this.keep);
    return this.local;
  }

  /** In the worker, or on the main thread once the worker failed (this very call included). */
  private async run<T>(
    inWorker: (w: Bridge<ComposerApi>) => Promise<T>,
    onMain: (engine: StripEngine) => Promise<T>,
  ): Promise<T> {
    const worker = this.worker;
    if (!worker) return onMain(this.useLocal());
    try {
      return await inWorker(worker);
    } catch (e) {
      if ((e as { name?: string } | null)?.name === 'TimeoutError' && this.worker === worker) {
        // Hung: a fresh worker for the next strip (the photos it kept are sent again as needed).
        worker.terminate();
        this.worker = this.startWorker();
        void this.worker.call('keepOnly', this.keep).catch(() => undefined);
        throw e;
      }
      if (this.worker) throw e; // the worker is fine: this strip failed (e.g. a photo that cannot be decoded)
      return onMain(this.useLocal());
    }
  }

  renderBitmap(design: StripDesign, photos: ComposerPhoto[], width: number, height: number): Promise<ImageBitmap> {
    const req: RenderRequest = { design, photos, width, height };
    return this.run(
      (w) => w.call('bitmap', req, { timeoutMs: RENDER_TIMEOUT_MS }),
      (e) => e.renderBitmap(design, photos, width, height),
    );
  }

  /** `timeoutMs`: how long a caller waits for the worker (a guest at an event waits less). */
  renderJpeg(design: StripDesign, photos: ComposerPhoto[], width: number, height: number, timeoutMs = RENDER_TIMEOUT_MS): Promise<Blob> {
    const req: RenderRequest = { design, photos, width, height };
    return this.run(
      (w) => w.call('jpeg', req, { timeoutMs }),
      (e) => e.renderJpeg(design, photos, width, height),
    );
  }

  /** Frees decoded bitmaps of photos no longer in the session. */
  keepOnly(ids: string[]) {
    this.keep = ids;
    if (this.worker) void this.worker.call('keepOnly', ids).catch(() => undefined);
    else this.local?.keepOnly(ids);
  }

  dispose() {
    this.worker?.terminate();
    this.worker = null;
    this.local?.keepOnly([]);
  }
}

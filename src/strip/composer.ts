import type { StripDesign } from './compose';
import { StripEngine } from './engine';
import type { ComposerPhoto, RenderRequest, RenderResponse } from './protocol';

/**
 * The page's handle on the composer: renders in a worker with OffscreenCanvas where available,
 * else on the main thread with the same engine. One instance per page.
 */
export class StripComposer {
  private worker: Worker | null = null;
  private local: StripEngine | null = null;
  private nextId = 1;
  private pending = new Map<number, { resolve: (r: RenderResponse) => void }>();

  constructor() {
    const canWork = typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';
    if (canWork) {
      try {
        this.worker = new Worker(new URL('./composer.worker.ts', import.meta.url), { type: 'module' });
        this.worker.onmessage = (e: MessageEvent<RenderResponse>) => {
          this.pending.get(e.data.id)?.resolve(e.data);
          this.pending.delete(e.data.id);
        };
      } catch {
        this.worker = null;
      }
    }
    if (!this.worker) this.local = new StripEngine();
  }

  private request(req: Omit<RenderRequest, 'id'>): Promise<RenderResponse> {
    const id = this.nextId++;
    if (this.local) {
      const engine = this.local;
      const run =
        req.output === 'bitmap'
          ? engine.renderBitmap(req.design, req.photos, req.width, req.height).then((bitmap) => ({ id, ok: true as const, bitmap }))
          : engine.renderJpeg(req.design, req.photos, req.width, req.height).then((blob) => ({ id, ok: true as const, blob }));
      return run.catch((e: unknown) => ({ id, ok: false as const, error: String(e) }));
    }
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.worker?.postMessage({ ...req, id } satisfies RenderRequest);
    });
  }

  async renderBitmap(design: StripDesign, photos: ComposerPhoto[], width: number, height: number): Promise<ImageBitmap> {
    const r = await this.request({ design, photos, width, height, output: 'bitmap' });
    if (!r.ok || !r.bitmap) throw new Error(r.ok ? 'No bitmap' : r.error);
    return r.bitmap;
  }

  async renderJpeg(design: StripDesign, photos: ComposerPhoto[], width: number, height: number): Promise<Blob> {
    const r = await this.request({ design, photos, width, height, output: 'jpeg' });
    if (!r.ok || !r.blob) throw new Error(r.ok ? 'No image' : r.error);
    return r.blob;
  }

  /** Frees decoded bitmaps of photos no longer in the session. */
  keepOnly(ids: string[]) {
    if (this.local) this.local.keepOnly(ids);
    else this.worker?.postMessage({ release: ids });
  }

  dispose() {
    this.worker?.terminate();
    this.worker = null;
    this.local?.keepOnly([]);
    for (const p of this.pending.values()) p.resolve({ id: 0, ok: false, error: 'disposed' });
    this.pending.clear();
  }
}

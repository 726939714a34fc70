import { composeStrip, type PhotoSource, type StripDesign } from './compose';
import type { Ctx2D } from './draw';
import { canvasToJpeg, makeCanvas } from '../../lib/jpeg';
import type { ComposerPhoto } from './protocol';
import { PictureCache, templateResources } from './template/resources';

/**
 * Decodes photos once and composes strips onto OffscreenCanvases. Runs in the composer worker, or
 * on the main thread where workers cannot draw (no OffscreenCanvas).
 */
export class StripEngine {
  private bitmaps = new Map<string, Promise<PhotoSource>>();
  private pictures = new PictureCache();

  private decode(photo: ComposerPhoto): Promise<PhotoSource> {
    let hit = this.bitmaps.get(photo.id);
    if (!hit) {
      hit = createImageBitmap(photo.blob).then((b) => ({ image: b, width: b.width, height: b.height }));
      hit.catch(() => this.bitmaps.delete(photo.id));
      this.bitmaps.set(photo.id, hit);
    }
    return hit;
  }

  /** Frees decoded photos that are no longer in the session. */
  keepOnly(ids: string[]) {
    const keep = new Set(ids);
    for (const [id, p] of this.bitmaps) {
      if (keep.has(id)) continue;
      this.bitmaps.delete(id);
      void p.then((s) => (s.image as ImageBitmap).close?.()).catch(() => {});
    }
  }

  private async draw(design: StripDesign, photos: ComposerPhoto[], width: number, height: number) {
    // A photo whose bytes cannot be decoded is left out, never the whole strip with it (the
    // preview names it: SessionPersistence checks what it reads back).
    const [decoded, pictures] = await Promise.all([
      Promise.allSettled(photos.map(async (p) => ({ ...(await this.decode(p)), focus: p.focus }))),
      templateResources(this.pictures, design.template, design.pictures),
    ]);
    const sources = decoded.flatMap((d) => (d.status === 'fulfilled' ? [d.value] : []));
    const canvas = makeCanvas(width, height);
    const ctx = canvas.getContext('2d', { alpha: false }) as Ctx2D | null;
    if (!ctx) throw new Error('No 2D context');
    composeStrip(ctx, design, sources, width, height, pictures);
    return canvas;
  }

  async renderBitmap(design: StripDesign, photos: ComposerPhoto[], width: number, height: number): Promise<ImageBitmap> {
    const canvas = await this.draw(design, photos, width, height);
    return 'transferToImageBitmap' in canvas ? canvas.transferToImageBitmap() : createImageBitmap(canvas);
  }

  async renderJpeg(design: StripDesign, photos: ComposerPhoto[], width: number, height: number): Promise<Blob> {
    const canvas = await this.draw(design, photos, width, height);
    const blob = await canvasToJpeg(canvas);
    // Free the large backing store now rather than at the next GC.
    canvas.width = 1;
    canvas.height = 1;
    return blob;
  }
}

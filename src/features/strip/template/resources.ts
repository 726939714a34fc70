/**
 * What a template needs before it can be drawn: its pictures decoded (once each, by key: a key is
 * its picture's content, so the same key is always the same picture) and its fonts loaded into the
 * font set of the thread drawing it (a worker's `self.fonts`, or the page's `document.fonts`).
 */
import { loadFonts } from './fonts';
import { picturesUsed, type Template } from './model';
import type { Drawable } from './paint';

/** How many decoded pictures are kept between strips (a design's logo, overlay and background, and the last design's). */
const KEEP = 8;

export class PictureCache {
  private decoded = new Map<string, Promise<Drawable | null>>();

  /** The template's pictures, decoded; one that cannot be decoded is left out. */
  async for(template: Template, pictures: Record<string, Blob>): Promise<Map<string, Drawable>> {
    const keys = picturesUsed(template);
    const out = new Map<string, Drawable>();
    await Promise.all(
      keys.map(async (key) => {
        let hit = this.decoded.get(key);
        if (hit) this.decoded.delete(key); // re-inserted below: the newest used last
        else {
          const blob = pictures[key];
          hit = blob ? createImageBitmap(blob).then((b) => ({ image: b, width: b.width, height: b.height }), () => null) : Promise.resolve(null);
        }
        this.decoded.set(key, hit);
        const d = await hit;
        if (d) out.set(key, d);
      }),
    );
    while (this.decoded.size > KEEP) {
      const [oldest, p] = this.decoded.entries().next().value!;
      if (keys.includes(oldest)) break;
      this.decoded.delete(oldest);
      void p.then((d) => (d?.image as ImageBitmap | undefined)?.close?.());
    }
    return out;
  }

  dispose() {
    for (const p of this.decoded.values()) void p.then((d) => (d?.image as ImageBitmap | undefined)?.close?.());
    this.decoded.clear();
  }
}

/** This thread's font set: a worker's or the document's. */
function fontSet(): FontFaceSet | null {
  const g = globalThis as unknown as { fonts?: FontFaceSet; document?: Document };
  return g.fonts ?? g.document?.fonts ?? null;
}

/** Loads the fonts of the template's text layers into this thread's font set. */
export function templateFonts(template: Template): Promise<void> {
  const set = fontSet();
  const ids = template.layers.flatMap((l) => (l.kind === 'text' ? [l.font] : []));
  return set && ids.length ? loadFonts(set, ids) : Promise.resolve();
}

/** Everything to draw the template: its decoded pictures, once its fonts are loaded. */
export async function templateResources(cache: PictureCache, template: Template, pictures: Record<string, Blob>): Promise<Map<string, Drawable>> {
  const [decoded] = await Promise.all([cache.for(template, pictures), templateFonts(template)]);
  return decoded;
}

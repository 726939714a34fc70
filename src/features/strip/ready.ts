/**
 * THE STRIP MADE AHEAD: one composer for the page's life, shared by the booth and the preview, so
 * the strip is drawn while the visitor shoots and encoded while they customise. The preview page
 * shows the strip the booth drew the moment it opens, and a download takes the JPG already made
 * for the current design (made again only when the design or the photos change).
 */
import type { StripDesign } from './compose';
import { StripComposer } from './composer';
import { exportStripJpeg } from './export';
import type { ResolutionId } from './layouts';
import type { Paper } from './template/model';
import type { ComposerPhoto } from './protocol';

/** The download's size until the visitor picks another. */
export const DEFAULT_RESOLUTION: ResolutionId = 'hd';

/** The on-screen strip's long side in canvas pixels: sharp on a high-density screen, cheap to redraw. */
export const PREVIEW_LONG_SIDE = 1000;

/** The on-screen strip's size for a paper. */
export function previewSize(paper: Paper): { width: number; height: number } {
  const { w, h } = paper;
  return { width: Math.round((PREVIEW_LONG_SIDE * w) / Math.max(w, h)), height: Math.round((PREVIEW_LONG_SIDE * h) / Math.max(w, h)) };
}

let shared: StripComposer | null = null;
/** The page's one composer (its worker starts on first use and stays while the page is open). */
export function sharedComposer(): StripComposer {
  return (shared ??= new StripComposer());
}

/** What a strip is made of: the design and which photos (with their crop focus). */
const stripKey = (design: StripDesign, photos: ComposerPhoto[]) => JSON.stringify([design, photos.map((p) => [p.id, p.focus ?? null])]);

/** JPGs made ahead, by strip and resolution: the last few (a visitor switching sizes and back). */
const files = new Map<string, Promise<Blob>>();
const KEEP_FILES = 3;

/**
 * The strip as a JPG at a resolution: the one made ahead for this very design and these photos,
 * or made now (and kept for the next ask).
 */
export function stripFile(composer: StripComposer, design: StripDesign, photos: ComposerPhoto[], resolution: ResolutionId): Promise<Blob> {
  const key = `${resolution}|${stripKey(design, photos)}`;
  let file = files.get(key);
  if (!file) {
    file = exportStripJpeg(composer, design, photos, resolution);
    files.set(key, file);
    file.catch(() => files.delete(key)); // made again on the next ask
    while (files.size > KEEP_FILES) files.delete(files.keys().next().value!);
  }
  return file;
}

let drawn: { key: string; bitmap: Promise<ImageBitmap | null> } | null = null;

/**
 * Draws the on-screen strip ahead (the booth, as photos land), then its default download: the
 * preview page takes the bitmap (takeDrawn) and the download the JPG.
 */
export function drawAhead(design: StripDesign, photos: ComposerPhoto[], resolution: ResolutionId): void {
  if (!photos.length) return;
  const { width, height } = previewSize(design.template.paper);
  const key = `${width}x${height}|${stripKey(design, photos)}`;
  if (drawn?.key === key) return;
  const composer = sharedComposer();
  composer.keepOnly(photos.map((p) => p.id));
  void drawn?.bitmap.then((b) => b?.close());
  const bitmap = composer.renderBitmap(design, photos, width, height).catch(() => null);
  drawn = { key, bitmap };
  void bitmap.then(() => stripFile(composer, design, photos, resolution).catch(() => undefined));
}

/** The on-screen strip drawn ahead for exactly this design, these photos and size (once), or null. */
export function takeDrawn(design: StripDesign, photos: ComposerPhoto[], width: number, height: number): Promise<ImageBitmap | null> | null {
  const key = `${width}x${height}|${stripKey(design, photos)}`;
  if (drawn?.key !== key) return null;
  const { bitmap } = drawn;
  drawn = { key, bitmap: Promise.resolve(null) }; // taken: the preview owns (and closes) it
  return bitmap;
}

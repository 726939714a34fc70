import type { StripDesign } from './compose';

/** One photo as the composer needs it: an id (to cache its decoded bitmap) and the full-resolution Blob. */
export interface ComposerPhoto {
  id: string;
  blob: Blob;
}

export interface RenderRequest {
  id: number;
  design: StripDesign;
  photos: ComposerPhoto[];
  width: number;
  height: number;
  /** 'bitmap' for the on-screen preview; 'jpeg' for a download. */
  output: 'bitmap' | 'jpeg';
}

export type RenderResponse =
  | { id: number; ok: true; bitmap?: ImageBitmap; blob?: Blob }
  | { id: number; ok: false; error: string };

/** Tells the worker which photos are still in use, so it can free the others' bitmaps. */
export interface ReleaseRequest {
  release: string[];
}

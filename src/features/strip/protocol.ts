import type { StripDesign } from './compose';

/** One photo as the composer needs it: an id (to cache its decoded bitmap) and the full-resolution Blob. */
export interface ComposerPhoto {
  id: string;
  blob: Blob;
  /** Where the faces are (0..1 of the photo), for a crop that keeps them. */
  focus?: { x: number; y: number };
}

export interface RenderRequest {
  design: StripDesign;
  photos: ComposerPhoto[];
  width: number;
  height: number;
}

/** The composer worker's API (src/features/strip/composer.worker.ts), over the worker bridge. */
export type ComposerApi = {
  /** The strip as a bitmap, for the on-screen preview. */
  bitmap(req: RenderRequest): ImageBitmap;
  /** The strip as a JPEG, for a download. */
  jpeg(req: RenderRequest): Blob;
  /** Frees the decoded bitmaps of photos no longer in the session. */
  keepOnly(ids: string[]): void;
};

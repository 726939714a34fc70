import type { KeptPicture } from './pictureDecode';

/** The picture worker's API (./picture.worker.ts). */
export interface PictureApi {
  /**
   * The picture in `file` as it is kept (./pictureDecode.ts keptPicture): scaled to fit `maxSide`,
   * upright, on white, and its JPEG; the bitmap is moved to the caller. Rejects with a
   * PictureTooLargeError (by name) over the limits, else the browser's own error.
   */
  prepare(arg: { file: Blob; maxSide: number }): KeptPicture;
}

import { uprightSize, type PictureHeader } from '../../lib/picture/header';
import { CUSTOM_MAX_PICTURE_SIDE, CUSTOM_MAX_PIXELS } from './meta';

// What is refused before a picture is decoded, apart from the decoding (./pictureDecode.ts), so
// the booth can check a picture without loading the decoders.

/** A picture over the limits: its size as its header gives it, and the most pixels allowed for it. */
export class PictureTooLargeError extends Error {
  override name = 'PictureTooLargeError';
  constructor(
    readonly width: number,
    readonly height: number,
    readonly limit: number,
  ) {
    super(`A ${width}×${height} picture is over the limit of ${limit / 1e6} megapixels`);
  }
}

/** Throws a PictureTooLargeError when `header`'s picture is over the limits for any way of reading it. */
export function checkPictureSize(header: PictureHeader | null): void {
  if (!header) return;
  const { width, height } = uprightSize(header);
  if (width > CUSTOM_MAX_PICTURE_SIDE || height > CUSTOM_MAX_PICTURE_SIDE || width * height > CUSTOM_MAX_PIXELS) {
    throw new PictureTooLargeError(width, height, CUSTOM_MAX_PIXELS);
  }
}

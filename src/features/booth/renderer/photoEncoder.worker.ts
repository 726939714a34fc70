/**
 * Encodes a photo's RGBA pixels (top-first rows) as a JPEG off the main thread: the pixels are
 * moved here (not copied), put on an OffscreenCanvas and encoded with convertToBlob.
 */
import '../../../workers/installGuard';
import { expose } from '../../../workers/bridge';
import { JPEG_QUALITY } from '../../../lib/jpeg';

export type PhotoEncoderApi = {
  jpeg(req: { pixels: Uint8ClampedArray<ArrayBuffer>; width: number; height: number }): Blob;
};

expose<PhotoEncoderApi>({
  jpeg({ pixels, width, height }) {
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')!.putImageData(new ImageData(pixels, width, height), 0, 0);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  },
});

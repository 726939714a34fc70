import { canvasToJpeg, makeCanvas } from '../../lib/jpeg';
import { fitWithin } from '../../lib/picture/boxScale';
import { pictureHeader, uprightSize, type PictureHeader } from '../../lib/picture/header';
import { withJpegScaled, jpegScaledHere } from '../../lib/picture/jpegScaled';
import { decodePngScaled } from '../../lib/picture/pngStream';
import { CUSTOM_MAX_PICTURE_SIDE, CUSTOM_MAX_PIXELS, CUSTOM_MAX_WHOLE_PIXELS, CUSTOM_STREAM_ABOVE_PIXELS } from './meta';
import { checkPictureSize, PictureTooLargeError } from './pictureLimits';

export { checkPictureSize, pictureHeader, PictureTooLargeError };

/**
 * The visitor's picture decoded straight to the size it is kept at, never whole where the browser
 * allows (measured in Chromium: tests/bench/picture.bench.ts). Runs in the picture worker
 * (./picture.worker.ts), or on the page where there is none (./picture.ts):
 *  - JPEG: WebCodecs' ImageDecoder, asked for the smallest of libjpeg's 1/8 … 8/8 scales that is
 *    still at least the kept size (a 48 MP photo is decoded at 2000×1500, 12 MB instead of
 *    192 MB); its EXIF orientation comes with the frame. createImageBitmap decodes it whole,
 *    resize options or not.
 *  - PNG over CUSTOM_STREAM_ABOVE_PIXELS: read a few rows at a time (src/lib/picture/pngStream.ts).
 *    Every browser path decodes it whole first (1 GB for 16000×16000, ImageDecoder twice that).
 *  - anything else, and where those fail: the browser decodes it whole, up to CUSTOM_MAX_WHOLE_PIXELS.
 * The size is read from the file's header first (src/lib/picture/header.ts): a picture over the
 * limits is refused before any of it is decoded.
 */

/** The JPEG quality the picture is kept at. */
const KEPT_QUALITY = 0.9;

type Canvas = OffscreenCanvas | HTMLCanvasElement;
type Drawable = CanvasImageSource & { close(): void };

function context2d(canvas: Canvas) {
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!ctx) throw new Error('No 2D canvas for the picture');
  return ctx;
}

/** `source` (`width`×`height`) drawn on white at the size fitting `maxSide`; `source` is closed. */
function onWhite(source: Drawable, width: number, height: number, maxSide: number): Canvas {
  try {
    const size = fitWithin(width, height, maxSide);
    const canvas = makeCanvas(size.width, size.height);
    const ctx = context2d(canvas);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(source, 0, 0, size.width, size.height);
    return canvas;
  } finally {
    source.close();
  }
}

/** A large PNG, read a few rows at a time and scaled as it is read. */
async function pngStreamed(file: Blob, maxSide: number, signal?: AbortSignal): Promise<Canvas> {
  const limits = { maxSide, maxPixels: CUSTOM_MAX_PIXELS, maxPictureSide: CUSTOM_MAX_PICTURE_SIDE };
  const { width, height, data } = await decodePngScaled(file.stream(), limits, signal);
  const canvas = makeCanvas(width, height);
  context2d(canvas).putImageData(new ImageData(data as Uint8ClampedArray<ArrayBuffer>, width, height), 0, 0);
  return canvas;
}

/** A JPEG decoded at the smallest DCT scale still at least the kept size (src/lib/picture/jpegScaled.ts). */
function jpegScaled(file: Blob, header: PictureHeader, maxSide: number): Promise<Canvas> {
  return withJpegScaled(file, header, maxSide, (image) => onWhite(image, image.displayWidth, image.displayHeight, maxSide));
}

/** Any picture the browser reads, decoded whole, then scaled. */
async function wholeScaled(file: Blob, maxSide: number): Promise<Canvas> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  return onWhite(bitmap, bitmap.width, bitmap.height, maxSide);
}

/**
 * The picture in `file` (its header read already, and within the limits) on a canvas fitting
 * `maxSide` (never scaled up), upright (its EXIF orientation applied), transparency laid over
 * white. Rejects with a PictureTooLargeError when only a whole decode could read it and it is
 * over CUSTOM_MAX_WHOLE_PIXELS, or the browser's own error when it cannot be read.
 */
export async function pictureOnWhite(file: Blob, header: PictureHeader | null, maxSide: number, signal?: AbortSignal): Promise<Canvas> {
  const size = header ? uprightSize(header) : { width: 0, height: 0 };
  const pixels = size.width * size.height;
  // The ways that never hold the whole picture; where one fails, the browser's whole decode if it may.
  let failure: unknown = null;
  try {
    if (header?.format === 'png' && pixels > CUSTOM_STREAM_ABOVE_PIXELS) return await pngStreamed(file, maxSide, signal);
    if (header?.format === 'jpeg' && jpegScaledHere()) return await jpegScaled(file, header, maxSide);
  } catch (error) {
    if ((error as Error | null)?.name === 'PngTooLargeError') throw new PictureTooLargeError(size.width, size.height, CUSTOM_MAX_PIXELS);
    if ((error as Error | null)?.name === 'AbortError') throw error;
    failure = error;
  }
  if (pixels > CUSTOM_MAX_WHOLE_PIXELS) {
    if (failure) throw failure;
    throw new PictureTooLargeError(size.width, size.height, CUSTOM_MAX_WHOLE_PIXELS);
  }
  return wholeScaled(file, maxSide);
}

/** What is kept of a picture: its pixels, ready to draw, and the JPEG stored on the device. */
export interface KeptPicture {
  bitmap: ImageBitmap;
  blob: Blob;
}

/**
 * The picture in `file` as it is kept (see pictureOnWhite), its header read and checked here:
 * a PictureTooLargeError before anything is decoded when it is over the limits.
 */
export async function keptPicture(file: Blob, maxSide: number, signal?: AbortSignal): Promise<KeptPicture> {
  const header = await pictureHeader(file);
  checkPictureSize(header);
  return keptCanvas(await pictureOnWhite(file, header, maxSide, signal));
}

/** What is kept of a picture already drawn on `canvas` at its kept size. */
export async function keptCanvas(canvas: Canvas): Promise<KeptPicture> {
  const blob = await canvasToJpeg(canvas, KEPT_QUALITY);
  // The canvas's pixels move into the bitmap where they can (no copy); it is not drawn on again.
  const bitmap = 'transferToImageBitmap' in canvas ? canvas.transferToImageBitmap() : await createImageBitmap(canvas);
  return { bitmap, blob };
}

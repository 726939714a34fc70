/**
 * A picture a host adds to a design (a logo, an overlay, a background), made ready to keep: its size
 * read from the file's header first (an absurd one refused before any decoding), decoded straight
 * to what the largest print needs where the browser allows (a JPEG at a DCT scale, a large PNG a
 * few rows at a time, as the booth's backdrops: src/features/background/pictureDecode.ts), kept as
 * PNG so its transparency (an overlay's windows) survives, and named by its content, so the same
 * picture is always the same key.
 */
import { fitWithin } from '../../../lib/picture/boxScale';
import { pictureHeader, uprightSize, type PictureHeader } from '../../../lib/picture/header';
import { jpegScaledHere, withJpegScaled } from '../../../lib/picture/jpegScaled';
import { decodePngScaled } from '../../../lib/picture/pngStream';
import { isSvg, svgCanvas } from '../../../lib/picture/svg';

/** Over this many pixels, or this long a side, a picture is refused unread (as the backdrop's limits). */
export const PICTURE_MAX_PIXELS = 300e6;
export const PICTURE_MAX_SIDE = 65_535;
/**
 * Decoded whole by the browser before scaling (a format with no scaled path, or where one failed):
 * held to this many pixels (512 MB of RGBA at most).
 */
export const PICTURE_MAX_WHOLE_PIXELS = 128e6;
/** PNGs over this many pixels (64 MB decoded) are read a few rows at a time; smaller ones by the browser. */
export const PICTURE_STREAM_ABOVE_PIXELS = 16e6;

export type AddedPicture = { ok: true; key: string; blob: Blob; width: number; height: number } | { ok: false; problem: 'notPicture' | 'tooBig' };

/** A picture's key: the first 96 bits of its bytes' SHA-256, in hex. */
export async function pictureKey(blob: Blob): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()));
  return [...digest.slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The picture in `file`, fitting `maxSide` (never scaled up), upright, as a PNG with its
 * transparency; a drawing (SVG) is drawn `maxSide` long, whatever size it states.
 */
export async function addPicture(file: Blob, opts: { maxSide: number }): Promise<AddedPicture> {
  if (await isSvg(file)) {
    const canvas = await svgCanvas(file, opts.maxSide).catch(() => null);
    if (!canvas) return { ok: false, problem: 'notPicture' };
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) return { ok: false, problem: 'notPicture' };
    return { ok: true, key: await pictureKey(blob), blob, width: canvas.width, height: canvas.height };
  }
  const head = await pictureHeader(file).catch(() => null);
  const size = head ? uprightSize(head) : null;
  if (size && (size.width > PICTURE_MAX_SIDE || size.height > PICTURE_MAX_SIDE || size.width * size.height > PICTURE_MAX_PIXELS)) return { ok: false, problem: 'tooBig' };
  let failed = false;
  const scaled = head ? await decodedScaled(file, head, opts.maxSide).catch(() => ((failed = true), null)) : null;
  if (scaled) return kept(scaled);
  // Only a whole decode is left: a picture over its limit is refused (unreadable, if a scaled read failed).
  if (size && size.width * size.height > PICTURE_MAX_WHOLE_PIXELS) return { ok: false, problem: failed ? 'notPicture' : 'tooBig' };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image', premultiplyAlpha: 'none' });
  } catch {
    return { ok: false, problem: 'notPicture' };
  }
  try {
    const canvas = drawnAt(bitmap, bitmap.width, bitmap.height, opts.maxSide);
    return canvas ? kept(canvas) : { ok: false, problem: 'notPicture' };
  } finally {
    bitmap.close();
  }
}

/** `source` drawn on a clear canvas at the size fitting `maxSide`, or null with no 2D canvas. */
function drawnAt(source: CanvasImageSource, width: number, height: number, maxSide: number): OffscreenCanvas | null {
  const size = fitWithin(width, height, maxSide);
  const canvas = new OffscreenCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, size.width, size.height);
  return canvas;
}

async function kept(canvas: OffscreenCanvas): Promise<AddedPicture> {
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return { ok: true, key: await pictureKey(blob), blob, width: canvas.width, height: canvas.height };
}

/**
 * The picture decoded straight to the size fitting `maxSide`, its whole pixels never held: a JPEG
 * at a DCT scale, a PNG over PICTURE_STREAM_ABOVE_PIXELS read a few rows at a time with its
 * transparency. Null where neither applies (the browser decodes it whole); rejects where it failed.
 */
async function decodedScaled(file: Blob, head: PictureHeader, maxSide: number): Promise<OffscreenCanvas | null> {
  if (head.format === 'jpeg' && jpegScaledHere()) {
    return withJpegScaled(file, head, maxSide, (frame) => drawnAt(frame, frame.displayWidth, frame.displayHeight, maxSide));
  }
  if (head.format === 'png' && head.width * head.height > PICTURE_STREAM_ABOVE_PIXELS) {
    const limits = { maxSide, maxPixels: PICTURE_MAX_PIXELS, maxPictureSide: PICTURE_MAX_SIDE, alpha: true };
    const { width, height, data } = await decodePngScaled(file.stream(), limits);
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')!.putImageData(new ImageData(data as Uint8ClampedArray<ArrayBuffer>, width, height), 0, 0);
    return canvas;
  }
  return null;
}

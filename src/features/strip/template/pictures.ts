/**
 * A picture a host adds to a design (a logo, an overlay, a background), made ready to keep: its size
 * read from the file's header first (an absurd one refused before any decoding), scaled down to
 * what the largest print needs, kept as PNG so its transparency (an overlay's windows) survives,
 * and named by its content, so the same picture is always the same key.
 */
import { pictureHeader, uprightSize } from '../../../lib/picture/header';
import { isSvg, svgCanvas } from '../../../lib/picture/svg';

/** Over this many pixels, or this long a side, a picture is refused unread (as the backdrop's limits). */
export const PICTURE_MAX_PIXELS = 300e6;
export const PICTURE_MAX_SIDE = 65_535;
/** Decoded whole by the browser before scaling: held to this many pixels (512 MB of RGBA at most). */
export const PICTURE_MAX_WHOLE_PIXELS = 128e6;

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
  if (head) {
    const { width, height } = uprightSize(head);
    if (width > PICTURE_MAX_SIDE || height > PICTURE_MAX_SIDE || width * height > PICTURE_MAX_PIXELS || width * height > PICTURE_MAX_WHOLE_PIXELS) {
      return { ok: false, problem: 'tooBig' };
    }
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image', premultiplyAlpha: 'none' });
  } catch {
    return { ok: false, problem: 'notPicture' };
  }
  try {
    const scale = Math.min(1, opts.maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return { ok: false, problem: 'notPicture' };
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, width, height);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return { ok: true, key: await pictureKey(blob), blob, width, height };
  } finally {
    bitmap.close();
  }
}

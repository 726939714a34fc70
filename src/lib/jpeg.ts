/** The one JPEG encoder of the app: photos (booth capture) and strips (composer) both use it. */

/** JPEG quality of every photo and export. */
export const JPEG_QUALITY = 0.92;

/** An OffscreenCanvas where the browser has one (always in a worker), else a detached <canvas>. */
export function makeCanvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** The canvas as it is now, as a JPEG (the browser encodes it off the main thread). */
export function canvasToJpeg(canvas: OffscreenCanvas | HTMLCanvasElement, quality = JPEG_QUALITY): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', quality),
  );
}

/** Encodes top-first RGBA pixels as a JPEG. */
export function encodeJpeg(image: ImageData): Promise<Blob> {
  const canvas = makeCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  ctx.putImageData(image, 0, 0);
  return canvasToJpeg(canvas);
}

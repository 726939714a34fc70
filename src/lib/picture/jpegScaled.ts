import type { PictureHeader } from './header';

/**
 * A JPEG decoded at the smallest DCT scale (n/8) still at least `maxSide` on its long side, never
 * whole (WebCodecs' ImageDecoder; a 48 MP photo asked for 2000 px is decoded at 1/4, 12 MB instead
 * of 192 MB), handed to `draw` while the decoder holds it. Chromium picks the scale from the area
 * asked for, rounding down: asking for exactly the n/8 size gets n/8. The frame's displayWidth and
 * displayHeight, and drawImage, have its EXIF orientation applied. Where ImageDecoder is missing,
 * check `jpegScaledHere()` first.
 */
export async function withJpegScaled<T>(file: Blob, header: PictureHeader, maxSide: number, draw: (frame: VideoFrame) => T | Promise<T>): Promise<T> {
  const eighths = Math.min(8, Math.max(1, Math.ceil((8 * maxSide) / Math.max(header.width, header.height))));
  const decoder = new ImageDecoder({
    type: 'image/jpeg',
    data: file.stream(),
    desiredWidth: Math.ceil((header.width * eighths) / 8),
    desiredHeight: Math.ceil((header.height * eighths) / 8),
    preferAnimation: false,
  });
  try {
    const { image } = await decoder.decode();
    try {
      return await draw(image);
    } finally {
      image.close();
    }
  } finally {
    decoder.close();
  }
}

/** Whether this browser decodes a JPEG scaled (WebCodecs' ImageDecoder). */
export const jpegScaledHere = () => typeof ImageDecoder !== 'undefined';

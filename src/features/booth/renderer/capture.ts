import type { Pipeline } from '../../../gl/pipeline';
import type { FinalPass } from '../../../gl/types';
import { canvasToJpeg, encodeJpeg, makeCanvas } from '../../../lib/jpeg';
import type { FaceLandmarks } from '../../vision/types';

export interface CapturedImage {
  blob: Blob;
  width: number;
  height: number;
  /** The landmarks found on this very frame (normalised; empty without a face or a model). */
  faces?: FaceLandmarks[];
}

/**
 * One photo at the camera's full resolution through the same stages and final pass as the
 * preview, encoded as JPEG. `inputsFor` gives the stages their inputs for this very frame
 * (landmarks found on the full-resolution still, the settings at the shutter).
 */
export async function captureWithPipeline<X extends { faces: FaceLandmarks[] }>(
  pipeline: Pipeline<X>,
  video: HTMLVideoElement,
  inputsFor: (still: ImageBitmap) => Promise<X>,
  pass: FinalPass,
): Promise<CapturedImage | null> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  const bitmap = await createImageBitmap(video);
  try {
    const inputs = await inputsFor(bitmap);
    // WebGL ignores UNPACK_FLIP_Y for ImageBitmaps, so flip the bitmap itself.
    const flipped = await createImageBitmap(bitmap, { imageOrientation: 'flipY' });
    if (pipeline.isLost) {
      flipped.close();
      return null;
    }
    pipeline.uploadFrame(flipped, width, height);
    flipped.close();
    const pixels = pipeline.renderToPixels(
      {
        outputWidth: width,
        outputHeight: height,
        sourceWidth: width,
        sourceHeight: height,
        inputs,
        frameId: -1,
        timestamp: video.currentTime * 1000,
        purpose: 'capture',
      },
      pass,
    );
    return { blob: await encodeJpeg(new ImageData(pixels, width, height)), width, height, faces: inputs.faces };
  } finally {
    bitmap.close();
  }
}

/** Without WebGL: the camera frame as it is (no filter, no retouch), still at full resolution. */
export async function capturePlain(video: HTMLVideoElement, mirror: boolean): Promise<CapturedImage> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  const canvas = makeCanvas(width, height);
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  if (mirror) {
    ctx.translate(width, 0);
    ctx.scale(-1, 1);
  }
  ctx.drawImage(video, 0, 0, width, height);
  return { blob: await canvasToJpeg(canvas), width, height };
}

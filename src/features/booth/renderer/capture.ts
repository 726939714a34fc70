import { fitTexture, type Pipeline } from '../../../gl/pipeline';
import type { FinalPass } from '../../../gl/types';
import { AbortedError, throwIfAborted } from '../../../lib/deadline';
import { canvasToJpeg, encodeJpeg, makeCanvas } from '../../../lib/jpeg';
import { encodePhoto } from './photoEncoder';
import { PhotoReadBlackError, previewWasLit, readsBlack } from './blackCheck';

export interface CapturedImage {
  blob: Blob;
  width: number;
  height: number;
}

/** Tries of the <video> after a still read black, each after the video's next frame. */
const VIDEO_TRIES = 5;
const NEXT_FRAME_MS = 250;
function nextVideoFrame(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, NEXT_FRAME_MS);
    video.requestVideoFrameCallback?.(() => (clearTimeout(timer), resolve()));
  });
}

/**
 * One photo at the camera's full resolution through the same stages and final pass as the
 * preview, encoded as JPEG. `inputsFor` gives the stages their inputs for this very frame (it may
 * search the still for faces). Whole or not at all: once `signal` fires, or the pipeline is gone
 * (`alive` false: the booth was left), it throws AbortedError at the next step instead of
 * rendering on a dead context (a black photo). `previewBrightest` is the preview's light as
 * measured at the shutter (null: not measured lately): a black photo is kept only when the preview
 * was dark too. It is read before the photo's own uploads, which share the preview's source texture.
 */
export async function captureWithPipeline<X>(
  pipeline: Pipeline<X>,
  video: HTMLVideoElement,
  inputsFor: (still: ImageBitmap) => Promise<X>,
  pass: FinalPass,
  alive: () => boolean,
  previewBrightest: number | null,
  signal?: AbortSignal,
): Promise<CapturedImage | null> {
  // A camera larger than the GPU's largest texture gives a photo scaled down to fit (never black).
  const { width, height } = fitTexture(video.videoWidth, video.videoHeight, pipeline.maxTextureSize);
  const check = () => {
    throwIfAborted(signal);
    if (!alive()) throw new AbortedError('the booth was left');
  };
  const scaled = width !== video.videoWidth;
  const bitmap = await (scaled ? createImageBitmap(video, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' }) : createImageBitmap(video));
  try {
    check();
    const inputs = await inputsFor(bitmap);
    check();
    // WebGL ignores UNPACK_FLIP_Y for ImageBitmaps, so flip the bitmap itself.
    const flipped = await createImageBitmap(bitmap, { imageOrientation: 'flipY' });
    try {
      check();
      if (pipeline.isLost) return null;
      const frame = { outputWidth: width, outputHeight: height, sourceWidth: width, sourceHeight: height, inputs };
      // Rendered and read back without blocking the main thread (a pixel buffer and a fence),
      // then encoded in a worker.
      const render = (upload: () => void, read?: 'now') => pipeline.renderPhoto(frame, pass, upload, () => !signal?.aborted && alive(), read);
      const fromStill = () => pipeline.uploadFrame(flipped, width, height);
      let pixels = await render(fromStill);
      let again = () => render(fromStill);
      if (readsBlack(pixels)) {
        // Black through the still (WebKitGTK under load: 7 stills in 15 here): taken again from the
        // <video> uploaded as it is, after its next frame, read back at once rather than through a
        // pixel buffer; under that load (6 busy processes on 2 cores) every photo came within 3
        // tries. Black every way while the preview showed a picture: nothing is kept.
        const fromVideo = () => pipeline.uploadFrame(video, width, height);
        again = () => render(fromVideo, 'now');
        for (let i = 0; i < VIDEO_TRIES && readsBlack(pixels); i++) {
          if (i > 0) await nextVideoFrame(video);
          check();
          pixels = await render(fromVideo, 'now');
        }
        if (readsBlack(pixels) && previewWasLit(previewBrightest)) throw new PhotoReadBlackError();
      }
      let blob: Blob;
      try {
        blob = await encodePhoto(pixels, width, height);
      } catch (error) {
        check();
        if (pipeline.isLost) throw error;
        // The encoder's worker failed with the pixels: render them again and encode them here.
        blob = await encodeJpeg(new ImageData(await again(), width, height));
      }
      check();
      return { blob, width, height };
    } finally {
      flipped.close();
    }
  } finally {
    bitmap.close();
  }
}

/**
 * Without WebGL: the camera frame as it is (no filter, no retouch), still at full resolution.
 * Drawn from the <video>; where that reads black (WebKit's 2D drawImage of a video can), drawn
 * again from an ImageBitmap of it. Black both ways is kept: with no preview read, a dark room
 * cannot be told from a failed read.
 */
export async function capturePlain(video: HTMLVideoElement, mirror: boolean, signal?: AbortSignal): Promise<CapturedImage> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  const canvas = makeCanvas(width, height);
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  if (mirror) {
    ctx.translate(width, 0);
    ctx.scale(-1, 1);
  }
  ctx.drawImage(video, 0, 0, width, height);
  if (readsBlack(thumbnailPixels(canvas))) {
    const bitmap = await createImageBitmap(video);
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
  }
  const blob = await canvasToJpeg(canvas);
  throwIfAborted(signal);
  return { blob, width, height };
}

/** A 64×36 copy of a picture's pixels: enough to tell black, without reading the full frame back. */
function thumbnailPixels(source: HTMLCanvasElement | OffscreenCanvas): Uint8ClampedArray {
  const small = makeCanvas(64, 36);
  const ctx = small.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  ctx.drawImage(source, 0, 0, 64, 36);
  return ctx.getImageData(0, 0, 64, 36).data;
}

/** Resolves when the video has its first frame, after FIRST_FRAME_MS at most, or on abort. */
const FIRST_FRAME_MS = 3_000;
export function firstFrame(video: HTMLVideoElement, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      video.removeEventListener('loadeddata', done);
      video.removeEventListener('resize', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, FIRST_FRAME_MS);
    video.addEventListener('loadeddata', done);
    video.addEventListener('resize', done);
    signal?.addEventListener('abort', done);
  });
}

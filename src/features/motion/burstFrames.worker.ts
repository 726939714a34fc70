/// <reference lib="webworker" />
/**
 * A burst's frames, made off the main thread: each preview frame arrives as a VideoFrame (a
 * handle on the canvas's picture, no copy on the main thread), is scaled (and mirrored if asked)
 * here and encoded as a small JPEG.
 */
import '../../workers/installGuard';
import { expose } from '../../workers/bridge';
import { FRAME_QUALITY } from './meta';

export type BurstFramesApi = {
  /** Answers once the worker is up (frames are sent to it only then). */
  ready(): true;
  jpeg(req: { frame: VideoFrame; width: number; height: number; flip: boolean }): Blob;
};

let canvas: OffscreenCanvas | null = null;

expose<BurstFramesApi>({
  ready: () => true,
  jpeg({ frame, width, height, flip }) {
    try {
      if (!canvas || canvas.width !== width || canvas.height !== height) canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d', { alpha: false })!;
      ctx.imageSmoothingQuality = 'high';
      ctx.setTransform(flip ? -1 : 1, 0, 0, 1, flip ? width : 0, 0);
      ctx.drawImage(frame, 0, 0, width, height);
      return canvas.convertToBlob({ type: 'image/jpeg', quality: FRAME_QUALITY });
    } finally {
      frame.close();
    }
  },
});

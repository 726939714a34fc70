/**
 * Scales a camera VideoFrame down to the preview's size off the main thread and returns it as an
 * ImageBitmap, rows flipped bottom-first (WebGL ignores UNPACK_FLIP_Y for ImageBitmaps). Used
 * only where uploading the full video frame costs the main thread too much (software GPUs).
 */
import '../../../workers/installGuard';
import { expose } from '../../../workers/bridge';

export type ScalerApi = {
  /** null when the frame could not be drawn (the preview goes back to direct uploads). */
  scale(req: { frame: VideoFrame; width: number; height: number }): ImageBitmap | null;
};

let canvas: OffscreenCanvas | null = null;
let ctx: OffscreenCanvasRenderingContext2D | null = null;

expose<ScalerApi>({
  scale({ frame, width, height }, call) {
    try {
      if (!canvas || canvas.width !== width || canvas.height !== height) {
        canvas = new OffscreenCanvas(width, height);
        ctx = canvas.getContext('2d', { alpha: false });
      }
      ctx!.setTransform(1, 0, 0, -1, 0, height);
      ctx!.drawImage(frame, 0, 0, width, height);
      const bitmap = canvas.transferToImageBitmap();
      call.transfer(bitmap);
      return bitmap;
    } catch {
      return null;
    } finally {
      frame.close();
    }
  },
});

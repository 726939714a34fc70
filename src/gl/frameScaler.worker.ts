/**
 * Scales a camera VideoFrame down to the preview's size off the main thread and returns it as an
 * ImageBitmap, rows flipped bottom-first (WebGL ignores UNPACK_FLIP_Y for ImageBitmaps). Used
 * only where uploading the full video frame costs the main thread too much (software GPUs).
 */
import '../workers/installGuard';

let canvas: OffscreenCanvas | null = null;
let ctx: OffscreenCanvasRenderingContext2D | null = null;

export interface ScaleRequest {
  frame: VideoFrame;
  width: number;
  height: number;
  token: number;
}
export interface ScaleReply {
  bitmap: ImageBitmap | null;
  token: number;
}

self.onmessage = (e: MessageEvent<ScaleRequest>) => {
  const { frame, width, height, token } = e.data;
  try {
    if (!canvas || canvas.width !== width || canvas.height !== height) {
      canvas = new OffscreenCanvas(width, height);
      ctx = canvas.getContext('2d', { alpha: false });
    }
    ctx!.setTransform(1, 0, 0, -1, 0, height);
    ctx!.drawImage(frame, 0, 0, width, height);
    const bitmap = canvas.transferToImageBitmap();
    (self as unknown as Worker).postMessage({ bitmap, token } satisfies ScaleReply, [bitmap]);
  } catch {
    (self as unknown as Worker).postMessage({ bitmap: null, token } satisfies ScaleReply);
  } finally {
    frame.close();
  }
};

import { MAX_DPR, SLOW_GPU_MAX_PIXELS } from '../meta';

/**
 * The preview canvas's backing store: its displayed size × devicePixelRatio (capped at MAX_DPR),
 * never the camera's size; on a slow GPU (`slow`: frames come through the scaler worker) at most
 * SLOW_GPU_MAX_PIXELS, rounded down so it stays within the cap.
 */
export function backingSize(cssWidth: number, cssHeight: number, devicePixelRatio: number, slow: boolean): { width: number; height: number } {
  let dpr = Math.min(devicePixelRatio || 1, MAX_DPR);
  const css = cssWidth * cssHeight;
  const capped = slow && css * dpr * dpr > SLOW_GPU_MAX_PIXELS;
  if (capped) dpr = Math.sqrt(SLOW_GPU_MAX_PIXELS / css);
  const size = capped ? Math.floor : Math.round;
  return { width: Math.max(1, size(cssWidth * dpr)), height: Math.max(1, size(cssHeight * dpr)) };
}

/**
 * The preview's backing store while a recording reads it: the camera's own pixels under the
 * canvas's shape (the stage shows the camera's picture cropped to its box, as object-fit: cover),
 * its short side at most `maxLines`, never larger than the camera gives, both sides even (H.264).
 */
export function cameraBackingSize(cssWidth: number, cssHeight: number, videoWidth: number, videoHeight: number, maxLines: number): { width: number; height: number } {
  const camera = videoWidth / videoHeight;
  // A box of the camera's shape to within a pixel's rounding (666×375 for 16:9) is the whole picture.
  const box = cssWidth > 0 && cssHeight > 0 ? cssWidth / cssHeight : camera;
  const shape = Math.abs(box / camera - 1) < 0.01 ? camera : box;
  let w = videoWidth;
  let h = videoHeight;
  if (shape > camera) h = videoWidth / shape;
  else w = videoHeight * shape;
  const scale = Math.min(1, maxLines / Math.min(w, h));
  const even = (x: number) => Math.max(2, 2 * Math.floor((x * scale) / 2));
  return { width: even(w), height: even(h) };
}

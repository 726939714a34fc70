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

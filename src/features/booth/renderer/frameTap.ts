import type { FrameTap } from '../../frames/tap';

/** What the preview renderer lends its frame tap. */
export interface TapHost {
  /** `fn` hears of each frame shown, with its media time and, where known, its capture time. */
  onDrawn(fn: (mediaMs: number, captureMs?: number) => void): () => void;
  /** Multi-pass thumbnails wait until the release (a recording reads the frames). */
  holdMultiPass(): () => void;
  /** The preview drawn at the camera's size, its short side at most `lines` (0: the screen's size again). */
  drawAtCameraSize(lines: number): void;
}

/**
 * The preview's frame tap: its canvas right after each draw, the camera's size (the canvas has its
 * aspect) and frame rate, and the camera-size drawing a video message holds while it records.
 */
export function makeFrameTap(canvas: HTMLCanvasElement, video: HTMLVideoElement, host: TapHost): FrameTap & { width: number; height: number } {
  const onDrawn = (fn: (mediaMs: number, captureMs?: number) => void) => {
    const release = host.holdMultiPass();
    const off = host.onDrawn(fn);
    return () => (release(), off());
  };
  const atCameraSize = (maxLines: number) => {
    host.drawAtCameraSize(maxLines);
    return () => host.drawAtCameraSize(0);
  };
  const track = (video.srcObject as MediaStream | null)?.getVideoTracks?.()[0];
  return { canvas, onDrawn, atCameraSize, cameraFps: track?.getSettings().frameRate, width: video.videoWidth, height: video.videoHeight };
}

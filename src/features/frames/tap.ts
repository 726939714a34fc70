/**
 * The frame tap: where a recording reads the live look (a motion burst, a video message). The
 * booth's preview renderer gives one; motion and messages read it. It lives below both.
 */
/** Where a recording reads the preview: the canvas, and a hook called right after each frame is drawn into it. */
export interface FrameTap {
  canvas: HTMLCanvasElement | OffscreenCanvas;
  /**
   * `fn` hears of each frame right after it is shown, with the camera's media time (ms) of its
   * picture and, where the browser says, when the camera took it (page clock, ms).
   */
  onDrawn(fn: (mediaMs: number, captureMs?: number) => void): () => void;
  /**
   * The preview drawn at the camera's own resolution (its short side at most `maxLines`) until the
   * returned release, so a recording reading the canvas has the camera's picture, not the screen's.
   */
  atCameraSize?(maxLines: number): () => void;
  /** The camera's frame rate, as its track says (frames a second), when known. */
  cameraFps?: number;
}


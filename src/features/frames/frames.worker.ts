/// <reference lib="webworker" />
/**
 * The session's frames, made off the main thread: each preview frame arrives as a VideoFrame (a
 * handle on the canvas's picture, no copy on the main thread) and is scaled (and mirrored if
 * asked) here: into a small JPEG for a motion burst (at the quality asked), or into a VideoFrame of
 * a video message's size, handed back for its encoder.
 */
import '../../workers/installGuard';
import { expose } from '../../workers/bridge';

type Turn = { frame: VideoFrame; width: number; height: number; flip: boolean };
type Jpeg = Turn & { quality: number };

export type FramesApi = {
  /** Answers once the worker is up (frames are sent to it only then). */
  ready(): true;
  jpeg(req: Jpeg): Blob;
  /** The frame at `width`×`height`, mirrored if asked, as a new VideoFrame with the same timestamp. */
  turn(req: Turn): VideoFrame;
};

let canvas: OffscreenCanvas | null = null;

/** `frame` drawn at the size asked (closed once drawn): the canvas holding it. */
function draw({ frame, width, height, flip }: Turn): OffscreenCanvas {
  try {
    if (!canvas || canvas.width !== width || canvas.height !== height) canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { alpha: false })!;
    ctx.imageSmoothingQuality = 'high';
    ctx.setTransform(flip ? -1 : 1, 0, 0, 1, flip ? width : 0, 0);
    ctx.drawImage(frame, 0, 0, width, height);
    return canvas;
  } finally {
    frame.close();
  }
}

expose<FramesApi>({
  ready: () => true,
  jpeg: (req) => draw(req).convertToBlob({ type: 'image/jpeg', quality: req.quality }),
  turn(req, ctx) {
    const timestamp = req.frame.timestamp;
    const out = new VideoFrame(draw(req), { timestamp });
    ctx.transfer(out);
    return out;
  },
});

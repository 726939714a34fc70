import { Output } from 'mediabunny';
import { Pipeline } from '../gl/pipeline';
import { detectMessageSupport } from '../features/message/support';
import type { FaceTracker } from '../features/vision/faceTracker';

type Call = (method: string, ...rest: unknown[]) => Promise<unknown>;

/**
 * SIMULATED FAULT (test build only): the face worker stops answering. The browser cannot freeze
 * a worker from outside, so the simulation sits at the bridge, the worker's one door: every
 * `detect` sent from now on is held, unanswered, while the worker itself lives on. Everything
 * above the bridge (the tracker's deadlines, the shot, the preview) runs as it would against a
 * stalled worker. `release()` sends the held calls on to the worker, as a worker that wakes up
 * would answer them late, and resolves once they are answered. Null when no worker is loaded.
 */
export function holdFaceReplies(tracker: FaceTracker): { release(): Promise<number> } | null {
  const bridge = (tracker as unknown as { bridge?: { call: Call } }).bridge;
  if (!bridge) return null;
  const call = bridge.call;
  const held: { rest: unknown[]; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  bridge.call = (method, ...rest) => {
    if (method !== 'detect') return call.call(bridge, method, ...rest);
    return new Promise((resolve, reject) => held.push({ rest, resolve, reject }));
  };
  return {
    async release() {
      bridge.call = call;
      const calls = held.splice(0);
      await Promise.allSettled(calls.map((h) => call.call(bridge, 'detect', ...h.rest).then(h.resolve, h.reject)));
      return calls.length;
    },
  };
}

type PhotoPipeline = { renderPhoto(frame: unknown, pass: unknown, upload: () => void, alive: () => boolean, read?: 'async' | 'now'): Promise<unknown>; uploadFrame(s: TexImageSource, w: number, h: number): void };

/**
 * SIMULATED FAULTS (test build only) of the engines' ways of reading and writing media, for the
 * "nothing black, nothing half-made kept" checks. Each lasts until `clearMediaFaults()`.
 * - photoReadsBlack('still'): the camera read as a still (createImageBitmap of a <video>) comes
 *   back black, as a 2D read of a video does in some WebKit builds; the preview is untouched.
 * - photoReadsBlack('every'): as well, every upload a photo makes is black (the preview's own
 *   uploads are untouched): no way left to read the camera for a photo.
 * - messageNotFinished(): a WebCodecs message's MP4 is never finished (its index not written),
 *   as when the muxer's last write fails; on MediaRecorder's path every piece comes empty (as
 *   WebKitGTK's MediaRecorder's do for real).
 */
const undo: (() => void)[] = [];

function blackBitmap(width: number, height: number): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(Math.max(1, width), Math.max(1, height));
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return createImageBitmap(canvas);
}

function photoReadsBlack(mode: 'still' | 'every'): void {
  const real = window.createImageBitmap;
  const patched = ((source: ImageBitmapSource, ...rest: unknown[]) =>
    source instanceof HTMLVideoElement ? blackBitmap(source.videoWidth, source.videoHeight) : (real as (...a: unknown[]) => Promise<ImageBitmap>)(source, ...rest)) as typeof createImageBitmap;
  window.createImageBitmap = patched;
  undo.push(() => (window.createImageBitmap = real));
  if (mode !== 'every') return;
  // On every pipeline (the booth's is made again when its screen remounts, as it can once the app takes over).
  const proto = Pipeline.prototype as unknown as PhotoPipeline;
  const render = proto.renderPhoto;
  proto.renderPhoto = function (this: PhotoPipeline, frame, pass, upload, alive, read) {
    const { outputWidth: w, outputHeight: h } = frame as { outputWidth: number; outputHeight: number };
    // Opaque black pixels (an ImageData: WebKit drops the upload of a canvas not yet painted).
    const black = new ImageData(new Uint8ClampedArray(w * h * 4).map((_, i) => (i % 4 === 3 ? 255 : 0)), w, h);
    void upload; // the photo's own upload is not made: a black one stands in
    return render.call(this, frame, pass, () => this.uploadFrame(black, w, h), alive, read);
  };
  undo.push(() => (proto.renderPhoto = render));
}

function messageNotFinished(output: { prototype: { finalize(): Promise<void> } }): void {
  const finalize = output.prototype.finalize;
  output.prototype.finalize = async function () {
    /* the index is never written */
  };
  undo.push(() => (output.prototype.finalize = finalize));
  // MediaRecorder's path: every piece it hands over is empty (as WebKitGTK's recorder does for real).
  if (typeof MediaRecorder === 'undefined') return;
  const start = MediaRecorder.prototype.start;
  MediaRecorder.prototype.start = function (this: MediaRecorder, ...args: [number?]) {
    const heard = this.ondataavailable;
    this.ondataavailable = (e: BlobEvent) => heard?.call(this, new BlobEvent('dataavailable', { data: new Blob([], { type: e.data.type }) }));
    return start.apply(this, args);
  };
  undo.push(() => (MediaRecorder.prototype.start = start));
}

function clearMediaFaults(): void {
  for (const u of undo.splice(0).reverse()) u();
}

/** The seam's media faults. */
export const mediaFaults = () => ({
  photoReadsBlack: (mode: 'still' | 'every') => photoReadsBlack(mode),
  // The way messages are made is asked first, of the real encoders and recorder (it is asked once a page).
  messageNotFinished: async () => {
    await detectMessageSupport();
    messageNotFinished(Output as unknown as { prototype: { finalize(): Promise<void> } });
  },
  clear: clearMediaFaults,
});

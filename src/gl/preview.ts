import { getBeautySettings, getFaceDetector, getFrameMetaProvider } from './hooks';
import { meanLuma } from '../vision/light';
import { Pipeline, type FilterSettings, type PassTiming, type PendingRead } from './pipeline';
import type { ScaleReply } from './frameScaler.worker';
import type { FrameMeta } from './types';

/**
 * Drives the pipeline from a <video>: uploads each NEW camera frame (requestVideoFrameCallback
 * where available, else rAF + currentTime), renders the preview at the canvas's displayed size ×
 * devicePixelRatio (capped), and renders captures at the camera's full resolution.
 *
 * Without WebGL2 (or while the context is lost) the mode is 'plain': the <video> itself is the
 * preview and captures are drawn unfiltered with Canvas2D drawImage (no ctx.filter anywhere).
 */

export type RenderMode = 'webgl' | 'plain';

/** Device pixel ratio cap: sharper than this costs GPU time nobody sees. */
const MAX_DPR = 2;
/** Light is measured at most this often (a tiny GPU downscale + 2 KB read-back). */
const LIGHT_INTERVAL_MS = 500;
/** One filter thumbnail is refreshed at most this often, round-robin across the list. */
const THUMB_INTERVAL_MS = 120;
/** Frames timed before choosing the upload path, and the median upload time that counts as slow. */
const SCALER_PROBE_FRAMES = 20;
const SLOW_UPLOAD_MS = 8;
export const THUMB_WIDTH = 96;
export const THUMB_HEIGHT = 54;

export interface CapturedImage {
  blob: Blob;
  width: number;
  height: number;
}

export interface PreviewStats {
  /** Camera frames the video delivered since stats were reset (from presentedFrames when known). */
  cameraFrames: number;
  /** Frames drawn to the screen. */
  renderedFrames: number;
  /** Main-thread JavaScript time spent in the frame callback, total ms. */
  jsMs: number;
  /** Camera frames dropped because the GPU had not finished the previous one. */
  skippedFrames: number;
}

export interface PreviewEvents {
  onModeChange?: (mode: RenderMode, reason: 'unavailable' | 'lost' | 'restored' | 'ok') => void;
  onLight?: (meanLuma: number) => void;
  onThumbnail?: (filterId: string, pixels: Uint8ClampedArray<ArrayBuffer>) => void;
}

type VideoWithRvfc = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: (now: number, meta: { mediaTime: number; presentedFrames: number }) => void) => number;
  cancelVideoFrameCallback?: (id: number) => void;
};

export class PreviewRenderer {
  readonly pipeline: Pipeline | null;
  mode: RenderMode;
  settings: FilterSettings = { filterId: 'none', mirror: true };
  /** Filters to keep thumbnails of (empty = none). */
  thumbnailFilters: string[] = [];
  stats: PreviewStats = { cameraFrames: 0, renderedFrames: 0, jsMs: 0, skippedFrames: 0 };

  private running = false;
  private handle = 0;
  private frameId = 0;
  private lastMediaTime = -1;
  private firstPresented = -1;
  private lastLightAt = 0;
  private lastThumbAt = 0;
  private thumbIndex = 0;
  private resizeObserver: ResizeObserver | null = null;
  private scaler: Worker | null = null;
  private scalerBusy = false;
  private scalerToken = 0;
  private scalerMediaMs = 0;
  private uploadSamples: number[] = [];
  private pendingRead: { kind: 'light' | { filterId: string }; read: PendingRead } | null = null;

  constructor(
    private canvas: HTMLCanvasElement,
    private video: VideoWithRvfc,
    private events: PreviewEvents = {},
  ) {
    let pipeline: Pipeline | null;
    try {
      pipeline = Pipeline.create(canvas, {
        onLost: () => this.setMode('plain', 'lost'),
        onRestored: () => {
          this.pendingRead = null; // its buffer died with the old context
          this.setMode('webgl', 'restored');
          this.lastMediaTime = -1; // re-upload the next frame into the rebuilt texture
        },
      });
    } catch {
      pipeline = null;
    }
    this.pipeline = pipeline;
    this.mode = pipeline ? 'webgl' : 'plain';
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(() => this.fitCanvas());
      this.resizeObserver.observe(canvas);
    }
  }

  private setMode(mode: RenderMode, reason: 'unavailable' | 'lost' | 'restored' | 'ok') {
    this.mode = mode;
    this.events.onModeChange?.(mode, reason);
  }

  /** Backing store = displayed size × DPR (capped): the preview never renders at camera size. */
  private fitCanvas(): void {
    const dpr = Math.min(window.devicePixelRatio || 1, MAX_DPR);
    const w = Math.max(1, Math.round(this.canvas.clientWidth * dpr));
    const h = Math.max(1, Math.round(this.canvas.clientHeight * dpr));
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
      this.lastMediaTime = -1; // redraw at the new size even if the camera is still
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.events.onModeChange?.(this.mode, this.pipeline ? 'ok' : 'unavailable');
    this.schedule();
  }

  stop(): void {
    this.running = false;
    if (this.video.cancelVideoFrameCallback) this.video.cancelVideoFrameCallback(this.handle);
    cancelAnimationFrame(this.handle);
  }

  dispose(): void {
    this.stop();
    this.dropScaler();
    this.resizeObserver?.disconnect();
    this.pipeline?.dispose();
  }

  resetStats(): void {
    this.stats = { cameraFrames: 0, renderedFrames: 0, jsMs: 0, skippedFrames: 0 };
    this.firstPresented = -1;
  }

  /** Redraw now with new settings (a filter picked while the camera image is still). */
  invalidate(): void {
    this.lastMediaTime = -1;
    if (!this.video.requestVideoFrameCallback && this.running) return; // rAF loop picks it up
    if (this.running) requestAnimationFrame(() => this.tick(this.video.currentTime * 1000, -1, true));
  }

  private schedule(): void {
    if (!this.running) return;
    const v = this.video;
    if (v.requestVideoFrameCallback) {
      this.handle = v.requestVideoFrameCallback((_now, meta) => {
        this.tick(meta.mediaTime * 1000, meta.presentedFrames, false);
        this.schedule();
      });
    } else {
      this.handle = requestAnimationFrame(() => {
        this.tick(v.currentTime * 1000, -1, false);
        this.schedule();
      });
    }
  }

  private tick(mediaMs: number, presentedFrames: number, forced: boolean): void {
    const v = this.video;
    if (!this.running || v.readyState < 2 || !v.videoWidth) return;
    // rAF fallback: skip frames the camera has not changed.
    const isNew = mediaMs !== this.lastMediaTime;
    if (!isNew && !forced) return;
    const t0 = performance.now();
    if (presentedFrames >= 0) {
      if (this.firstPresented < 0) this.firstPresented = presentedFrames - 1;
      this.stats.cameraFrames = presentedFrames - this.firstPresented;
    } else if (isNew) {
      this.stats.cameraFrames++;
    }
    this.lastMediaTime = mediaMs;
    const p = this.pipeline;
    if (this.mode === 'webgl' && p && !p.isLost) {
      if (!forced && !p.previousFrameDone()) {
        this.stats.skippedFrames++;
        this.stats.jsMs += performance.now() - t0;
        return; // the GPU is still on the last frame: drop this one instead of blocking
      }
      this.fitCanvas();
      if (this.scaler && isNew) {
        this.sendToScaler(mediaMs);
        this.stats.jsMs += performance.now() - t0;
        return; // drawn when the scaled frame comes back
      }
      if (isNew || !p.hasFrame) {
        const u0 = performance.now();
        p.uploadFrame(v, v.videoWidth, v.videoHeight);
        this.noteUploadCost(performance.now() - u0);
        this.frameId++;
      }
      this.draw(p, mediaMs, t0);
    }
    this.stats.renderedFrames++;
    this.stats.jsMs += performance.now() - t0;
  }

  /** Renders the uploaded frame with this frame's extras (landmarks, beauty) to the canvas. */
  private draw(p: Pipeline, mediaMs: number, t0: number): void {
    const v = this.video;
    const extras = getFrameMetaProvider()?.({ frameId: this.frameId, timestamp: mediaMs, video: v }) ?? {};
    const frame: FrameMeta = {
      outputWidth: this.canvas.width,
      outputHeight: this.canvas.height,
      sourceWidth: v.videoWidth,
      sourceHeight: v.videoHeight,
      faces: extras.faces ?? [],
      beauty: extras.beauty ?? getBeautySettings(),
      frameId: this.frameId,
      timestamp: mediaMs,
      purpose: 'preview',
    };
    p.renderPreview(frame, this.settings);
    this.sideWork(p, t0);
  }


  /**
   * On a software GPU, texImage2D(video) blocks the main thread for ~15–30 ms per 720p frame.
   * After a few frames, if uploads are that slow, frames go through a worker instead: wrapping
   * the frame in a VideoFrame is free here, the worker scales it to the canvas size, and the
   * small bitmap uploads in well under a millisecond. A real GPU keeps the direct upload.
   */
  private noteUploadCost(ms: number): void {
    if (this.scaler || this.uploadSamples.length >= SCALER_PROBE_FRAMES) return;
    this.uploadSamples.push(ms);
    if (this.uploadSamples.length < SCALER_PROBE_FRAMES) return;
    const sorted = this.uploadSamples.slice().sort((a, b) => a - b);
    const median = sorted[sorted.length >> 1]!;
    if (median > SLOW_UPLOAD_MS && typeof VideoFrame !== 'undefined' && typeof OffscreenCanvas !== 'undefined') {
      try {
        const worker = new Worker(new URL('./frameScaler.worker.ts', import.meta.url), { type: 'module', name: 'frame-scaler' });
        worker.onmessage = (e: MessageEvent<ScaleReply>) => this.onScaled(e.data);
        worker.onerror = () => this.dropScaler();
        this.scaler = worker;
      } catch {
        this.scaler = null;
      }
    }
  }

  private sendToScaler(mediaMs: number): void {
    if (this.scalerBusy) {
      this.stats.skippedFrames++; // the last frame is still on its way: drop this one
      return;
    }
    let frame: VideoFrame;
    try {
      frame = new VideoFrame(this.video, { timestamp: Math.round(mediaMs * 1000) });
    } catch {
      return;
    }
    this.scalerBusy = true;
    this.scalerToken++;
    this.scalerMediaMs = mediaMs;
    this.scaler!.postMessage({ frame, width: this.canvas.width, height: this.canvas.height, token: this.scalerToken }, [frame]);
  }

  private onScaled({ bitmap, token }: ScaleReply): void {
    this.scalerBusy = false;
    const p = this.pipeline;
    if (!bitmap) return this.dropScaler();
    if (!this.running || token !== this.scalerToken || this.mode !== 'webgl' || !p || p.isLost) {
      bitmap.close();
      return;
    }
    const t0 = performance.now();
    p.uploadFrame(bitmap, bitmap.width, bitmap.height);
    bitmap.close();
    this.frameId++;
    this.draw(p, this.scalerMediaMs, t0);
    this.stats.renderedFrames++;
    this.stats.jsMs += performance.now() - t0;
  }

  /** Back to direct uploads (the worker failed). */
  private dropScaler(): void {
    this.scaler?.terminate();
    this.scaler = null;
    this.scalerBusy = false;
  }

  /** Which upload path the preview uses (for the benchmark's report). */
  get uploadPath(): 'direct' | 'scaled-in-worker' {
    return this.scaler ? 'scaled-in-worker' : 'direct';
  }

  /**
   * Light level and picker thumbnails: tiny GPU passes read back asynchronously (a fence polled on
   * later frames), one read in flight at a time, so the main thread never waits for the GPU.
   */
  private sideWork(p: Pipeline, now: number): void {
    if (this.pendingRead) {
      const result = this.pendingRead.read.poll();
      if (result === null) return;
      const { kind } = this.pendingRead;
      this.pendingRead = null;
      if (result === 'failed') return;
      if (kind === 'light') this.events.onLight?.(meanLuma(result));
      else this.events.onThumbnail?.(kind.filterId, result);
      return;
    }
    if (this.events.onLight && now - this.lastLightAt > LIGHT_INTERVAL_MS) {
      this.lastLightAt = now;
      const read = p.startLightRead();
      if (read) this.pendingRead = { kind: 'light', read };
      return;
    }
    if (this.events.onThumbnail && this.thumbnailFilters.length && now - this.lastThumbAt > THUMB_INTERVAL_MS) {
      this.lastThumbAt = now;
      const filterId = this.thumbnailFilters[this.thumbIndex++ % this.thumbnailFilters.length]!;
      const read = p.startThumbnailRead(filterId, THUMB_WIDTH, THUMB_HEIGHT, this.settings.mirror);
      if (read) this.pendingRead = { kind: { filterId }, read };
    }
  }

  /** The camera's own resolution (what a photo is taken at). */
  get cameraSize(): { width: number; height: number } {
    return { width: this.video.videoWidth, height: this.video.videoHeight };
  }

  /**
   * Takes one photo at the camera's full resolution with the same stages and filter as the
   * preview, encoded as JPEG. Faces for the retouch come from the registered detector (if any),
   * run on the very frame that is rendered.
   */
  async capture(settings: FilterSettings): Promise<CapturedImage> {
    const v = this.video;
    const width = v.videoWidth;
    const height = v.videoHeight;
    if (!width || !height) throw new Error('No camera frame to capture');
    const p = this.pipeline;
    if (this.mode === 'webgl' && p && !p.isLost) {
      const bitmap = await createImageBitmap(v);
      try {
        const detector = getFaceDetector();
        const faces = detector ? await detector(bitmap, width, height).catch(() => []) : [];
        // WebGL ignores UNPACK_FLIP_Y for ImageBitmaps, so flip the bitmap itself.
        const flipped = await createImageBitmap(bitmap, { imageOrientation: 'flipY' });
        if (p.isLost) return this.capturePlain(settings);
        p.uploadFrame(flipped, width, height);
        flipped.close();
        const pixels = p.renderToPixels(
          {
            outputWidth: width,
            outputHeight: height,
            sourceWidth: width,
            sourceHeight: height,
            faces,
            beauty: getBeautySettings(),
            frameId: -1,
            timestamp: v.currentTime * 1000,
            purpose: 'capture',
          },
          settings,
          width,
          height,
        );
        this.lastMediaTime = -1; // the preview re-uploads the live frame next
        return { blob: await encodeJpeg(new ImageData(pixels, width, height)), width, height };
      } finally {
        bitmap.close();
      }
    }
    return this.capturePlain(settings);
  }

  /** The simpler path: unfiltered, still the full camera resolution. */
  private async capturePlain(settings: FilterSettings): Promise<CapturedImage> {
    const v = this.video;
    const width = v.videoWidth;
    const height = v.videoHeight;
    const canvas = makeCanvas(width, height);
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
    if (settings.mirror) {
      ctx.translate(width, 0);
      ctx.scale(-1, 1);
    }
    ctx.drawImage(v, 0, 0, width, height);
    return { blob: await canvasToJpeg(canvas), width, height };
  }
}

const JPEG_QUALITY = 0.92;

function makeCanvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

function canvasToJpeg(canvas: OffscreenCanvas | HTMLCanvasElement): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', JPEG_QUALITY),
  );
}

export async function encodeJpeg(image: ImageData): Promise<Blob> {
  const canvas = makeCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  ctx.putImageData(image, 0, 0);
  return canvasToJpeg(canvas);
}

export type { PassTiming };

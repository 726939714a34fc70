import { Pipeline } from '../../../gl/pipeline';
import { store } from '../../../state/store';
import { createBeautyStage } from '../../beauty/stage';
import { createPropsStage } from '../../props/stage';
import { beautySettingsAtom } from '../../beauty/state';
import { filterPass, prepareFilters } from '../../filters/pass';
import { filterIdAtom } from '../../filters/state';
import { MAX_DPR, SLOW_GPU_MAX_PIXELS } from '../meta';
import { mirrorPhotosAtom, mirrorPreviewAtom } from '../state';
import { capturePlain, captureWithPipeline, type CapturedImage } from './capture';
import { captureInputs, facesFocus, previewInputs, type BoothInputs } from './frameInputs';
import { FrameLoop } from './frameLoop';
import { FrameScaler } from './frameScaler';
import { SideReads, type SideReadEvents } from './sideReads';
import type { FrameTap } from '../../motion/burst';

/**
 * Drives the pipeline from a <video>: uploads each NEW camera frame (requestVideoFrameCallback
 * where available, else rAF + currentTime), renders the preview at the canvas's displayed size ×
 * devicePixelRatio (capped), and renders captures at the camera's full resolution. What it draws
 * (filter, mirror, beauty) it reads from the store at each frame and at each shot, so a photo is
 * what the preview showed at that moment.
 *
 * Without WebGL2 (or while the context is lost) the mode is 'plain': the <video> itself is the
 * preview and captures are drawn unfiltered with Canvas2D drawImage (no ctx.filter anywhere).
 */

export type RenderMode = 'webgl' | 'plain';
export type { CapturedImage };

export interface PreviewStats {
  /** Camera frames the video delivered since stats were reset (from presentedFrames when known). */
  cameraFrames: number;
  /** Frames drawn to the screen. */
  renderedFrames: number;
  /** Main-thread JavaScript time spent in the frame callback, total ms. */
  jsMs: number;
  /** Camera frames dropped because the GPU had not finished the previous one. */
  skippedFrames: number;
  /** Frames whose work threw (logged; the loop went on), and watchdog restarts of the loop. */
  failedFrames: number;
  restarts: number;
}

export interface PreviewEvents extends SideReadEvents {
  onModeChange?: (mode: RenderMode, reason: 'unavailable' | 'lost' | 'restored' | 'ok') => void;
}

export class PreviewRenderer {
  readonly pipeline: Pipeline<BoothInputs> | null;
  mode: RenderMode;
  private counts = { cameraFrames: 0, renderedFrames: 0, jsMs: 0, skippedFrames: 0 };
  private loop: FrameLoop;
  private frameId = 0;
  private lastMediaTime = -1;
  private firstPresented = -1;
  private resizeObserver: ResizeObserver | null = null;
  private sideReads: SideReads;
  private scaler: FrameScaler;
  private drawnListeners = new Set<(p: Pipeline<BoothInputs>) => void>();
  private unsubscribe: (() => void)[] = [];

  constructor(
    private canvas: HTMLCanvasElement,
    private video: HTMLVideoElement,
    private events: PreviewEvents = {},
  ) {
    this.sideReads = new SideReads(events);
    let pipeline: Pipeline<BoothInputs> | null;
    try {
      pipeline = Pipeline.create<BoothInputs>(canvas, [createBeautyStage(), createPropsStage()], {
        onLost: () => this.setMode('plain', 'lost'),
        onRestored: () => {
          this.sideReads.drop();
          this.setMode('webgl', 'restored');
          this.lastMediaTime = -1; // re-upload the next frame into the rebuilt texture
        },
      });
    } catch {
      pipeline = null;
    }
    this.pipeline = pipeline;
    if (pipeline) prepareFilters(pipeline);
    this.mode = pipeline ? 'webgl' : 'plain';
    this.loop = new FrameLoop(video, (mediaMs, presented) => this.tick(mediaMs, presented, false));
    this.scaler = new FrameScaler((bitmap, mediaMs) => this.loop.guard(() => this.onScaled(bitmap, mediaMs), () => bitmap.close()));
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(() => this.fitCanvas());
      this.resizeObserver.observe(canvas);
    }
    // A new setting redraws a still camera picture at once.
    for (const a of [filterIdAtom, mirrorPreviewAtom, beautySettingsAtom]) this.unsubscribe.push(store.sub(a, () => this.invalidate()));
  }

  set thumbnailFilters(ids: string[]) {
    this.sideReads.thumbnailFilters = ids;
  }

  /** Called right after each preview frame is drawn, while its pixels are still in the canvas. */
  onDrawn(fn: (p: Pipeline<BoothInputs>) => void): () => void {
    this.drawnListeners.add(fn);
    return () => this.drawnListeners.delete(fn);
  }

  private setMode(mode: RenderMode, reason: 'unavailable' | 'lost' | 'restored' | 'ok') {
    this.mode = mode;
    this.events.onModeChange?.(mode, reason);
  }

  /** Backing store = displayed size × DPR (capped): the preview never renders at camera size. */
  private fitCanvas(): void {
    let dpr = Math.min(window.devicePixelRatio || 1, MAX_DPR);
    const css = this.canvas.clientWidth * this.canvas.clientHeight;
    if (this.scaler.active && css * dpr * dpr > SLOW_GPU_MAX_PIXELS) dpr = Math.sqrt(SLOW_GPU_MAX_PIXELS / css);
    const w = Math.max(1, Math.round(this.canvas.clientWidth * dpr));
    const h = Math.max(1, Math.round(this.canvas.clientHeight * dpr));
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
      this.lastMediaTime = -1; // redraw at the new size even if the camera is still
    }
  }

  /** What the preview did since the stats were reset (the bench and the test seam read it). */
  get stats(): PreviewStats {
    return { ...this.counts, failedFrames: this.loop.failed, restarts: this.loop.restarts };
  }

  private get running(): boolean {
    return this.loop.isRunning;
  }

  start(): void {
    if (this.running) return;
    this.events.onModeChange?.(this.mode, this.pipeline ? 'ok' : 'unavailable');
    this.loop.start();
  }

  stop(): void {
    this.loop.stop();
  }

  dispose(): void {
    this.stop();
    for (const off of this.unsubscribe) off();
    this.scaler.dispose();
    this.resizeObserver?.disconnect();
    this.pipeline?.dispose();
  }

  resetStats(): void {
    this.counts = { cameraFrames: 0, renderedFrames: 0, jsMs: 0, skippedFrames: 0 };
    this.loop.failed = 0;
    this.loop.restarts = 0;
    this.firstPresented = -1;
  }

  /** Redraw now with new settings (a filter picked while the camera image is still). */
  invalidate(): void {
    this.lastMediaTime = -1;
    if (!('requestVideoFrameCallback' in this.video) && this.running) return; // rAF loop picks it up
    if (this.running) requestAnimationFrame(() => this.loop.guard(() => this.tick(this.video.currentTime * 1000, -1, true)));
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
      this.counts.cameraFrames = presentedFrames - this.firstPresented;
    } else if (isNew) {
      this.counts.cameraFrames++;
    }
    this.lastMediaTime = mediaMs;
    const p = this.pipeline;
    if (this.mode === 'webgl' && p && !p.isLost) {
      if (!forced && !p.previousFrameDone()) {
        this.counts.skippedFrames++;
        this.counts.jsMs += performance.now() - t0;
        return; // the GPU is still on the last frame: drop this one instead of blocking
      }
      this.fitCanvas();
      if (isNew && this.scaler.active) {
        if (!this.scaler.send(v, mediaMs, this.canvas.width, this.canvas.height)) this.counts.skippedFrames++;
        this.counts.jsMs += performance.now() - t0;
        return; // drawn when the scaled frame comes back
      }
      if (isNew || !p.hasFrame) {
        const u0 = performance.now();
        p.uploadFrame(v, v.videoWidth, v.videoHeight);
        this.scaler.noteUploadCost(performance.now() - u0);
        this.frameId++;
      }
      this.draw(p, mediaMs, t0);
    }
    this.counts.renderedFrames++;
    this.counts.jsMs += performance.now() - t0;
  }

  /** A frame scaled in the worker came back: upload and draw it. */
  private onScaled(bitmap: ImageBitmap, mediaMs: number): void {
    const p = this.pipeline;
    if (!this.running || this.mode !== 'webgl' || !p || p.isLost) {
      bitmap.close();
      return;
    }
    const t0 = performance.now();
    p.uploadFrame(bitmap, bitmap.width, bitmap.height);
    bitmap.close();
    this.frameId++;
    this.draw(p, mediaMs, t0);
    this.counts.renderedFrames++;
    this.counts.jsMs += performance.now() - t0;
  }

  /** Renders the uploaded frame with this frame's inputs (landmarks, settings) to the canvas. */
  private draw(p: Pipeline<BoothInputs>, mediaMs: number, t0: number): void {
    const v = this.video;
    const mirror = store.get(mirrorPreviewAtom);
    p.renderPreview(
      {
        outputWidth: this.canvas.width,
        outputHeight: this.canvas.height,
        sourceWidth: v.videoWidth,
        sourceHeight: v.videoHeight,
        inputs: previewInputs(v, mediaMs),
        frameId: this.frameId,
        timestamp: mediaMs,
        purpose: 'preview',
      },
      filterPass(store.get(filterIdAtom), mirror),
    );
    for (const fn of this.drawnListeners) fn(p);
    this.sideReads.step(p, t0, mirror);
  }

  /**
   * Where a motion burst reads the preview: its canvas right after each draw, and the camera's
   * size (the canvas has its aspect). Null without WebGL (the plain preview is the <video> itself).
   */
  get frameTap(): (FrameTap & { width: number; height: number }) | null {
    if (!this.pipeline || !this.video.videoWidth) return null;
    return { canvas: this.canvas, onDrawn: (fn) => this.onDrawn(fn), width: this.video.videoWidth, height: this.video.videoHeight };
  }

  /** Which upload path the preview uses (for the benchmark's report). */
  get uploadPath(): 'direct' | 'scaled-in-worker' {
    return this.scaler.active ? 'scaled-in-worker' : 'direct';
  }

  /**
   * Takes one photo at the camera's full resolution with the filter, mirror and beauty the
   * preview shows at this moment (or the filter given), encoded as JPEG.
   */
  async capture(filterId = store.get(filterIdAtom)): Promise<CapturedImage & { filterId: string; focus?: { x: number; y: number } }> {
    const v = this.video;
    if (!v.videoWidth || !v.videoHeight) throw new Error('No camera frame to capture');
    const mirror = store.get(mirrorPhotosAtom);
    const p = this.pipeline;
    if (this.mode === 'webgl' && p && !p.isLost) {
      const photo = await captureWithPipeline(p, v, captureInputs, filterPass(filterId, mirror));
      this.lastMediaTime = -1; // the preview re-uploads the live frame next
      if (photo) return { ...photo, filterId, focus: facesFocus(photo.faces, mirror) };
    }
    return { ...(await capturePlain(v, mirror)), filterId };
  }
}

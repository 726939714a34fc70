import { Pipeline } from '../../../gl/pipeline';
import { softwareRenderer } from '../../../lib/softwareGpu';
import { filterPass, prepareFilters } from '../../filters/pass';
import type { FaceLandmarks } from '../../vision/types';
import type { BoothStage, Look, ShotInputs, StageInputs } from '../stages';
import { createStages, lookNeedsFaces, lookNeedsMask, lookPrograms, previewInputs } from './stageInputs';
import { backingSize, cameraBackingSize } from './backingSize';
import type { CapturedImage } from './capture';
import { takeShot, type ShotImage } from './shot';
import { CaptureTimes } from './captureTimes';
import { FrameLoop } from './frameLoop';
import { FrameScaler } from './frameScaler';
import { ShownFrames, type ShownListener } from './shownFrames';
import { SideReads, type SideReadEvents } from './sideReads';
import { NO_FACES, NO_MASKS, type LiveFaceSource, type LiveMaskSource, type PreviewStats } from './sources';
export type { LiveFaceSource, LiveMaskSource, PreviewStats };
import type { FrameTap } from '../../frames/tap';
import { makeFrameTap } from './frameTap';

/**
 * Drives the pipeline from a <video>: uploads each NEW camera frame (requestVideoFrameCallback
 * where available, else rAF + currentTime), renders the preview at the canvas's displayed size ×
 * devicePixelRatio (capped), and renders captures at the camera's full resolution. It reads no
 * store: its owner (the booth session) hands it the look to draw with (`setLook`), where the live
 * faces come from, and each shot's look, so a photo is what the preview showed at that moment.
 *
 * Without WebGL2 (or while the context is lost) the mode is 'plain': the <video> itself is the
 * preview and captures are drawn unfiltered with Canvas2D drawImage (no ctx.filter anywhere).
 */

export type RenderMode = 'webgl' | 'plain';
export type { CapturedImage };

export interface PreviewEvents extends SideReadEvents {
  onModeChange?: (mode: RenderMode, reason: 'unavailable' | 'lost' | 'restored' | 'ok') => void;
}

export type { ShotImage };

/** A black photo is checked against the preview's light as measured this recently (it is read every 500 ms). */
const PREVIEW_LIGHT_AGE_MS = 5_000;

export class PreviewRenderer {
  readonly pipeline: Pipeline<StageInputs> | null;
  mode: RenderMode;
  private look: Look | null = null;
  /** Whether the look has a stage that needs faces, or the mask (worked out once per look, not per frame). */
  private lookNeedsFaces = false;
  private lookNeedsMask = false;
  private disposed = false;
  private counts = { cameraFrames: 0, renderedFrames: 0, jsMs: 0, skippedFrames: 0 };
  private loop: FrameLoop;
  private lastMediaTime = -1;
  /** While a recording reads the preview: drawn at the camera's size, its short side at most this (0: the screen's size). */
  private cameraLines = 0;
  private firstPresented = -1;
  private resizeObserver: ResizeObserver | null = null;
  private sideReads: SideReads;
  private scaler: FrameScaler;
  /** The pipeline's pending work a redraw already waits for. */
  private awaited: Promise<void> | null = null;
  private shown: ShownFrames<StageInputs>;
  private captureTimes = new CaptureTimes();

  constructor(
    private canvas: HTMLCanvasElement,
    private video: HTMLVideoElement,
    private events: PreviewEvents = {},
    private faces: LiveFaceSource = NO_FACES,
    private stages: readonly BoothStage[],
    private masks: LiveMaskSource = NO_MASKS,
  ) {
    this.sideReads = new SideReads(events);
    let pipeline: Pipeline<StageInputs> | null;
    try {
      pipeline = Pipeline.create<StageInputs>(canvas, createStages(stages), {
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
    this.loop = new FrameLoop(video, (mediaMs, presented, captureMs) => {
      this.captureTimes.note(mediaMs, captureMs);
      this.tick(mediaMs, presented, false);
    });
    this.shown = new ShownFrames((work) => this.loop.guard(work), () => !this.disposed);
    this.scaler = new FrameScaler((bitmap, mediaMs) => this.loop.guard(() => this.onScaled(bitmap, mediaMs), () => bitmap.close()));
    if (pipeline && softwareRenderer(pipeline.gl)) this.scaler.knownSlow();
    // Sized now, before any shader is sent to compile (they start in a microtask): resizing a GL
    // canvas waits for the GPU to finish what it was sent, a whole queue of compiles later.
    if (canvas.clientWidth > 0) this.fitCanvas();
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(() => this.fitCanvas());
      this.resizeObserver.observe(canvas);
    }
  }

  /** The look the preview draws with from now on (a still camera picture is redrawn at once). */
  setLook(look: Look): void {
    this.look = look;
    this.lookNeedsFaces = lookNeedsFaces(look, this.stages);
    this.lookNeedsMask = lookNeedsMask(look, this.stages);
    // Every shader this look may draw with compiles now, in the background, before a frame needs it.
    if (this.pipeline) for (const [id, source] of lookPrograms(look, this.stages)) void this.pipeline.programs.prepare(id, source);
    this.invalidate();
  }

  set thumbnailFilters(ids: string[]) {
    this.sideReads.thumbnailFilters = ids;
  }

  /** Called right after each preview frame is shown on the canvas, while its pixels are still there. */
  onDrawn(fn: ShownListener<StageInputs>): () => void {
    return this.shown.listen(fn);
  }

  private setMode(mode: RenderMode, reason: 'unavailable' | 'lost' | 'restored' | 'ok') {
    this.mode = mode;
    this.events.onModeChange?.(mode, reason);
  }

  /**
   * Backing store = displayed size × DPR (capped): the preview never renders at camera size, but
   * while a recording holds it at the camera's (`cameraLines`: its short side at most that).
   */
  private fitCanvas(): void {
    const { clientWidth: cssW, clientHeight: cssH } = this.canvas;
    const { videoWidth: vw, videoHeight: vh } = this.video;
    const { width, height } =
      this.cameraLines && vw && vh ? cameraBackingSize(cssW, cssH, vw, vh, this.cameraLines) : backingSize(cssW, cssH, window.devicePixelRatio, this.scaler.active);
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
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
    this.disposed = true;
    this.stop();
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
    // Dropped, not queued, while the GPU is still on the last frame (or a photo): asked for again
    // at the next animation frame (a paused camera sends no other).
    if (!p.previousFrameDone()) {
      this.counts.skippedFrames++;
      bitmap.close();
      this.lastMediaTime = -1;
      requestAnimationFrame(() => !this.disposed && this.invalidate());
      return;
    }
    const t0 = performance.now();
    p.uploadFrame(bitmap, bitmap.width, bitmap.height);
    bitmap.close();
    this.draw(p, mediaMs, t0);
    this.counts.renderedFrames++;
    this.counts.jsMs += performance.now() - t0;
  }

  /** Renders the uploaded frame with the look and the latest landmarks to the canvas. */
  private draw(p: Pipeline<StageInputs>, mediaMs: number, t0: number): void {
    const v = this.video;
    const look = this.look;
    if (!look) return;
    let faces: FaceLandmarks[] = [];
    let mask: ReturnType<LiveMaskSource['latest']> = null;
    // This frame is offered to the landmarker (the segmenter) only while a stage needs faces (a mask).
    if (this.lookNeedsFaces) {
      this.faces.offer(v, mediaMs);
      faces = this.faces.latest();
    }
    if (this.lookNeedsMask) {
      this.masks.offer(v);
      mask = this.masks.latest();
    }
    const drawn = p.renderPreview(
      { outputWidth: this.canvas.width, outputHeight: this.canvas.height, sourceWidth: v.videoWidth, sourceHeight: v.videoHeight, inputs: previewInputs(look, { faces, mask }, this.stages) },
      filterPass(look.filterId, look.mirror),
    );
    // Not drawn: a shader or a prop's art is still being made outside the frame; the last frame stays.
    if (!drawn) {
      this.counts.skippedFrames++;
      // Drawn once it is ready, even if the camera's picture is still (a paused video sends no frame).
      const work = p.pendingWork;
      if (work && work !== this.awaited) {
        this.awaited = work;
        void work.then(() => !this.disposed && this.invalidate());
      }
      return;
    }
    this.sideReads.step(p, t0, look.mirror);
    this.shown.drawnOne(p, mediaMs);
  }

  /** Multi-pass thumbnails wait until the returned release (a sequence, a recording: SideReads.holdMultiPass). */
  holdMultiPass(): () => void {
    return this.sideReads.holdMultiPass();
  }

  /**
   * Where a recording (a motion burst, a video message) reads the preview: see ./frameTap.ts. Null
   * without WebGL (the plain preview is the <video> itself).
   */
  get frameTap(): (FrameTap & { width: number; height: number }) | null {
    if (!this.pipeline || !this.video.videoWidth) return null;
    return makeFrameTap(this.canvas, this.video, {
      onDrawn: (fn) => this.onDrawn((_p, mediaMs) => fn(mediaMs, this.captureTimes.of(mediaMs))),
      holdMultiPass: () => this.holdMultiPass(),
      drawAtCameraSize: (lines) => {
        this.cameraLines = lines;
        this.fitCanvas();
      },
    });
  }

  /** Which upload path the preview uses (for the benchmark's report). */
  get uploadPath(): 'direct' | 'scaled-in-worker' {
    return this.scaler.active ? 'scaled-in-worker' : 'direct';
  }

  /**
   * Takes one photo at the camera's full resolution with `look` (read at the shutter) and what
   * `shotFor` finds for the still: see ./shot.ts. Whole or not at all: it throws an AbortedError
   * when `signal` fires or the renderer is disposed before the photo is made.
   */
  async capture(look: Look, shotFor: (still: ImageBitmap) => Promise<ShotInputs>, signal?: AbortSignal): Promise<ShotImage> {
    const p = this.pipeline;
    const photo = await takeShot(this.video, this.mode === 'webgl' && p && !p.isLost ? p : null, {
      look,
      shotFor,
      stages: this.stages,
      // The light at the shutter: the photo's own uploads (black ones included) go through the
      // source texture the light meter reads, so a reading taken later could be the photo's.
      previewBrightest: () => this.sideReads.previewBrightest(performance.now(), PREVIEW_LIGHT_AGE_MS),
      alive: () => !this.disposed,
      signal,
    });
    this.lastMediaTime = -1; // the preview re-uploads the live frame next
    return photo;
  }
}

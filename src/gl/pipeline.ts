import copyFrag from '../../shaders/common/copy.frag?raw';
import { createGlContext, type GlContext } from './context';
import { GpuFence } from './fence';
import { afterNextPaint, Presenter } from './present';
import { SourceTexture } from './source';
export { fitTexture } from './source';
import { ProgramCache, StagePending } from './programs';
import { Quad } from './quad';
import { readAsync, readNow, steppedRead, type PendingRead } from './readback';
import { smallReadSteps, type SmallRead } from './smallRead';
import { TargetPool } from './targets';
import type { FinalPass, FrameMeta, RenderStage, RenderTarget, StageContext, StageTexture } from './types';

/**
 * The WebGL2 pipeline: camera frame → source texture → stages → final pass → target. The seam is
 * documented in ./types.ts. No React and no feature here: the owner (the booth) gives it its
 * stages, each frame's inputs and the final pass.
 */

export interface PassTiming {
  id: string;
  ms: number;
}

const COPY = 'core:copy';

export class Pipeline<X = unknown> {
  readonly gl: WebGL2RenderingContext;
  readonly programs: ProgramCache;
  private quad!: Quad;
  private source!: SourceTexture;
  private pool!: TargetPool;
  /** Targets of the small reads (light, thumbnails), kept apart from the frames' (./readback.ts steppedRead). */
  private sidePool!: TargetPool;
  /** Where preview frames are drawn, to be shown once finished (./present.ts). */
  private presenter!: Presenter;
  /** The last photo's GPU work (see renderPhoto). */
  private photoFence!: GpuFence;
  /** The largest texture side this GPU takes (read once per context). */
  get maxTextureSize(): number {
    return this.source.maxSize;
  }
  /** Programs to compile in the background again after a context restore. */
  private wanted = new Map<string, string>();
  /** Photos waiting for the page to show the last preview frame (the preview draws none meanwhile). */
  private holdingForPhoto = 0;
  /** What the last preview frame that was not drawn waits for (settles when it is ready). */
  pendingWork: Promise<void> | null = null;
  /** When set, each pass ends with a GPU sync and its wall time is recorded (measurements only). */
  timePasses = false;
  lastPassTimings: PassTiming[] = [];

  /** Returns null when WebGL2 is not available (the caller falls back to the plain 2D path). */
  static create<X>(
    canvas: HTMLCanvasElement | OffscreenCanvas,
    stages: RenderStage<X>[],
    events: { onLost?: () => void; onRestored?: () => void } = {},
  ): Pipeline<X> | null {
    let pipeline: Pipeline<X> | null = null;
    const context = createGlContext(canvas, {
      onLost: events.onLost,
      onRestored: () => {
        pipeline?.build();
        events.onRestored?.();
      },
    });
    if (!context) return null;
    pipeline = new Pipeline(context, canvas, stages);
    return pipeline;
  }

  private constructor(
    private context: GlContext,
    private canvas: HTMLCanvasElement | OffscreenCanvas,
    private stages: RenderStage<X>[],
  ) {
    this.gl = context.gl;
    this.programs = new ProgramCache(this.gl);
    this.build();
  }

  get isLost(): boolean {
    return this.context.lost;
  }

  /** (Re)creates every GL object: at start and after a context restore. */
  private build(): void {
    const gl = this.gl;
    this.programs.reset();
    this.quad = new Quad(gl);
    this.pool = new TargetPool(gl);
    this.sidePool = new TargetPool(gl);
    this.presenter = new Presenter(gl);
    this.source = new SourceTexture(gl);
    this.photoFence = new GpuFence(gl);
    for (const stage of this.stages) stage.init(gl);
    this.prepare(COPY, copyFrag);
    for (const [id, source] of this.wanted) this.programs.prepare(id, source);
  }

  /** Compiles a program in the background now (and again after a context restore). */
  prepare(id: string, source: string): void {
    this.wanted.set(id, source);
    this.programs.prepare(id, source);
  }

  /** `sync`: programs not ready are compiled on the spot (measurements only); else StagePending. */
  private stageContext(sync: boolean): StageContext {
    return {
      gl: this.gl,
      acquireTarget: (w, h) => this.pool.acquire(w, h),
      drawQuad: (program, uniforms, target, rows) => this.quad.draw(program, uniforms, target, 0, 0, rows),
      program: (id, src) => (sync ? this.programs.get(id, src) : this.programs.need(id, src)),
    };
  }

  private timed(id: string, t0: number): void {
    if (!this.timePasses) return;
    this.finish();
    this.lastPassTimings.push({ id, ms: performance.now() - t0 });
  }

  /** Uploads a camera frame (video element or bitmap) as the source texture (scaled to fit the GPU). */
  uploadFrame(source: TexImageSource, width: number, height: number): void {
    if (this.isLost || !width || !height) return;
    if (this.timePasses) this.lastPassTimings = [];
    const t0 = performance.now();
    this.source.upload(source, width, height);
    this.timed('upload', t0);
  }

  get hasFrame(): boolean {
    return this.source.width > 0;
  }

  /**
   * Stages, then the final pass into `target` (null = the canvas; a target is acquired only after
   * the stages, so no stage can be handed the very framebuffer the final pass draws into).
   */
  private renderFrame(frame: FrameMeta<X>, pass: FinalPass, target: () => RenderTarget | null, flipY: boolean, sync = false): RenderTarget | null {
    if (!this.timePasses) this.lastPassTimings = [];
    this.pool.beginFrame();
    // The final pass's program first: a frame that cannot finish draws nothing at all.
    const program = sync ? this.programs.get(pass.id, pass.source) : this.programs.need(pass.id, pass.source);
    const { texture, width, height } = this.source;
    let input: StageTexture = { texture: texture!, width, height };
    const ctx = this.stageContext(sync);
    for (const stage of this.stages) {
      if (!stage.isActive(frame)) continue;
      const t0 = performance.now();
      input = stage.render(ctx, input, frame);
      this.timed(stage.id, t0);
    }
    const t0 = performance.now();
    const out = target();
    this.quad.draw(program, { ...pass.uniforms, u_image: input.texture, u_flipY: flipY ? 1 : 0 }, out, frame.outputWidth, frame.outputHeight);
    this.timed(pass.id, t0);
    return out;
  }

  /**
   * Whether the GPU has finished the previous preview frame. The preview skips a camera frame
   * rather than queue work behind an unfinished one: on a slow (software) GPU a full queue makes
   * the next upload block the main thread.
   */
  previousFrameDone(): boolean {
    return !this.holdingForPhoto && !this.presenter.pending && this.photoFence.done();
  }

  /**
   * Draws the current frame at the canvas's backing size (frame.output* = the canvas size), off
   * screen: `present()` shows it once the GPU has finished it. False when it was not drawn because
   * a program or a stage's artwork is still being made (the last frame stays on screen; the work
   * goes on outside the frame).
   */
  renderPreview(frame: FrameMeta<X>, pass: FinalPass): boolean {
    if (this.isLost || !this.hasFrame) return false;
    try {
      this.renderFrame(frame, pass, () => this.presenter.targetFor(frame.outputWidth, frame.outputHeight), false);
    } catch (error) {
      if (!(error instanceof StagePending)) throw error;
      this.quad.resetState();
      this.pendingWork = error.ready;
      return false;
    }
    this.presenter.submitted();
    return true;
  }

  /** Whether a drawn preview frame waits to be shown. */
  get framePending(): boolean {
    return this.presenter.pending;
  }

  /**
   * Shows the last preview frame on the canvas if the GPU has finished it (a copy): true when the
   * canvas changed. Call it where the page is about to be painted (an animation frame).
   */
  present(): boolean {
    // Not while a photo is on the GPU: the compositor's read of the canvas would wait for it.
    if (this.isLost || !this.programs.isReady(COPY) || !this.photoFence.done()) return false;
    const done = this.presenter.finished();
    if (!done) return false;
    this.quad.draw(this.programs.need(COPY, copyFrag), { u_image: done.texture }, null, this.canvas.width, this.canvas.height);
    this.gl.flush();
    return true;
  }

  /** What the canvas shows, read right after a preview render (bottom-first rows; the test seam's). */
  readCanvas(): Uint8ClampedArray<ArrayBuffer> {
    return readNow(this.gl, null, this.canvas.width, this.canvas.height);
  }

  /**
   * Renders a frame at frame.output* into a framebuffer and reads it back synchronously as
   * top-first RGBA rows, compiling what it needs on the spot: measurements only (it stalls).
   */
  renderToPixels(frame: FrameMeta<X>, pass: FinalPass): Uint8ClampedArray<ArrayBuffer> {
    const out = this.renderFrame(frame, pass, () => this.pool.acquire(frame.outputWidth, frame.outputHeight), true, true);
    return readNow(this.gl, out, frame.outputWidth, frame.outputHeight);
  }

  /**
   * A photo: `upload` puts its frame in the source texture, then it renders at frame.output* into
   * a framebuffer and reads it back as top-first RGBA rows through a pixel buffer and a fence, so
   * the main thread never waits for the GPU. What is not ready (a shader, a prop's art) is waited
   * for outside the frame, and the photo is uploaded and rendered again (preview frames may have
   * used the source texture meanwhile). `alive` false stops it (the caller's abort).
   */
  async renderPhoto(frame: FrameMeta<X>, pass: FinalPass, upload: () => void, alive: () => boolean, read: 'async' | 'now' = 'async'): Promise<Uint8ClampedArray<ArrayBuffer>> {
    // The preview holds still, and the page shows its last frame, before the photo goes to the
    // GPU: on a software GPU the compositor reads the canvas back, and would wait for the photo.
    this.holdingForPhoto++;
    try {
      await afterNextPaint();
    } finally {
      this.holdingForPhoto--;
    }
    for (;;) {
      if (this.isLost || !alive()) throw new Error('The photo was not rendered (context lost or stopped)');
      upload();
      try {
        const out = this.renderFrame(frame, pass, () => this.pool.acquire(frame.outputWidth, frame.outputHeight), true);
        // The preview waits for the photo's GPU work like for one of its own frames: a frame drawn
        // behind it would make the next sync point (an upload, the compositor reading the canvas
        // on a software GPU) wait for the whole photo on the main thread.
        this.photoFence.set();
        return read === 'now' ? readNow(this.gl, out!, out!.width, out!.height) : await readAsync(this.gl, out!);
      } catch (error) {
        if (!(error instanceof StagePending)) throw error;
        this.quad.resetState();
        await error.ready;
      }
    }
  }

  /**
   * Starts reading a small downscale of the raw camera frame (through `mid` first so the linear
   * filter averages more of it, and a `chain` run there), optionally through a final pass: light
   * level and thumbnails. A few KB read back asynchronously: never a full-frame read and never a
   * stall; a chain's passes are sent one per poll (once a frame), not all before one frame. Null
   * when a program it needs is not compiled yet (its compile is started).
   */
  startSmallRead(width: number, height: number, opts: SmallRead = {}): PendingRead | null {
    const { pass, chain = [] } = opts;
    if (this.isLost || !this.hasFrame || !this.programs.isReady(COPY)) return null;
    if (pass && !this.programs.isReady(pass.id)) return null;
    const waiting = chain.filter((p) => !this.programs.isReady(p.id));
    for (const p of waiting) {
      try {
        this.programs.need(p.id, p.source); // starts its compile after this frame
      } catch {
        /* StagePending, or a failed compile: no read */
      }
    }
    if (waiting.length) return null;
    // Targets of their own: a chain's outputs are read frames later, after preview frames that reuse `pool`'s.
    const ctx = { ...this.stageContext(false), acquireTarget: (w: number, h: number) => this.sidePool.acquire(w, h) };
    const source = { texture: this.source.texture!, width: this.source.width, height: this.source.height };
    this.sidePool.beginFrame();
    return steppedRead(width, height, smallReadSteps(ctx, this.programs.get(COPY, copyFrag), source, width, height, opts), () => this.isLost);
  }

  /** Waits for the GPU (measurements only). */
  finish(): void {
    const px = new Uint8Array(4);
    this.gl.readPixels(0, 0, 1, 1, this.gl.RGBA, this.gl.UNSIGNED_BYTE, px);
  }

  dispose(): void {
    for (const s of this.stages) s.dispose();
    this.stages = [];
    this.context.dispose();
    if (!this.gl.isContextLost()) {
      this.pool.dispose();
      this.sidePool.dispose();
      this.presenter.dispose();
      this.source.dispose();
    }
    this.programs.dispose();
  }
}

import * as twgl from 'twgl.js';
import fullscreenVert from '../../shaders/common/fullscreen.vert?raw';
import copyFrag from '../../shaders/common/copy.frag?raw';
import filterMainFrag from '../../shaders/common/filter-main.frag?raw';
import { FILTERS, filterById, type FilterDef } from '../filters/registry';
import { PRE_FILTER_STAGES } from './stages';
import { TargetPool } from './targets';
import type {
  FrameMeta,
  RenderStage,
  RenderTarget,
  StageContext,
  StageProgram,
  StageTexture,
  UniformValues,
} from './types';

/**
 * The WebGL2 pipeline: camera frame → source texture → pre-filter stages → filter pass → target.
 * The stage seam is documented in ./types.ts. No React here: the booth owns one Pipeline per
 * canvas and calls uploadFrame / renderPreview / renderCapture.
 */

export interface FilterSettings {
  filterId: string;
  /** Mirror horizontally (the preview is mirrored by default, photos are not). */
  mirror: boolean;
}

/** An asynchronous read-back: poll() → pixels when ready, null while pending, 'failed' if lost. */
export interface PendingRead {
  width: number;
  height: number;
  poll(): Uint8ClampedArray<ArrayBuffer> | null | 'failed';
}

export interface PassTiming {
  id: string;
  ms: number;
}

/** Builds the full filter fragment shader for a registry entry. */
export function filterFragmentSource(filter: FilterDef): string {
  return filterMainFrag.replace('//#FILTER', filter.shader);
}

export class Pipeline {
  readonly gl: WebGL2RenderingContext;
  private stages: RenderStage[];
  private programs = new Map<string, StageProgram>();
  private pendingPrograms = new Set<string>();
  /** Bumped on every (re)build, so background compiles from a lost context are dropped. */
  private generation = 0;
  private quad!: twgl.BufferInfo;
  private sourceTexture: WebGLTexture | null = null;
  private sourceSize = { width: 0, height: 0 };
  private pool!: TargetPool;
  private lost = false;
  private frameFence: WebGLSync | null = null;
  /** When set, each pass ends with gl.finish() and its wall time is recorded (bench only). */
  timePasses = false;
  lastPassTimings: PassTiming[] = [];
  private listeners: { lost: (e: Event) => void; restored: () => void } | null = null;

  /** Returns null when WebGL2 is not available (the caller falls back to the plain 2D path). */
  static create(
    canvas: HTMLCanvasElement | OffscreenCanvas,
    events?: { onLost?: () => void; onRestored?: () => void },
  ): Pipeline | null {
    const gl = canvas.getContext('webgl2', {
      alpha: false,
      antialias: false,
      depth: false,
      stencil: false,
      premultipliedAlpha: false,
      // Lets tests and screenshots read what is shown; the preview redraws every frame anyway.
      preserveDrawingBuffer: true,
      powerPreference: 'high-performance',
    }) as WebGL2RenderingContext | null;
    if (!gl) return null;
    return new Pipeline(gl, canvas, events);
  }

  private constructor(
    gl: WebGL2RenderingContext,
    private canvas: HTMLCanvasElement | OffscreenCanvas,
    events?: { onLost?: () => void; onRestored?: () => void },
  ) {
    this.gl = gl;
    this.stages = PRE_FILTER_STAGES.map((make) => make());
    this.build();
    const lost = (e: Event) => {
      // preventDefault lets the browser restore the context later.
      e.preventDefault();
      this.lost = true;
      events?.onLost?.();
    };
    const restored = () => {
      this.lost = false;
      this.build();
      events?.onRestored?.();
    };
    canvas.addEventListener('webglcontextlost', lost as EventListener);
    canvas.addEventListener('webglcontextrestored', restored);
    this.listeners = { lost, restored };
  }

  get isLost(): boolean {
    return this.lost || this.gl.isContextLost();
  }

  /** (Re)creates every GL object: at start and after a context restore. */
  private build(): void {
    const gl = this.gl;
    this.generation++;
    this.programs.clear();
    this.pendingPrograms.clear();
    this.quad = twgl.primitives.createXYQuadBufferInfo(gl);
    this.pool = new TargetPool(gl);
    this.sourceTexture = gl.createTexture();
    this.sourceSize = { width: 0, height: 0 };
    this.frameFence = null;
    gl.bindTexture(gl.TEXTURE_2D, this.sourceTexture);
    setTextureParams(gl);
    for (const stage of this.stages) stage.init(gl);
    this.prepareProgram(copyFrag);
    for (const f of FILTERS) this.prepareProgram(filterFragmentSource(f));
  }

  /** Replaces the pre-filter stages (disposing the old ones). */
  setStages(stages: RenderStage[]): void {
    for (const s of this.stages) s.dispose();
    this.stages = stages;
    if (!this.isLost) for (const s of stages) s.init(this.gl);
  }

  /**
   * Compiles a program in the background (KHR_parallel_shader_compile through twgl): on a software
   * GPU a synchronous compile is a 100+ ms main-thread stall, so every filter is prepared up front
   * and thumbnails use only the ones that are ready.
   */
  prepareProgram(fragmentSource: string): void {
    if (this.programs.has(fragmentSource) || this.pendingPrograms.has(fragmentSource)) return;
    const generation = this.generation;
    this.pendingPrograms.add(fragmentSource);
    twgl
      .createProgramInfoAsync(this.gl, [fullscreenVert, fragmentSource])
      .then((info) => {
        if (generation === this.generation && !this.programs.has(fragmentSource)) this.programs.set(fragmentSource, info);
      })
      .catch(() => {
        /* a lost context or a compile error: the synchronous path reports it when used */
      })
      .finally(() => {
        if (generation === this.generation) this.pendingPrograms.delete(fragmentSource);
      });
  }

  isProgramReady(fragmentSource: string): boolean {
    return this.programs.has(fragmentSource);
  }

  program(fragmentSource: string): StageProgram {
    let p = this.programs.get(fragmentSource);
    if (!p) {
      const made = twgl.createProgramInfo(this.gl, [fullscreenVert, fragmentSource]);
      if (!made) throw new Error('Shader failed to compile');
      p = made;
      this.programs.set(fragmentSource, p);
    }
    return p;
  }

  private stageContext(): StageContext {
    return {
      gl: this.gl,
      acquireTarget: (w, h) => this.pool.acquire(w, h),
      drawQuad: (program, uniforms, target) => this.draw(program, uniforms, target),
      createProgram: (src) => this.program(src),
    };
  }

  private draw(program: StageProgram, uniforms: UniformValues, target: RenderTarget | null, w = 0, h = 0): void {
    const gl = this.gl;
    gl.bindFramebuffer(gl.FRAMEBUFFER, target ? target.framebuffer : null);
    gl.viewport(0, 0, target ? target.width : w, target ? target.height : h);
    gl.useProgram(program.program);
    twgl.setBuffersAndAttributes(gl, program, this.quad);
    twgl.setUniforms(program, uniforms);
    twgl.drawBufferInfo(gl, this.quad);
  }

  /** Uploads a camera frame (video element or bitmap) as the source texture. */
  uploadFrame(source: TexImageSource, width: number, height: number): void {
    if (this.isLost || !width || !height) return;
    const gl = this.gl;
    const t0 = this.timePasses ? performance.now() : 0;
    gl.bindTexture(gl.TEXTURE_2D, this.sourceTexture);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, true);
    if (this.sourceSize.width !== width || this.sourceSize.height !== height) {
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, source);
      this.sourceSize = { width, height };
    } else {
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, gl.RGBA, gl.UNSIGNED_BYTE, source);
    }
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    if (this.timePasses) {
      this.finish();
      this.lastPassTimings = [{ id: 'upload', ms: performance.now() - t0 }];
    }
  }

  get hasFrame(): boolean {
    return this.sourceSize.width > 0;
  }

  get frameSize(): { width: number; height: number } {
    return { ...this.sourceSize };
  }

  /** Runs the stages, returning the texture the filter pass reads. */
  private runStages(frame: FrameMeta): StageTexture {
    let input: StageTexture = { texture: this.sourceTexture!, ...this.sourceSize };
    const ctx = this.stageContext();
    for (const stage of this.stages) {
      if (!stage.isActive(frame)) continue;
      const t0 = this.timePasses ? performance.now() : 0;
      input = stage.render(ctx, input, frame);
      if (this.timePasses) {
        this.finish();
        this.lastPassTimings.push({ id: stage.id, ms: performance.now() - t0 });
      }
    }
    return input;
  }

  private filterPass(input: StageTexture, settings: FilterSettings, target: RenderTarget | null, flipY: boolean, w: number, h: number) {
    const filter = filterById(settings.filterId);
    const t0 = this.timePasses ? performance.now() : 0;
    this.draw(
      this.program(filterFragmentSource(filter)),
      { ...filter.uniforms, u_image: input.texture, u_mirror: settings.mirror ? 1 : 0, u_flipY: flipY ? 1 : 0, u_intensity: 1 },
      target,
      w,
      h,
    );
    if (this.timePasses) {
      this.finish();
      this.lastPassTimings.push({ id: `filter:${filter.id}`, ms: performance.now() - t0 });
    }
  }

  /**
   * Whether the GPU has finished the previous preview frame. The preview skips a camera frame
   * rather than queue work behind an unfinished one: on a slow (software) GPU a full queue makes
   * the next upload block the main thread.
   */
  previousFrameDone(): boolean {
    const gl = this.gl;
    if (!this.frameFence) return true;
    const status = gl.clientWaitSync(this.frameFence, 0, 0);
    if (status === gl.TIMEOUT_EXPIRED) return false;
    gl.deleteSync(this.frameFence);
    this.frameFence = null;
    return true;
  }

  /** Draws the current frame to the canvas at its backing size (set by the caller from CSS size × DPR). */
  renderPreview(frame: FrameMeta, settings: FilterSettings): void {
    if (this.isLost || !this.hasFrame) return;
    if (!this.timePasses) this.lastPassTimings = [];
    this.pool.beginFrame();
    const input = this.runStages(frame);
    this.filterPass(input, settings, null, false, this.canvas.width, this.canvas.height);
    if (this.frameFence) this.gl.deleteSync(this.frameFence);
    this.frameFence = this.gl.fenceSync(this.gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    this.gl.flush();
  }

  /**
   * Renders the current frame at full camera resolution into a framebuffer and reads it back as
   * top-first RGBA rows (ready for ImageData).
   */
  renderToPixels(frame: FrameMeta, settings: FilterSettings, width: number, height: number): Uint8ClampedArray<ArrayBuffer> {
    const gl = this.gl;
    this.pool.beginFrame();
    const input = this.runStages(frame);
    const out = this.pool.acquire(width, height);
    this.filterPass(input, settings, out, true, width, height);
    const pixels = new Uint8ClampedArray(width * height * 4);
    gl.bindFramebuffer(gl.FRAMEBUFFER, out.framebuffer);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    return pixels;
  }

  /**
   * Starts reading a small downscale (32×18) of the raw camera frame for the light level: a GPU
   * downscale and a 2.3 KB asynchronous read-back, never a full-frame read and never a stall.
   */
  startLightRead(): PendingRead | null {
    if (this.isLost || !this.hasFrame || !this.isProgramReady(copyFrag)) return null;
    this.pool.beginFrame();
    // Two steps (→ 128×72 → 32×18) so the linear filter averages more of the frame.
    const mid = this.pool.acquire(128, 72);
    this.draw(this.program(copyFrag), { u_image: this.sourceTexture! }, mid);
    const small = this.pool.acquire(32, 18);
    this.draw(this.program(copyFrag), { u_image: mid.texture }, small);
    return this.readAsync(small);
  }

  /** Starts reading a small preview of the current frame under one filter (top-first RGBA). */
  startThumbnailRead(filterId: string, width: number, height: number, mirror: boolean): PendingRead | null {
    if (this.isLost || !this.hasFrame) return null;
    if (!this.isProgramReady(copyFrag) || !this.isProgramReady(filterFragmentSource(filterById(filterId)))) return null;
    this.pool.beginFrame();
    // Downscale first, then filter the small copy: a tiny pass instead of a full one.
    const small = this.pool.acquire(width, height);
    this.draw(this.program(copyFrag), { u_image: this.sourceTexture! }, small);
    const out = this.pool.acquire(width, height);
    this.filterPass(small, { filterId, mirror }, out, true, width, height);
    return this.readAsync(out);
  }

  /**
   * Read-back into a pixel buffer with a fence: `poll()` returns the pixels once the GPU is done
   * (null until then), so the main thread never waits for the GPU.
   */
  private readAsync(target: RenderTarget): PendingRead {
    const gl = this.gl;
    const { width, height } = target;
    const buffer = gl.createBuffer();
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, buffer);
    gl.bufferData(gl.PIXEL_PACK_BUFFER, width * height * 4, gl.STREAM_READ);
    gl.bindFramebuffer(gl.FRAMEBUFFER, target.framebuffer);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, 0);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
    const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    gl.flush();
    let done = false;
    const cleanup = () => {
      done = true;
      if (!gl.isContextLost()) {
        gl.deleteSync(sync);
        gl.deleteBuffer(buffer);
      }
    };
    return {
      width,
      height,
      poll: () => {
        if (done) return 'failed';
        if (gl.isContextLost() || !sync) {
          cleanup();
          return 'failed';
        }
        const status = gl.clientWaitSync(sync, 0, 0);
        if (status === gl.TIMEOUT_EXPIRED) return null;
        if (status === gl.WAIT_FAILED) {
          cleanup();
          return 'failed';
        }
        const pixels = new Uint8ClampedArray(width * height * 4);
        gl.bindBuffer(gl.PIXEL_PACK_BUFFER, buffer);
        gl.getBufferSubData(gl.PIXEL_PACK_BUFFER, 0, pixels);
        gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
        cleanup();
        return pixels;
      },
    };
  }

  /**
   * Times one frame pass by pass at any output size (bench only): upload, each active stage and
   * the filter pass, each ended with a GPU sync so its cost is its own.
   */
  profileFrame(source: TexImageSource, sourceWidth: number, sourceHeight: number, frame: FrameMeta, settings: FilterSettings): PassTiming[] {
    this.timePasses = true;
    try {
      this.finish();
      this.uploadFrame(source, sourceWidth, sourceHeight);
      this.pool.beginFrame();
      const input = this.runStages(frame);
      const out = this.pool.acquire(frame.outputWidth, frame.outputHeight);
      this.filterPass(input, settings, out, false, frame.outputWidth, frame.outputHeight);
      return this.lastPassTimings;
    } finally {
      this.timePasses = false;
      this.gl.bindFramebuffer(this.gl.FRAMEBUFFER, null);
    }
  }

  /** Waits for the GPU (bench timing only). */
  finish(): void {
    const px = new Uint8Array(4);
    this.gl.readPixels(0, 0, 1, 1, this.gl.RGBA, this.gl.UNSIGNED_BYTE, px);
  }

  dispose(): void {
    for (const s of this.stages) s.dispose();
    this.stages = [];
    if (this.listeners) {
      this.canvas.removeEventListener('webglcontextlost', this.listeners.lost as EventListener);
      this.canvas.removeEventListener('webglcontextrestored', this.listeners.restored);
    }
    if (!this.gl.isContextLost()) {
      this.pool.dispose();
      for (const p of this.programs.values()) this.gl.deleteProgram(p.program);
      if (this.sourceTexture) this.gl.deleteTexture(this.sourceTexture);
    }
    this.programs.clear();
  }
}

export function setTextureParams(gl: WebGL2RenderingContext): void {
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
}

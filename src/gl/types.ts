/**
 * THE PIPELINE SEAM (read this before adding a pass).
 *
 *   camera frame → source texture → pre-filter stages (in order) → filter pass → target
 *
 * The target is the preview canvas at its displayed size × devicePixelRatio (capped), or a
 * full-resolution framebuffer for a capture: the same stages and filter run for both, so the photo
 * is what the preview showed.
 *
 * A stage (e.g. the beauty retouch in src/features/beauty/stage.ts) implements RenderStage<X>, where
 * X is what the stage reads per frame (landmarks, its settings): the feature owns that type, and
 * the core passes it through untouched. The owner of a pipeline hands it its stages and each
 * frame's inputs; the core imports no feature. Per frame the pipeline calls `isActive(frame)`,
 * and if true `render(ctx, input, frame)`; the stage draws into targets it gets
 * from `ctx.acquireTarget(w, h)` (pooled; free again after the frame; ask for a smaller size to
 * work at reduced resolution) and returns the texture the next stage should read. It must never
 * draw into `input` and must not keep a target across frames (ask for one each frame).
 *
 * The last pass (a colour filter) is a FinalPass: a fragment shader with its uniforms, chosen by
 * the owner; the core only adds `u_image` and `u_flipY`.
 *
 * Orientation: textures are uploaded with UNPACK_FLIP_Y, so texture uv (0,0) is the frame's
 * BOTTOM-left. A landmark at (x, y) (top-left origin, see FaceLandmarks) is at uv (x, 1 - y).
 * Mirroring happens only in the final filter pass; stages always work in unmirrored source space.
 *
 * After a lost WebGL context is restored, `init(gl)` is called again on every stage (all previous
 * GL objects are gone); `dispose()` is called when the pipeline is torn down or stages replaced.
 */
/** Per-frame data the stages need; `inputs` is the owner's (landmarks, settings), typed by the feature. */
export interface FrameMeta<X = unknown> {
  /** Size the filter pass will draw at (preview: canvas pixels; capture: camera resolution). */
  outputWidth: number;
  outputHeight: number;
  /** The camera frame's own size. */
  sourceWidth: number;
  sourceHeight: number;
  /** What the stages read for THIS frame (its landmarks, the settings at this moment). */
  inputs: X;
}

/** A texture a stage reads, with its size. */
export interface StageTexture {
  texture: WebGLTexture;
  width: number;
  height: number;
}

/** A pooled framebuffer with its colour texture (RGBA8, linear filtering, clamped). */
export interface RenderTarget extends StageTexture {
  framebuffer: WebGLFramebuffer;
}

/** A compiled program (twgl ProgramInfo) — stages build theirs with `ctx.createProgram`. */
export type StageProgram = import('twgl.js').ProgramInfo;

export type UniformValues = Record<string, number | number[] | Float32Array | WebGLTexture>;

export interface StageContext {
  gl: WebGL2RenderingContext;
  /** A framebuffer of this size that nobody else uses during this frame. */
  acquireTarget(width: number, height: number): RenderTarget;
  /**
   * Draws a fullscreen quad with `program` into `target` (viewport = target size). The vertex
   * shader gets `in vec2 position` (-1..1) — use shaders/common/fullscreen.vert, which passes
   * `v_uv` (0..1) to the fragment shader. With `rows` [first, past the last], only that strip of
   * the target's rows is drawn (the rest keeps what it had).
   */
  drawQuad(program: StageProgram, uniforms: UniformValues, target: RenderTarget, rows?: [number, number]): void;
  /** A program from fragment source and the shared fullscreen vertex shader, cached by `id`. */
  program(id: string, fragmentSource: string): StageProgram;
}

export interface RenderStage<X = unknown> {
  id: string;
  /** Build GL objects. Called once, and again after a context restore. */
  init(gl: WebGL2RenderingContext): void;
  isActive(frame: FrameMeta<X>): boolean;
  render(ctx: StageContext, input: StageTexture, frame: FrameMeta<X>): StageTexture;
  dispose(): void;
}

/** The last pass: reads the stages' result and draws the target (a colour filter). */
export interface FinalPass {
  /** Program cache key, e.g. 'filter:sepia'. */
  id: string;
  /** Fragment shader with `uniform sampler2D u_image` and `uniform float u_flipY`. */
  source: string;
  uniforms: UniformValues;
}

/**
 * One entry of an owner's stage registry (the booth's is src/features/booth/stages.ts): a stage
 * with what it needs and how its inputs are made, for a live frame and for a photo. `L` is the
 * owner's settings (what the picture is drawn with), `F` what it knows of the faces; each entry
 * picks its own part of both, so a feature declares only what it reads.
 */
export interface StageEntry<L, F, I, P = F> {
  id: string;
  /** What this stage needs with these settings (the owner loads a face tracker for 'faces'). */
  needs(look: L): readonly StageNeed[];
  create(): RenderStage<I>;
  /** Inputs for a live preview frame. */
  preview(look: L, faces: F): I;
  /** Inputs for a photo: the settings at the shutter and the faces known for the still. */
  photo(look: L, faces: P): I;
  /**
   * The fullscreen programs (id, fragment source) this stage may draw with under these settings,
   * for any number of faces: the owner compiles them in the background as soon as the settings
   * change, so no frame waits for one (a frame never compiles: see ProgramCache).
   */
  programs?(look: L): readonly (readonly [id: string, fragmentSource: string])[];
}

/** What a stage may need besides the frame. */
export type StageNeed = 'faces' | 'segmentation';

import * as twgl from 'twgl.js';
import bilateralFrag from '../../../shaders/beauty/bilateral.frag?raw';
import composeFrag from '../../../shaders/beauty/compose.frag?raw';
import fieldFrag from '../../../shaders/beauty/face-field.frag?raw';
import fieldVert from '../../../shaders/beauty/face-field.vert?raw';
import { BLUSH_COLORS, DEFAULT_COLORS, LIP_COLORS, needsFaces, type BeautySettings } from './meta';
import { FACE_MESH_POINTS, FACE_OVAL } from './faceRegions';
import { blushTriangles, FIELD_ZERO, lipTriangles, skinMaskTriangles, slimMesh, whitenTriangles } from './faceField';
import { eyeUniforms, faceBox, MAX_EYES } from './uniforms';
import type { FaceLandmarks } from '../vision/types';
import { LateProgram } from '../../gl/programs';
import { TriangleBatch } from '../../gl/triangles';
import type { FrameMeta, RenderStage, RenderTarget, StageContext } from '../../gl/types';

/** What the beauty stage reads per frame: this frame's landmarks and the settings at this moment. */
export interface BeautyInputs {
  faces: FaceLandmarks[];
  beauty: BeautySettings;
}

/**
 * The bilateral filter runs at reduced resolution, sized by the face: the widest face spans
 * FACE_LOWRES_PX texels there, whatever the output size (the face field, twice as many). The blur's radius is then the
 * same fraction of the face in the preview (display size) and in the photo (camera size), so the
 * saved photo is smoothed exactly as the preview showed. A face too small to measure falls back to
 * a long side of a quarter of the output's, clamped to 128–320 px.
 */
export const FACE_LOWRES_PX = 48;
export const LOWRES_FRACTION = 0.25;
export const LOWRES_MIN = 128;
export const LOWRES_MAX = 320;

/** Scale (≤ 1) from the input texture to the reduced-resolution smoothing targets. */
export function lowresScale(faces: FaceLandmarks[], inputWidth: number, inputHeight: number, outW: number, outH: number): number {
  const faceWidth = Math.max(0, ...faces.map((f) => faceWidthOf(f) * inputWidth));
  if (faceWidth > 8) {
    // Keep the target within sane bounds (a face filling a 4K frame, a face a few pixels wide).
    const s = FACE_LOWRES_PX / faceWidth;
    const long = Math.max(inputWidth, inputHeight);
    return Math.min(1, Math.max(32 / long, Math.min(640 / long, s)));
  }
  const longSide = Math.min(LOWRES_MAX, Math.max(LOWRES_MIN, Math.max(outW, outH) * LOWRES_FRACTION));
  return Math.min(1, longSide / Math.max(inputWidth, inputHeight));
}

/** The face's width as a fraction of the frame's width (from its outline landmarks). */
function faceWidthOf(face: FaceLandmarks): number {
  if (face.length < FACE_MESH_POINTS) return 0;
  const xs = FACE_OVAL.map((i) => face[i]?.x ?? 0);
  return Math.max(...xs) - Math.min(...xs);
}

/** Which parts of the beauty pass this frame needs (none → the stage is skipped: zero cost). */
export function beautyWork(frame: FrameMeta<BeautyInputs>) {
  const s = frame.inputs.beauty;
  const none = { any: false, slim: false, eyes: false, lips: false, blush: false, whiten: false, lowres: false, skin: false, field: false, settings: s };
  // Every effect is the face's: without one the picture is left exactly as it is.
  if (!needsFaces(s) || frame.inputs.faces.length === 0) return none;
  const { smooth, brightness, enhance, slim, eyes, lips, blush, teeth, eyeWhites } = s.levels;
  const work = { ...none, slim: slim > 0, eyes: eyes > 0, lips: lips > 0, blush: blush > 0, whiten: teeth > 0 || eyeWhites > 0 };
  // Smoothing and enhance read an edge-preserving blur at reduced size (the base); they,
  // brightness and blush read the skin mask, the slim warp its mesh and the lip tint its mask: all
  // three in the face field.
  work.lowres = smooth > 0 || enhance > 0;
  work.skin = work.lowres || brightness > 0 || work.blush;
  work.field = work.skin || work.slim || work.lips;
  work.any = work.lowres || work.field || work.eyes || work.whiten;
  return work;
}

export interface ComposeFeatures {
  warp: boolean;
  eyeCount: number;
  /** The edge-preserving base (smoothing, enhance). */
  base: boolean;
  /** The skin mask (smoothing, enhance, brightness, blush). */
  skin: boolean;
  bright: boolean;
  lips: boolean;
  blush: boolean;
  whiten: boolean;
}

/** The compose shader specialised for this frame's effects (the pipeline caches each variant). */
export function composeVariant(f: ComposeFeatures): string {
  const defines =
    `#define MAX_EYES ${MAX_EYES}\n#define USE_WARP ${+f.warp}\n#define EYE_COUNT ${f.eyeCount}\n#define USE_BASE ${+f.base}\n#define USE_SKIN ${+f.skin}\n` +
    `#define USE_BRIGHT ${+f.bright}\n#define USE_LIPS ${+f.lips}\n#define USE_BLUSH ${+f.blush}\n#define USE_WHITEN ${+f.whiten}\n`;
  // #version must stay the first line.
  return composeFrag.replace(/^(#version[^\n]*\n)/, `$1${defines}`);
}

const composeId = (f: ComposeFeatures) => `beauty:compose:${[+f.warp, f.eyeCount, +f.base, +f.skin, +f.bright, +f.lips, +f.blush, +f.whiten].join(':')}`;

/** The compose program for this frame's effects, cached per variant. */
function composeProgram(ctx: StageContext, f: ComposeFeatures) {
  return ctx.program(composeId(f), composeVariant(f));
}

/**
 * The programs these settings may draw with, for any number of faces: the compose variant for
 * each possible eye count (the eyes effect on: two per face found), and the smoothing blur.
 */
export function beautyPrograms(s: BeautySettings): [string, string][] {
  if (!needsFaces(s)) return [];
  const { smooth, brightness, enhance, slim, eyes, lips, blush, teeth, eyeWhites } = s.levels;
  const base = smooth > 0 || enhance > 0;
  const f = { warp: slim > 0, base, skin: base || brightness > 0 || blush > 0, bright: brightness > 0, lips: lips > 0, blush: blush > 0, whiten: teeth > 0 || eyeWhites > 0 };
  // Eyes on: two per face (none while no face has its whole mesh); off: none.
  const counts = eyes > 0 ? Array.from({ length: MAX_EYES / 2 + 1 }, (_, n) => 2 * n) : [0];
  const list: [string, string][] = counts.map((eyeCount) => {
    const features = { ...f, eyeCount };
    return [composeId(features), composeVariant(features)];
  });
  if (base) list.push(['beauty:bilateral', bilateralFrag]);
  return list;
}

/** Steps per octave of the reduced-resolution scale. */
const SCALE_STEPS = 8;

/**
 * The reduced-resolution scale, rounded up to one of 8 steps per octave: a face that moves or
 * turns keeps its targets' size (the pool reuses them) instead of new textures at each pixel of
 * face width.
 */
export function steppedScale(scale: number): number {
  if (!(scale > 0)) return scale;
  return Math.min(1, 2 ** (Math.ceil(Math.log2(scale) * SCALE_STEPS - 1e-9) / SCALE_STEPS));
}

/** Colour channels a face-field draw writes. */
type Channels = [r: boolean, g: boolean, b: boolean, a: boolean];
const ALPHA: Channels = [false, false, false, true];

/**
 * The beauty retouch, before the filter pass: at reduced resolution an edge-preserving blur and the
 * face field (slim mesh, lip mask and blush, skin mask); then one full-resolution pass that warps,
 * smooths through the mask, brightens, enhances and paints.
 */
export function createBeautyStage(): RenderStage<BeautyInputs> {
  let fieldProgram: twgl.ProgramInfo | null = null;
  let fieldLate: LateProgram | null = null;
  let field: TriangleBatch | null = null;
  let glRef: WebGL2RenderingContext | null = null;

  /** Draws face-field triangles into `target`, writing only `channels`. */
  function drawTriangles(gl: WebGL2RenderingContext, tris: Float32Array, channels: Channels) {
    if (!fieldProgram || !field || !tris.length) return;
    gl.useProgram(fieldProgram.program);
    gl.colorMask(...channels);
    field.draw(tris);
  }

  /** Binds `target` and clears the `channels` it is about to draw to `clear`. */
  function begin(gl: WebGL2RenderingContext, target: RenderTarget, channels: Channels, clear: [number, number, number, number]) {
    gl.bindFramebuffer(gl.FRAMEBUFFER, target.framebuffer);
    gl.viewport(0, 0, target.width, target.height);
    gl.colorMask(...channels);
    gl.clearColor(...clear);
    gl.clear(gl.COLOR_BUFFER_BIT);
  }

  /**
   * The face field: the slim mesh's offsets (rg); the lip mask and the blush weights (b: they never
   * overlap, the blush kept to the larger value where its rim meets a lip); the skin mask (a).
   */
  function drawField(gl: WebGL2RenderingContext, work: ReturnType<typeof beautyWork>, faces: FaceLandmarks[], target: RenderTarget, w: number, h: number) {
    begin(gl, target, [true, true, true, true], [FIELD_ZERO, FIELD_ZERO, 0, 0]);
    const mesh = slimMesh(faces, work.slim ? work.settings.levels.slim : 0, w, h);
    drawTriangles(gl, mesh.triangles, [true, true, false, false]);
    const B: Channels = [false, false, true, false];
    if (work.lips) {
      const { lips, mouth } = lipTriangles(faces);
      drawTriangles(gl, lips, B);
      drawTriangles(gl, mouth, B);
    }
    if (work.blush) {
      gl.enable(gl.BLEND);
      gl.blendEquation(gl.MAX);
      drawTriangles(gl, blushTriangles(faces, w, h), B);
      gl.disable(gl.BLEND);
      gl.blendEquation(gl.FUNC_ADD);
    }
    const { oval, cutouts } = skinMaskTriangles(faces);
    drawTriangles(gl, oval, ALPHA);
    drawTriangles(gl, cutouts, ALPHA);
    gl.colorMask(true, true, true, true);
    return mesh.range;
  }

  return {
    id: 'beauty',
    init(gl) {
      // Everything here is rebuilt after a context restore (the old objects died with it).
      // Compiled in the background (never inside a frame): a frame before it is ready is not drawn.
      glRef = gl;
      fieldProgram = null;
      field = null;
      fieldLate = new LateProgram(gl, 'beauty:field', [fieldVert, fieldFrag], (info) => {
        fieldProgram = info;
        // VERTEX_FLOATS (faceField.ts) per vertex: position 2, value 4.
        field = new TriangleBatch(gl, info.program, [['position', 2], ['value', 4]]);
      });
    },
    isActive(frame) {
      return beautyWork(frame).any;
    },
    render(ctx, input, frame) {
      const gl = ctx.gl;
      const work = beautyWork(frame);
      const { levels, colors = DEFAULT_COLORS } = work.settings;
      // Work at the size the filter pass needs (never above the source), keeping the source aspect.
      const scale = Math.min(1, Math.max(frame.outputWidth / input.width, frame.outputHeight / input.height) || 1);
      const w = Math.max(1, Math.round(input.width * scale));
      const h = Math.max(1, Math.round(input.height * scale));
      const faces = frame.inputs.faces;
      const low = steppedScale(lowresScale(faces, input.width, input.height, w, h));
      const lowSize = (k: number) => [Math.max(1, Math.round(input.width * Math.min(1, low * k))), Math.max(1, Math.round(input.height * Math.min(1, low * k)))] as const;

      // Every program this frame draws with, before anything is drawn: one still compiling throws
      // StagePending and the frame is not drawn (the pipeline never compiles inside a frame).
      const eyes = eyeUniforms(work.eyes ? faces : [], levels, w, h);
      const features: ComposeFeatures = {
        warp: work.slim,
        eyeCount: eyes.u_eyeCount,
        base: work.lowres,
        skin: work.skin,
        bright: levels.brightness > 0,
        lips: work.lips,
        blush: work.blush,
        whiten: work.whiten,
      };
      const compose = composeProgram(ctx, features);
      const bilateral = work.lowres ? ctx.program('beauty:bilateral', bilateralFrag) : null;
      if (work.field || work.whiten) fieldLate?.need();

      let smoothTex: WebGLTexture = input.texture;
      if (bilateral) {
        const [lowW, lowH] = lowSize(1);
        const across = ctx.acquireTarget(lowW, lowH);
        ctx.drawQuad(bilateral, { u_image: input.texture, u_step: [1 / lowW, 0], u_rangeSigma: 0.09 }, across);
        const both = ctx.acquireTarget(lowW, lowH);
        ctx.drawQuad(bilateral, { u_image: across.texture, u_step: [0, 1 / lowH], u_rangeSigma: 0.09 }, both);
        smoothTex = both.texture;
      }
      // The face field at twice the smoothing size: the skin mask's cut-outs (a thin brow is a
      // few texels tall), the lips' edges and the mesh stay fine.
      let fieldTex: WebGLTexture = input.texture;
      let fieldRange: [number, number] = [0, 0];
      if (work.field) {
        const [fw, fh] = lowSize(2);
        const field = ctx.acquireTarget(fw, fh);
        fieldRange = drawField(gl, work, faces, field, w, h);
        fieldTex = field.texture;
      }

      let whitenTex: WebGLTexture = input.texture;
      if (work.whiten) {
        const [fw, fh] = lowSize(2);
        const target = ctx.acquireTarget(fw, fh);
        begin(gl, target, [true, true, true, true], [0, 0, 0, 0]);
        drawTriangles(gl, whitenTriangles(faces), [true, true, false, false]);
        gl.colorMask(true, true, true, true);
        whitenTex = target.texture;
      }

      const out = ctx.acquireTarget(w, h);
      ctx.drawQuad(
        compose,
        {
          u_image: input.texture,
          u_smooth: smoothTex,
          u_field: fieldTex,
          u_fieldRange: fieldRange,
          u_size: [w, h],
          u_faceBox: faceBox(faces, w, h),
          u_smoothAmount: levels.smooth / 100,
          u_brightness: levels.brightness / 100,
          u_enhance: levels.enhance / 100,
          u_lips: levels.lips / 100,
          u_blush: levels.blush / 100,
          u_lipColor: LIP_COLORS[colors.lips],
          u_blushColor: BLUSH_COLORS[colors.blush],
          u_whiten: whitenTex,
          u_teeth: levels.teeth / 100,
          u_eyeWhites: levels.eyeWhites / 100,
          u_eyes: eyes.u_eyes,
        },
        out,
      );
      return out;
    },
    dispose() {
      if (glRef && !glRef.isContextLost()) {
        if (fieldProgram) glRef.deleteProgram(fieldProgram.program);
        field?.dispose();
      }
      fieldProgram = null;
      field = null;
    },
  };
}

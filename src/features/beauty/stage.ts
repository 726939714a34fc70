import * as twgl from 'twgl.js';
import bilateralFrag from '../../../shaders/beauty/bilateral.frag?raw';
import composeFrag from '../../../shaders/beauty/compose.frag?raw';
import maskFrag from '../../../shaders/beauty/skin-mask.frag?raw';
import maskVert from '../../../shaders/beauty/skin-mask.vert?raw';
import { needsFaces, type BeautySettings } from './meta';
import { FACE_OVAL } from './faceRegions';
import { faceBox, skinMaskTriangles, warpUniforms } from './uniforms';
import type { FaceLandmarks } from '../vision/types';
import type { FrameMeta, RenderStage, RenderTarget, StageContext } from '../../gl/types';

/** What the beauty stage reads per frame: this frame's landmarks and the settings at this moment. */
export interface BeautyInputs {
  faces: FaceLandmarks[];
  beauty: BeautySettings;
}

/**
 * The bilateral filter and the skin mask run at reduced resolution, sized by the face: the widest
 * face spans FACE_LOWRES_PX texels there, whatever the output size. The blur's radius is then the
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
  if (face.length < 468) return 0;
  const xs = FACE_OVAL.map((i) => face[i]?.x ?? 0);
  return Math.max(...xs) - Math.min(...xs);
}

/** Which parts of the beauty pass this frame needs (none → the stage is skipped: zero cost). */
export function beautyWork(frame: FrameMeta<BeautyInputs>) {
  const s = frame.inputs.beauty;
  // Every effect is the face's: without one the picture is left exactly as it is.
  if (!needsFaces(s) || frame.inputs.faces.length === 0) return { any: false, warps: false, lowres: false, settings: s };
  const { smooth, brightness, enhance, slim, eyes } = s.levels;
  const warps = slim > 0 || eyes > 0;
  // Smoothing, brightness and enhance read the skin mask (and the smoothed base) at reduced size.
  const lowres = smooth > 0 || brightness > 0 || enhance > 0;
  return { any: warps || lowres, warps, lowres, settings: s };
}

/** The compose shader specialised for this frame's effects (the pipeline caches each variant). */
export function composeVariant(f: { slimCount: number; eyeCount: number; smooth: boolean; bright: boolean }): string {
  const defines =
    `#define SLIM_COUNT ${f.slimCount}\n#define EYE_COUNT ${f.eyeCount}\n` +
    `#define USE_SMOOTH ${f.smooth ? 1 : 0}\n#define USE_BRIGHT ${f.bright ? 1 : 0}\n`;
  // #version must stay the first line.
  return composeFrag.replace(/^(#version[^\n]*\n)/, `$1${defines}`);
}

/** The compose program for this frame's effects, cached per variant. */
function composeProgram(ctx: StageContext, f: Parameters<typeof composeVariant>[0]) {
  return ctx.program(`beauty:compose:${f.slimCount}:${f.eyeCount}:${+f.smooth}:${+f.bright}`, composeVariant(f));
}

/**
 * The beauty retouch, before the filter pass: a skin mask from the landmarks and an
 * edge-preserving blur, both at reduced resolution, then one full-resolution pass that warps
 * (slim + eyes), smooths through the mask, brightens and enhances.
 */
export function createBeautyStage(): RenderStage<BeautyInputs> {
  let maskProgram: twgl.ProgramInfo | null = null;
  let maskBuffer: WebGLBuffer | null = null;
  let vao: WebGLVertexArrayObject | null = null;
  let glRef: WebGL2RenderingContext | null = null;

  /** Draws the skin mask into the alpha channel of `target` (its rgb is left as it is). */
  function drawMaskIntoAlpha(ctx: StageContext, faces: FaceLandmarks[], target: RenderTarget) {
    const gl = ctx.gl;
    gl.bindFramebuffer(gl.FRAMEBUFFER, target.framebuffer);
    gl.viewport(0, 0, target.width, target.height);
    gl.colorMask(false, false, false, true);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    const { oval, cutouts } = skinMaskTriangles(faces);
    if (maskProgram && maskBuffer && vao && oval.length) {
      gl.useProgram(maskProgram.program);
      gl.bindVertexArray(vao);
      gl.bindBuffer(gl.ARRAY_BUFFER, maskBuffer);
      for (const [tris, value] of [
        [oval, 1],
        [cutouts, 0],
      ] as const) {
        if (!tris.length) continue;
        gl.bufferData(gl.ARRAY_BUFFER, tris, gl.DYNAMIC_DRAW);
        twgl.setUniforms(maskProgram, { u_value: value });
        gl.drawArrays(gl.TRIANGLES, 0, tris.length / 2);
      }
      gl.bindVertexArray(null);
    }
    gl.colorMask(true, true, true, true);
  }

  return {
    id: 'beauty',
    init(gl) {
      // Everything here is rebuilt after a context restore (the old objects died with it).
      glRef = gl;
      maskProgram = twgl.createProgramInfo(gl, [maskVert, maskFrag]);
      maskBuffer = gl.createBuffer();
      vao = gl.createVertexArray();
      gl.bindVertexArray(vao);
      gl.bindBuffer(gl.ARRAY_BUFFER, maskBuffer);
      const loc = gl.getAttribLocation(maskProgram.program, 'position');
      gl.enableVertexAttribArray(loc);
      gl.vertexAttribPointer(loc, 2, gl.FLOAT, false, 0, 0);
      gl.bindVertexArray(null);
    },
    isActive(frame) {
      return beautyWork(frame).any;
    },
    render(ctx, input, frame) {
      const work = beautyWork(frame);
      const { levels } = work.settings;
      // Work at the size the filter pass needs (never above the source), keeping the source aspect.
      const scale = Math.min(1, Math.max(frame.outputWidth / input.width, frame.outputHeight / input.height) || 1);
      const w = Math.max(1, Math.round(input.width * scale));
      const h = Math.max(1, Math.round(input.height * scale));
      const faces = frame.inputs.faces;

      let smoothTex: WebGLTexture = input.texture;
      if (work.lowres) {
        const low = lowresScale(faces, input.width, input.height, w, h);
        const lowW = Math.max(1, Math.round(input.width * low));
        const lowH = Math.max(1, Math.round(input.height * low));
        const bilateral = ctx.program('beauty:bilateral', bilateralFrag);
        const across = ctx.acquireTarget(lowW, lowH);
        ctx.drawQuad(bilateral, { u_image: input.texture, u_step: [1 / lowW, 0], u_rangeSigma: 0.09 }, across);
        const both = ctx.acquireTarget(lowW, lowH);
        ctx.drawQuad(bilateral, { u_image: across.texture, u_step: [0, 1 / lowH], u_rangeSigma: 0.09 }, both);
        // The skin mask goes into the same target's alpha: one texture, one fetch in the compose.
        drawMaskIntoAlpha(ctx, faces, both);
        smoothTex = both.texture;
      }

      const out = ctx.acquireTarget(w, h);
      const warp = warpUniforms(work.warps ? faces : [], levels, w, h);
      ctx.drawQuad(
        composeProgram(ctx, {
          slimCount: warp.u_slimCount,
          eyeCount: warp.u_eyeCount,
          smooth: work.lowres,
          bright: levels.brightness > 0,
        }),
        {
          u_image: input.texture,
          u_smooth: smoothTex,
          u_size: [w, h],
          u_faceBox: faceBox(faces, w, h),
          u_smoothAmount: levels.smooth / 100,
          u_brightness: levels.brightness / 100,
          u_enhance: levels.enhance / 100,
          ...warp,
        },
        out,
      );
      return out;
    },
    dispose() {
      if (glRef && !glRef.isContextLost()) {
        if (maskProgram) glRef.deleteProgram(maskProgram.program);
        glRef.deleteBuffer(maskBuffer);
        glRef.deleteVertexArray(vao);
      }
      maskProgram = null;
      maskBuffer = null;
      vao = null;
    },
  };
}

import * as twgl from 'twgl.js';
import bilateralFrag from '../../../shaders/beauty/bilateral.frag?raw';
import composeFrag from '../../../shaders/beauty/compose.frag?raw';
import maskFrag from '../../../shaders/beauty/skin-mask.frag?raw';
import maskVert from '../../../shaders/beauty/skin-mask.vert?raw';
import { beautyIsIdle, ZERO_LEVELS, type BeautySettings } from '../../beauty/presets';
import { faceBox, skinMaskTriangles, warpUniforms } from '../../beauty/uniforms';
import type { FaceLandmarks } from '../../vision/types';
import type { FrameMeta, RenderStage, StageContext } from '../types';

/** Longest side of the smoothing and mask targets: the bilateral filter runs at this size. */
export const BEAUTY_LOWRES = 240;

export function beautyOf(frame: FrameMeta): BeautySettings {
  const b = frame.beauty as Partial<BeautySettings> | undefined;
  return { enabled: Boolean(b?.enabled), levels: { ...ZERO_LEVELS, ...(b?.levels ?? {}) } };
}

/** Which parts of the beauty pass this frame needs (none → the stage is skipped: zero cost). */
export function beautyWork(frame: FrameMeta) {
  const s = beautyOf(frame);
  if (beautyIsIdle(s)) return { any: false, warps: false, lowres: false, settings: s };
  const faces = frame.faces.length > 0;
  const { smooth, brightness, enhance, slim, eyes } = s.levels;
  // Warps and skin smoothing need a face; without one they leave the image untouched.
  const warps = faces && (slim > 0 || eyes > 0);
  const lowres = enhance > 0 || (faces && smooth > 0);
  return { any: warps || lowres || brightness > 0, warps, lowres, settings: s };
}

/**
 * The beauty retouch, before the filter pass: a skin mask from the landmarks and an
 * edge-preserving blur, both at reduced resolution, then one full-resolution pass that warps
 * (slim + eyes), smooths through the mask, brightens and enhances.
 */
export function createBeautyStage(): RenderStage {
  let maskProgram: twgl.ProgramInfo | null = null;
  let maskBuffer: WebGLBuffer | null = null;
  let vao: WebGLVertexArrayObject | null = null;
  let glRef: WebGL2RenderingContext | null = null;

  function drawMask(ctx: StageContext, faces: FaceLandmarks[], w: number, h: number) {
    const gl = ctx.gl;
    const target = ctx.acquireTarget(w, h);
    gl.bindFramebuffer(gl.FRAMEBUFFER, target.framebuffer);
    gl.viewport(0, 0, w, h);
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
    return target;
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
      const faces = frame.faces;

      let smoothTex: WebGLTexture = input.texture;
      let maskTex: WebGLTexture = input.texture;
      if (work.lowres) {
        const low = Math.min(1, BEAUTY_LOWRES / Math.max(input.width, input.height));
        const lowW = Math.max(1, Math.round(input.width * low));
        const lowH = Math.max(1, Math.round(input.height * low));
        const bilateral = ctx.createProgram(bilateralFrag);
        const across = ctx.acquireTarget(lowW, lowH);
        ctx.drawQuad(bilateral, { u_image: input.texture, u_step: [1 / lowW, 0], u_rangeSigma: 0.09 }, across);
        const both = ctx.acquireTarget(lowW, lowH);
        ctx.drawQuad(bilateral, { u_image: across.texture, u_step: [0, 1 / lowH], u_rangeSigma: 0.09 }, both);
        smoothTex = both.texture;
        maskTex = drawMask(ctx, faces, lowW, lowH).texture;
      }

      const out = ctx.acquireTarget(w, h);
      const warp = warpUniforms(work.warps ? faces : [], levels, w, h);
      ctx.drawQuad(
        ctx.createProgram(composeFrag),
        {
          u_image: input.texture,
          u_smooth: smoothTex,
          u_mask: maskTex,
          u_size: [w, h],
          u_faceBox: faceBox(faces, w, h),
          u_smoothAmount: faces.length ? levels.smooth / 100 : 0,
          u_brightness: levels.brightness / 100,
          u_enhance: levels.enhance / 100,
          u_useSmooth: work.lowres ? 1 : 0,
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

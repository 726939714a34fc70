import blurFrag from '../../../shaders/background/blur.frag?raw';
import composeFrag from '../../../shaders/background/compose.frag?raw';
import refineFrag from '../../../shaders/background/refine.frag?raw';
import copyFrag from '../../../shaders/common/copy.frag?raw';
import { StagePending } from '../../gl/programs';
import type { RenderStage, StageContext, StageTexture } from '../../gl/types';
import { backdropCanvas } from './backdrops';
import { BACKDROP_SIZE, type BackgroundSettings } from './meta';
import type { SegmentMask } from './protocol';

/** What the background stage reads per frame. */
export interface BackgroundInputs {
  settings: BackgroundSettings;
  /** The person mask (the live one, or the still's for a photo); null until the model gives one. */
  mask: SegmentMask | null;
  /** The visitor's own picture, when chosen. */
  custom: ImageBitmap | null;
}

/** Whether the stage draws anything with these inputs. */
export function backgroundActive({ settings, mask, custom }: BackgroundInputs): boolean {
  if (settings.kind === 'none') return false;
  if (settings.kind === 'custom' && !custom) return false;
  if (settings.kind === 'blur' && settings.green) return mask !== null; // blurring a green screen needs the model
  return settings.green || mask !== null;
}

/** Background uv from picture uv: the background covers the picture (cropped, never stretched). */
export function coverFit(backgroundAspect: number, pictureAspect: number): [number, number, number, number] {
  if (backgroundAspect > pictureAspect) {
    const sx = pictureAspect / backgroundAspect;
    return [sx, 1, (1 - sx) / 2, 0];
  }
  const sy = backgroundAspect / pictureAspect;
  return [1, sy, 0, (1 - sy) / 2];
}

/**
 * Live backgrounds, the first stage (beauty and props then draw over the person): the model's
 * mask is refined against the frame at half the picture's size, the background is the frame
 * blurred at a quarter size (without the person in it), a backdrop or the visitor's picture, and
 * one pass puts the person over it. The same for the preview, the photo and so the motion bursts.
 */
/** The programs a background may draw with (compiled ahead by the booth, outside any frame). */
export function backgroundPrograms(settings: BackgroundSettings): [string, string][] {
  if (settings.kind === 'none') return [];
  return [
    ['background:copy', copyFrag],
    ['background:blur', blurFrag],
    ['background:refine', refineFrag],
    ['background:compose', composeFrag],
  ];
}

export function createBackgroundStage(): RenderStage<BackgroundInputs> {
  let gl: WebGL2RenderingContext | null = null;
  let maskTexture: WebGLTexture | null = null;
  let maskId = -1;
  let maskSize = { width: 1, height: 1 };
  let backdropTexture: WebGLTexture | null = null;
  let backdropFor: string | null = null;
  /** The backdrop being drawn (after the frame that first asked for it), and when it is on the GPU. */
  let building: { id: string; done: Promise<void> } | null = null;
  let customTexture: WebGLTexture | null = null;
  let customFor: ImageBitmap | null = null;

  const texture = (g: WebGL2RenderingContext) => {
    const t = g.createTexture()!;
    g.bindTexture(g.TEXTURE_2D, t);
    g.texParameteri(g.TEXTURE_2D, g.TEXTURE_MIN_FILTER, g.LINEAR);
    g.texParameteri(g.TEXTURE_2D, g.TEXTURE_MAG_FILTER, g.LINEAR);
    g.texParameteri(g.TEXTURE_2D, g.TEXTURE_WRAP_S, g.CLAMP_TO_EDGE);
    g.texParameteri(g.TEXTURE_2D, g.TEXTURE_WRAP_T, g.CLAMP_TO_EDGE);
    return t;
  };

  /**
   * Throws StagePending until backdrop `id` is drawn and on the GPU: it is drawn and uploaded in a
   * task of its own, never inside a frame (that frame is not drawn; a photo waits for it).
   */
  function needBackdrop(id: string): void {
    if (backdropFor === id) return;
    if (building?.id !== id) {
      const context = gl;
      const done = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
        if (!gl || gl !== context || gl.isContextLost()) return;
        uploadPicture(gl, backdropTexture!, backdropCanvas(id as BackgroundSettings['backdrop'], BACKDROP_SIZE.width, BACKDROP_SIZE.height));
        backdropFor = id;
      });
      const job = { id, done: done.finally(() => building === job && (building = null)) };
      building = job;
    }
    throw new StagePending(`background:${id}`, building.done);
  }

  /** A picture as a texture with the frame's orientation (uv origin at the bottom). */
  function uploadPicture(g: WebGL2RenderingContext, t: WebGLTexture, source: TexImageSource) {
    g.bindTexture(g.TEXTURE_2D, t);
    g.pixelStorei(g.UNPACK_FLIP_Y_WEBGL, true);
    g.texImage2D(g.TEXTURE_2D, 0, g.RGBA, g.RGBA, g.UNSIGNED_BYTE, source);
    g.pixelStorei(g.UNPACK_FLIP_Y_WEBGL, false);
  }

  function uploadMask(g: WebGL2RenderingContext, mask: SegmentMask) {
    if (mask.id === maskId) return;
    g.bindTexture(g.TEXTURE_2D, maskTexture);
    g.pixelStorei(g.UNPACK_ALIGNMENT, 1);
    g.texImage2D(g.TEXTURE_2D, 0, g.R8, mask.width, mask.height, 0, g.RED, g.UNSIGNED_BYTE, mask.data);
    g.pixelStorei(g.UNPACK_ALIGNMENT, 4);
    maskId = mask.id;
    maskSize = { width: mask.width, height: mask.height };
  }

  /**
   * The blurred background: the frame halved (each halving averages 2×2 texels) down to a quarter,
   * an eighth or a sixteenth of the picture as the strength asks, then one blur across and one down
   * with the taps a texel and a bit apart (no gaps between them: no ghost copies of an edge), the
   * person left out.
   */
  function blurred(ctx: StageContext, input: StageTexture, w: number, h: number, strength: number): WebGLTexture {
    const levels = strength < 34 ? 2 : strength < 67 ? 3 : 4;
    const copy = ctx.program('background:copy', copyFrag);
    let source: StageTexture = input;
    for (let i = 1; i <= levels; i++) {
      const half = ctx.acquireTarget(Math.max(1, Math.ceil(w / 2 ** i)), Math.max(1, Math.ceil(h / 2 ** i)));
      ctx.drawQuad(copy, { u_image: source.texture }, half);
      source = half;
    }
    const { width: sw, height: sh } = source;
    const program = ctx.program('background:blur', blurFrag);
    const spread = 1 + (strength % 34) / 34 * 0.5; // taps apart, in texels of the smallest level
    const across = ctx.acquireTarget(sw, sh);
    ctx.drawQuad(program, { u_image: source.texture, u_mask: maskTexture!, u_step: [spread / sw, 0], u_first: 1, u_last: 0 }, across);
    const both = ctx.acquireTarget(sw, sh);
    ctx.drawQuad(program, { u_image: across.texture, u_mask: maskTexture!, u_step: [0, spread / sh], u_first: 0, u_last: 1 }, both);
    return both.texture;
  }

  return {
    id: 'background',
    init(context) {
      gl = context;
      maskTexture = texture(gl);
      backdropTexture = texture(gl);
      customTexture = texture(gl);
      // Everything again after a context restore: the old textures died with the context.
      maskId = -1;
      backdropFor = null;
      building = null;
      customFor = null;
    },
    isActive: (frame) => backgroundActive(frame.inputs),
    render(ctx, input, frame) {
      const g = gl!;
      const { settings, mask, custom } = frame.inputs;
      const w = Math.min(frame.outputWidth, input.width);
      const h = Math.min(frame.outputHeight, input.height);
      const key = settings.green;
      // What this frame draws with first: a backdrop not on the GPU yet holds the frame (StagePending).
      if (settings.kind !== 'blur' && !(settings.kind === 'custom' && custom)) needBackdrop(settings.backdrop);
      if (mask) uploadMask(g, mask);

      let alpha: WebGLTexture = maskTexture!;
      if (!key && mask) {
        const refined = ctx.acquireTarget(Math.max(1, Math.ceil(w / 2)), Math.max(1, Math.ceil(h / 2)));
        const refine = ctx.program('background:refine', refineFrag);
        ctx.drawQuad(refine, { u_frame: input.texture, u_mask: maskTexture!, u_maskTexel: [1 / maskSize.width, 1 / maskSize.height], u_colorSigma: 0.12 }, refined);
        alpha = refined.texture;
      }

      let background: WebGLTexture;
      let fit: [number, number, number, number] = [1, 1, 0, 0];
      if (settings.kind === 'blur') {
        background = blurred(ctx, input, w, h, settings.blur);
      } else if (settings.kind === 'custom' && custom) {
        if (customFor !== custom) uploadPicture(g, customTexture!, custom);
        customFor = custom;
        background = customTexture!;
        fit = coverFit(custom.width / custom.height, w / h);
      } else {
        background = backdropTexture!;
        fit = coverFit(BACKDROP_SIZE.width / BACKDROP_SIZE.height, w / h);
      }

      const out = ctx.acquireTarget(w, h);
      ctx.drawQuad(
        ctx.program('background:compose', composeFrag),
        {
          u_frame: input.texture,
          u_alpha: alpha,
          u_background: background,
          u_backgroundFit: fit,
          u_key: key ? 1 : 0,
          u_tolerance: settings.tolerance / 100,
          u_spill: settings.spill / 100,
          u_wrap: 0.6,
        },
        out,
      );
      return out;
    },
    dispose() {
      if (gl) for (const t of [maskTexture, backdropTexture, customTexture]) gl.deleteTexture(t);
      maskTexture = backdropTexture = customTexture = null;
      customFor = null;
      backdropFor = null;
      gl = null;
    },
  };
}

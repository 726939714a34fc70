import propsFrag from '../../../shaders/props/props.frag?raw';
import type { RenderStage } from '../../gl/types';
import type { FaceLandmarks } from '../vision/types';
import { propSprites } from './anchor';
import { buildAtlas } from './atlas';
import { MAX_PARTS, MAX_PROP_FACES, propById } from './meta';

/**
 * What the props stage reads per frame: where the faces are and the chosen prop. In a capture the
 * faces are the ones the preview drew the prop on at the shutter, so the photo has the prop
 * exactly where the preview showed it, even on a moving head.
 */
export interface PropsInputs {
  propFaces: FaceLandmarks[];
  prop: string;
}

const MAX_SPRITES = MAX_PROP_FACES * MAX_PARTS;

/**
 * Face-tracked props, drawn after beauty and before the colour filter (so a sepia photo has a
 * sepia hat), in one full-frame pass at the size the filter pass needs: the same for the preview
 * and the photo. The chosen prop's art is rasterised once and kept as a texture.
 */
export function createPropsStage(): RenderStage<PropsInputs> {
  let gl: WebGL2RenderingContext | null = null;
  let atlas: WebGLTexture | null = null;
  let atlasFor: string | undefined;
  let atlasSize: [number, number] = [1, 1];
  let rects: [number, number, number, number][] = [];

  function upload(id: string) {
    const prop = propById(id);
    if (!gl || !prop || atlasFor === id) return;
    const built = buildAtlas(prop);
    gl.bindTexture(gl.TEXTURE_2D, atlas);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, built.canvas);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.generateMipmap(gl.TEXTURE_2D);
    atlasFor = id;
    atlasSize = [built.canvas.width, built.canvas.height];
    rects = built.rects;
  }

  return {
    id: 'props',
    init(context) {
      // Again after a context restore: the old texture died with the context.
      gl = context;
      atlas = gl.createTexture();
      atlasFor = undefined;
      gl.bindTexture(gl.TEXTURE_2D, atlas);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    },
    isActive(frame) {
      return !!propById(frame.inputs.prop) && frame.inputs.propFaces.length > 0;
    },
    render(ctx, input, frame) {
      const { propFaces: faces, prop } = frame.inputs;
      upload(prop);
      const sprites = propSprites(faces, propById(prop), frame.sourceWidth, frame.sourceHeight).slice(0, MAX_SPRITES);
      // The size the filter pass needs (never above the input), keeping the input's aspect.
      const scale = Math.min(1, Math.max(frame.outputWidth / input.width, frame.outputHeight / input.height) || 1);
      const target = ctx.acquireTarget(Math.max(1, Math.round(input.width * scale)), Math.max(1, Math.round(input.height * scale)));
      const flat = (pick: (i: number) => readonly number[]) => Array.from({ length: MAX_SPRITES }, (_, i) => (i < sprites.length ? pick(i) : [0, 0])).flat();
      ctx.drawQuad(
        ctx.program('props', propsFrag),
        {
          u_image: input.texture,
          u_atlas: atlas!,
          u_atlasSize: atlasSize,
          u_size: [frame.sourceWidth, frame.sourceHeight],
          u_srcPerPx: frame.sourceWidth / target.width,
          u_count: sprites.length,
          u_origin: flat((i) => sprites[i]!.origin),
          u_axisU: flat((i) => sprites[i]!.axisU),
          u_axisV: flat((i) => sprites[i]!.axisV),
          u_rect: Array.from({ length: MAX_SPRITES }, (_, i) => (i < sprites.length ? rects[sprites[i]!.part]! : [0, 0, 0, 0])).flat(),
        },
        target,
      );
      return target;
    },
    dispose() {
      if (gl && atlas) gl.deleteTexture(atlas);
      atlas = null;
      atlasFor = undefined;
    },
  };
}

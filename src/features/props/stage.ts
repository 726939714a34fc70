import * as twgl from 'twgl.js';
import propsFrag from '../../../shaders/props/props.frag?raw';
import propsVert from '../../../shaders/props/props.vert?raw';
import { LateProgram, StagePending } from '../../gl/programs';
import { TriangleBatch } from '../../gl/triangles';
import type { RenderStage } from '../../gl/types';
import type { FaceLandmarks } from '../vision/types';
import { propSprites, spriteCorners } from './anchor';
import { buildAtlas } from './atlas';
import { propById } from './meta';

/**
 * What the props stage reads per frame: where the faces are and the chosen prop. In a capture the
 * faces are the ones the preview drew the prop on at the shutter (./entry.ts), so the photo has
 * the prop exactly where the preview showed it, even on a moving head.
 */
export interface PropsInputs {
  faces: FaceLandmarks[];
  prop: string;
}

/** Floats per vertex: position (frame uv) and art (atlas uv). */
const VERTEX_FLOATS = 4;

/**
 * Face-tracked props, drawn after beauty and before the colour filter (so a sepia photo has a
 * sepia hat), at the size the filter pass needs: the frame is copied into the stage's target and
 * each part of the prop on each face is drawn over it as a quad of its art (rasterised once per
 * choice, mipmapped, outside any frame), so the cost beyond the copy is the props' own area. The same for the preview
 * and the photo.
 */
export function createPropsStage(): RenderStage<PropsInputs> {
  let gl: WebGL2RenderingContext | null = null;
  let program: LateProgram | null = null;
  let quads: TriangleBatch | null = null;
  let readFb: WebGLFramebuffer | null = null;
  let atlas: WebGLTexture | null = null;
  let atlasFor: string | undefined;
  /** The prop whose art is being rasterised (after the frame that first asked for it), and when it is done. */
  let building: { id: string; done: Promise<void> } | null = null;
  let rects: [number, number, number, number][] = [];

  /** Rasterises a prop's art and uploads it with its mipmaps, in a task of its own (never inside a frame). */
  function build(id: string): Promise<void> {
    const context = gl;
    return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
      const prop = propById(id);
      if (!prop || context !== gl || !gl || gl.isContextLost()) return;
      const built = buildAtlas(prop);
      gl.bindTexture(gl.TEXTURE_2D, atlas);
      gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, built.canvas);
      gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
      gl.generateMipmap(gl.TEXTURE_2D);
      atlasFor = id;
      rects = built.rects;
    });
  }

  /** Throws StagePending until the prop's art is on the GPU (the frame is not drawn; a photo waits). */
  function needAtlas(id: string): void {
    if (atlasFor === id) return;
    if (building?.id !== id) {
      const job = { id, done: build(id).finally(() => building === job && (building = null)) };
      building = job;
    }
    throw new StagePending(`props:${id}`, building.done);
  }

  return {
    id: 'props',
    init(context) {
      // Everything again after a context restore: the old objects died with the context.
      gl = context;
      quads = null;
      program = new LateProgram(gl, 'props', [propsVert, propsFrag], (info) => {
        quads = new TriangleBatch(context, info.program, [['position', 2], ['art', 2]]);
      });
      readFb = gl.createFramebuffer();
      atlas = gl.createTexture();
      atlasFor = undefined;
      building = null;
      gl.bindTexture(gl.TEXTURE_2D, atlas);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    },
    isActive(frame) {
      return !!propById(frame.inputs.prop) && frame.inputs.faces.length > 0;
    },
    render(ctx, input, frame) {
      const g = ctx.gl;
      const { faces, prop } = frame.inputs;
      const info = program!.need();
      needAtlas(prop);
      const sw = frame.sourceWidth;
      const sh = frame.sourceHeight;
      // The size the filter pass needs (never above the input), keeping the input's aspect.
      const scale = Math.min(1, Math.max(frame.outputWidth / input.width, frame.outputHeight / input.height) || 1);
      const target = ctx.acquireTarget(Math.max(1, Math.round(input.width * scale)), Math.max(1, Math.round(input.height * scale)));
      // The frame first: a framebuffer copy (scaled when the target is smaller).
      g.bindFramebuffer(g.READ_FRAMEBUFFER, readFb);
      g.framebufferTexture2D(g.READ_FRAMEBUFFER, g.COLOR_ATTACHMENT0, g.TEXTURE_2D, input.texture, 0);
      g.bindFramebuffer(g.DRAW_FRAMEBUFFER, target.framebuffer);
      g.blitFramebuffer(0, 0, input.width, input.height, 0, 0, target.width, target.height, g.COLOR_BUFFER_BIT, g.LINEAR);
      g.framebufferTexture2D(g.READ_FRAMEBUFFER, g.COLOR_ATTACHMENT0, g.TEXTURE_2D, null, 0);
      g.bindFramebuffer(g.READ_FRAMEBUFFER, null);
      // Then each part on each face: two triangles, from image pixels (y down) to frame uv (y up).
      const sprites = propSprites(faces, propById(prop), sw, sh);
      const verts = new Float32Array(sprites.length * 6 * VERTEX_FLOATS);
      sprites.forEach((s, k) => {
        const [x, y, w, h] = rects[s.part]!;
        const corners = spriteCorners(s);
        const arts = [[x, y], [x + w, y], [x, y + h], [x + w, y + h]];
        [0, 1, 2, 2, 1, 3].forEach((c, j) => {
          const o = (k * 6 + j) * VERTEX_FLOATS;
          verts[o] = corners[c]![0] / sw;
          verts[o + 1] = 1 - corners[c]![1] / sh;
          verts[o + 2] = arts[c]![0]!;
          verts[o + 3] = arts[c]![1]!;
        });
      });
      g.bindFramebuffer(g.FRAMEBUFFER, target.framebuffer);
      g.viewport(0, 0, target.width, target.height);
      g.useProgram(info.program);
      twgl.setUniforms(info, { u_atlas: atlas! });
      g.enable(g.BLEND);
      g.blendFunc(g.ONE, g.ONE_MINUS_SRC_ALPHA);
      quads!.draw(verts);
      g.disable(g.BLEND);
      return target;
    },
    dispose() {
      if (gl) {
        gl.deleteTexture(atlas);
        quads?.dispose();
        gl.deleteFramebuffer(readFb);
      }
      atlas = null;
      atlasFor = undefined;
    },
  };
}

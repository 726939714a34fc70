/**
 * A prop's parts rasterised from their vector art (art.ts) into one canvas, stacked top to bottom
 * with a gap, ART_WIDTH wide: the stage uploads it as one texture (with mipmaps, for small faces).
 */
import { drawArt } from './art';
import { ART_WIDTH, type PropDef } from './meta';

const GAP = 16;

export interface PropAtlas {
  canvas: OffscreenCanvas | HTMLCanvasElement;
  /** Each part's rectangle in the texture, as fractions: x, y (from the top), width, height. */
  rects: [number, number, number, number][];
}

function makeCanvas(w: number, h: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(w, h);
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  return c;
}

export function buildAtlas(prop: PropDef): PropAtlas {
  const heights = prop.parts.map((p) => Math.ceil(ART_WIDTH * p.aspect));
  const total = heights.reduce((a, b) => a + b + GAP, -GAP);
  const canvas = makeCanvas(ART_WIDTH, total);
  const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
  const rects: PropAtlas['rects'] = [];
  let y = 0;
  prop.parts.forEach((part, i) => {
    ctx.save();
    ctx.translate(0, y);
    ctx.scale(ART_WIDTH, ART_WIDTH);
    drawArt(part.art, ctx, part.aspect);
    ctx.restore();
    rects.push([0, y / total, 1, heights[i]! / total]);
    y += heights[i]! + GAP;
  });
  return { canvas, rects };
}

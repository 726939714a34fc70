/**
 * Drawing a custom template's own layers: a photo slot with its corner radius and border, a text
 * line with its tokens filled in, a picture (a logo) fitted to its box, and pictures that cover
 * the paper (background, overlay). The built-in looks (polaroid card, film, comic) are in
 * `../compose.ts`, unchanged.
 */
import type { Ctx2D } from '../draw';
import { cssFont } from './fonts';
import type { Box, PhotoLayer, Template, TextLayer } from './model';

/** A decoded picture or photo: an ImageBitmap (worker) or any drawable with its size. */
export interface Drawable {
  image: CanvasImageSource;
  width: number;
  height: number;
}

/** Pixels per point of the printed paper on a canvas `w` pixels wide. */
export const pxPerPoint = (t: Template, w: number) => w / (t.paper.w * 72);

/** Runs `draw` with the canvas turned about the box's centre; gets the box in pixels. */
export function inBox(ctx: Ctx2D, box: Box, w: number, h: number, draw: (x: number, y: number, bw: number, bh: number) => void) {
  const x = box.x * w;
  const y = box.y * h;
  const bw = box.w * w;
  const bh = box.h * h;
  ctx.save();
  if (box.rotation) {
    ctx.translate(x + bw / 2, y + bh / 2);
    ctx.rotate((box.rotation * Math.PI) / 180);
    ctx.translate(-(x + bw / 2), -(y + bh / 2));
  }
  draw(x, y, bw, bh);
  ctx.restore();
}

function roundedRect(ctx: Ctx2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  if (r > 0) ctx.roundRect(x, y, w, h, Math.min(r, w / 2, h / 2));
  else ctx.rect(x, y, w, h);
}

/** A custom slot's radius and border around a photo drawn by `fill` (cover-cropped by the caller). */
export function paintSlot(ctx: Ctx2D, t: Template, slot: PhotoLayer, w: number, x: number, y: number, sw: number, sh: number, fill: () => void) {
  const ppt = pxPerPoint(t, w);
  const r = slot.radius * ppt;
  ctx.save();
  roundedRect(ctx, x, y, sw, sh, r);
  ctx.clip();
  fill();
  ctx.restore();
  const bw = slot.border.width * ppt;
  if (bw > 0) {
    ctx.strokeStyle = slot.border.color;
    ctx.lineWidth = bw;
    roundedRect(ctx, x + bw / 2, y + bw / 2, sw - bw, sh - bw, Math.max(0, r - bw / 2));
    ctx.stroke();
  }
}

/** The words a text layer shows, its tokens filled in. */
export function fillTokens(content: string, values: { date: string; time: string; caption: string }): string {
  return content.replace(/\{(date|time|caption)\}/g, (_, k: 'date' | 'time' | 'caption') => values[k]);
}

/** A text layer: each line at the layer's size, shrunk to fit the box's width if it must, centred vertically. */
export function paintText(ctx: Ctx2D, t: Template, layer: TextLayer, text: string, w: number, h: number) {
  const lines = text.split('\n');
  if (!text.trim()) return;
  inBox(ctx, layer, w, h, (x, y, bw, bh) => {
    let px = layer.size * pxPerPoint(t, w);
    ctx.font = cssFont(layer.font, layer.bold, px);
    const widest = Math.max(...lines.map((l) => ctx.measureText(l).width));
    if (widest > bw) {
      px = Math.max(1, (px * bw) / widest);
      ctx.font = cssFont(layer.font, layer.bold, px);
    }
    ctx.fillStyle = layer.color;
    ctx.textAlign = layer.align;
    ctx.textBaseline = 'middle';
    const lineH = px * 1.2;
    const top = y + bh / 2 - ((lines.length - 1) * lineH) / 2;
    const tx = layer.align === 'left' ? x : layer.align === 'right' ? x + bw : x + bw / 2;
    lines.forEach((line, i) => ctx.fillText(line, tx, top + i * lineH));
  });
}

/** A picture fitted inside a rectangle, its shape kept (object-fit: contain). */
export function drawContain(ctx: Ctx2D, pic: Drawable, x: number, y: number, w: number, h: number) {
  const s = Math.min(w / pic.width, h / pic.height);
  const dw = pic.width * s;
  const dh = pic.height * s;
  ctx.drawImage(pic.image, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh);
}

/** A picture covering a rectangle, cropped from its middle (object-fit: cover). */
export function drawCoverMiddle(ctx: Ctx2D, pic: Drawable, x: number, y: number, w: number, h: number) {
  const s = Math.max(w / pic.width, h / pic.height);
  const sw = w / s;
  const sh = h / s;
  ctx.drawImage(pic.image, (pic.width - sw) / 2, (pic.height - sh) / 2, sw, sh, x, y, w, h);
}

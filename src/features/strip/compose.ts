import { coverCrop } from './crop';
import { luminance, type Ctx2D } from './draw';
import { frameById } from './frames';
import { drawSticker, type PlacedSticker } from './stickers';
import type { CaptionLayer, PhotoLayer, Template } from './template/model';
import { drawContain, drawCoverMiddle, fillTokens, inBox, paintSlot, paintText, type Drawable } from './template/paint';

/** Everything that decides how a strip looks: the one input of the composer. */
export interface StripDesign {
  /** Paper, background and layers: a built-in layout's template or the host's own. */
  template: Template;
  /** The pictures the template draws, by key (a custom template's logo, overlay, background). */
  pictures: Record<string, Blob>;
  /** The frame the template's frame layer draws. */
  frameId: string;
  stickers: PlacedSticker[];
  caption: string;
  /** The date, already formatted in the visitor's language ('' for none: the caption block leaves it out). */
  dateText: string;
  /** The date and time for a template's `{date}` and `{time}`, always given. */
  tokens: { date: string; time: string };
  /** The magazine layout's masthead, translated. */
  masthead: string;
}

/** A decoded photo: an ImageBitmap (worker) or any drawable with its size. */
export interface PhotoSource {
  image: CanvasImageSource;
  width: number;
  height: number;
  /** Where the faces are (0..1 of the photo): a crop keeps them, instead of the middle. */
  focus?: { x: number; y: number };
}


/** Draws `photo` to fill the rectangle, cropped around its faces (coverCrop). */
function drawCover(ctx: Ctx2D, photo: PhotoSource, x: number, y: number, w: number, h: number) {
  const { sx, sy, sw, sh } = coverCrop(photo.width, photo.height, w, h, photo.focus);
  ctx.drawImage(photo.image, sx, sy, sw, sh, x, y, w, h);
}

function drawFilmBase(ctx: Ctx2D, w: number, h: number) {
  const x0 = w * 0.06;
  const x1 = w * 0.94;
  ctx.fillStyle = '#1c1917';
  ctx.fillRect(x0, 0, x1 - x0, h);
  // Sprocket holes down both sides.
  ctx.fillStyle = '#f5f5f4';
  const hole = w * 0.045;
  const step = hole * 2.2;
  for (let y = step / 2; y < h; y += step) {
    for (const x of [x0 + w * 0.035, x1 - w * 0.035 - hole]) ctx.fillRect(x, y, hole, hole * 1.3);
  }
}

function drawPhotoInSlot(ctx: Ctx2D, t: Template, photo: PhotoSource, slot: PhotoLayer, w: number, h: number) {
  const unit = Math.min(w, h) / 100;
  inBox(ctx, slot, w, h, (x, y, sw, sh) => {
    switch (slot.style) {
      case 'polaroid': {
        const pad = unit * 2.2;
        ctx.fillStyle = 'rgba(0,0,0,0.18)';
        ctx.fillRect(x - pad + unit * 0.8, y - pad + unit * 0.8, sw + pad * 2, sh + pad * 4.5);
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(x - pad, y - pad, sw + pad * 2, sh + pad * 4.5);
        // A hairline edge, so a white card still reads on a white background.
        ctx.strokeStyle = 'rgba(0,0,0,0.12)';
        ctx.lineWidth = unit * 0.2;
        ctx.strokeRect(x - pad, y - pad, sw + pad * 2, sh + pad * 4.5);
        drawCover(ctx, photo, x, y, sw, sh);
        break;
      }
      case 'collage': {
        const pad = unit * 1.5;
        ctx.fillStyle = 'rgba(0,0,0,0.2)';
        ctx.fillRect(x + unit, y + unit, sw, sh);
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(x - pad, y - pad, sw + pad * 2, sh + pad * 2);
        drawCover(ctx, photo, x, y, sw, sh);
        break;
      }
      case 'comic':
        drawCover(ctx, photo, x, y, sw, sh);
        ctx.strokeStyle = '#111111';
        ctx.lineWidth = unit * 1.4;
        ctx.strokeRect(x, y, sw, sh);
        break;
      default:
        if (slot.radius || slot.border.width) paintSlot(ctx, t, slot, w, x, y, sw, sh, () => drawCover(ctx, photo, x, y, sw, sh));
        else drawCover(ctx, photo, x, y, sw, sh);
    }
    if (slot.tint) {
      ctx.fillStyle = slot.tint;
      ctx.fillRect(x, y, sw, sh);
    }
  });
}

function fitFont(ctx: Ctx2D, text: string, weight: string, maxSize: number, maxWidth: number): number {
  let size = maxSize;
  ctx.font = `${weight} ${size}px system-ui, sans-serif`;
  const width = ctx.measureText(text).width;
  if (width > maxWidth) size = Math.max(maxSize * 0.3, (size * maxWidth) / width);
  ctx.font = `${weight} ${size}px system-ui, sans-serif`;
  return size;
}

function drawCaption(ctx: Ctx2D, layer: CaptionLayer, design: StripDesign, w: number, h: number) {
  const lines = [design.caption.trim(), design.dateText].filter(Boolean);
  if (!lines.length) return;
  const box = { x: layer.x * w, y: layer.y * h, w: layer.w * w, h: layer.h * h };
  // The vintage film's caption sits on the dark film base, whatever the background colour.
  let ink = layer.look === 'light' || luminance(design.template.background.color) <= 0.5 ? '#ffffff' : '#1f1720';
  if (layer.look === 'comic') {
    ctx.fillStyle = '#fef08a';
    ctx.fillRect(box.x, box.y, box.w, box.h);
    ctx.strokeStyle = '#111111';
    ctx.lineWidth = Math.min(w, h) / 100;
    ctx.strokeRect(box.x, box.y, box.w, box.h);
    ink = '#111111';
  }
  ctx.fillStyle = ink;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const lineH = box.h / (lines.length === 2 ? 2.4 : 1.6);
  lines.forEach((text, i) => {
    const isCaption = i === 0 && design.caption.trim() !== '';
    fitFont(ctx, text, isCaption ? '700' : '500', lineH * (isCaption ? 0.8 : 0.55), box.w * 0.94);
    const cy = box.y + box.h / 2 + (lines.length === 2 ? (i - 0.5) * lineH : 0);
    ctx.fillText(text, box.x + box.w / 2, cy);
  });
}

function drawMasthead(ctx: Ctx2D, text: string, w: number, h: number) {
  const size = fitFont(ctx, text.toUpperCase(), '900', h * 0.085, w * 0.9);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.fillStyle = 'rgba(0,0,0,0.35)';
  ctx.fillText(text.toUpperCase(), w / 2 + size * 0.04, h * 0.02 + size * 0.04);
  ctx.fillStyle = '#ffffff';
  ctx.fillText(text.toUpperCase(), w / 2, h * 0.02);
}

/**
 * Renders a strip onto a `w`×`h` canvas: the template's background, then its layers bottom to top
 * (photo slots, text, pictures, the overlay, the masthead, the frame, the caption block), then the
 * visitor's stickers. The on-screen preview, every export, print, the moving strip and the event
 * booth call this one function. `pictures` are the template's pictures, decoded (a missing one is
 * left out); a slot whose shot was not taken stays empty.
 */
export function composeStrip(
  ctx: Ctx2D,
  design: StripDesign,
  photos: PhotoSource[],
  w: number,
  h: number,
  pictures: ReadonlyMap<string, Drawable> = new Map(),
) {
  const t = design.template;
  ctx.save();
  ctx.imageSmoothingQuality = 'high';
  ctx.fillStyle = t.background.color;
  ctx.fillRect(0, 0, w, h);
  const backdrop = pictures.get(t.background.picture);
  if (backdrop) drawCoverMiddle(ctx, backdrop, 0, 0, w, h);
  if (t.base === 'film') drawFilmBase(ctx, w, h);
  const values = { ...design.tokens, caption: design.caption.trim() };
  for (const layer of t.layers) {
    switch (layer.kind) {
      case 'photo': {
        const photo = photos[layer.shot];
        if (photo) drawPhotoInSlot(ctx, t, photo, layer, w, h);
        break;
      }
      case 'text':
        paintText(ctx, t, layer, fillTokens(layer.content, values), w, h);
        break;
      case 'picture': {
        const pic = pictures.get(layer.picture);
        if (pic) inBox(ctx, layer, w, h, (x, y, bw, bh) => drawContain(ctx, pic, x, y, bw, bh));
        break;
      }
      case 'overlay': {
        const pic = pictures.get(layer.picture);
        if (pic) ctx.drawImage(pic.image, 0, 0, w, h);
        break;
      }
      case 'masthead':
        if (photos.length) drawMasthead(ctx, design.masthead, w, h);
        break;
      case 'frame':
        frameById(design.frameId).draw(ctx, w, h);
        break;
      case 'caption':
        drawCaption(ctx, layer, design, w, h);
        break;
    }
  }
  for (const sticker of design.stickers) drawSticker(ctx, sticker, w, h);
  ctx.restore();
}

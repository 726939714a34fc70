import { cloudPath, drawSmiley, heartPath, starPath, type Ctx2D } from './draw';
import type { LayoutDef } from './layouts';

/**
 * Stickers: shapes drawn by code (no images), grouped in sets the visitor picks from.
 * Each shape draws itself centred on (0, 0) in a box `s` wide.
 */
export type StickerKind = 'heart' | 'bow' | 'crown' | 'flower' | 'sparkle' | 'star' | 'cat' | 'rainbow' | 'cloud' | 'smiley';

const SHAPES: Record<StickerKind, (ctx: Ctx2D, s: number) => void> = {
  heart: (ctx, s) => {
    ctx.fillStyle = '#f472b6';
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = s * 0.06;
    const p = heartPath(0, s * 0.05, s);
    ctx.stroke(p);
    ctx.fill(p);
  },
  bow: (ctx, s) => {
    ctx.fillStyle = '#ec4899';
    for (const dir of [-1, 1]) {
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.bezierCurveTo(dir * s * 0.2, -s * 0.45, dir * s * 0.55, -s * 0.35, dir * s * 0.5, 0);
      ctx.bezierCurveTo(dir * s * 0.55, s * 0.35, dir * s * 0.2, s * 0.45, 0, 0);
      ctx.fill();
    }
    ctx.fillStyle = '#be185d';
    ctx.beginPath();
    ctx.arc(0, 0, s * 0.12, 0, Math.PI * 2);
    ctx.fill();
  },
  crown: (ctx, s) => {
    ctx.fillStyle = '#facc15';
    ctx.strokeStyle = '#a16207';
    ctx.lineWidth = s * 0.04;
    ctx.beginPath();
    ctx.moveTo(-s * 0.45, s * 0.3);
    ctx.lineTo(-s * 0.45, -s * 0.25);
    ctx.lineTo(-s * 0.2, 0);
    ctx.lineTo(0, -s * 0.4);
    ctx.lineTo(s * 0.2, 0);
    ctx.lineTo(s * 0.45, -s * 0.25);
    ctx.lineTo(s * 0.45, s * 0.3);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = '#ec4899';
    ctx.beginPath();
    ctx.arc(0, s * 0.12, s * 0.08, 0, Math.PI * 2);
    ctx.fill();
  },
  flower: (ctx, s) => {
    ctx.fillStyle = '#f9a8d4';
    for (let i = 0; i < 5; i++) {
      const a = (i * Math.PI * 2) / 5;
      ctx.beginPath();
      ctx.arc(Math.cos(a) * s * 0.25, Math.sin(a) * s * 0.25, s * 0.2, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.fillStyle = '#fde047';
    ctx.beginPath();
    ctx.arc(0, 0, s * 0.15, 0, Math.PI * 2);
    ctx.fill();
  },
  sparkle: (ctx, s) => {
    ctx.fillStyle = '#f0abfc';
    ctx.fill(starPath(0, 0, s * 0.5, 4, 0.25));
    ctx.fillStyle = '#ffffff';
    ctx.fill(starPath(s * 0.3, -s * 0.3, s * 0.15, 4, 0.3));
  },
  star: (ctx, s) => {
    ctx.fillStyle = '#fde047';
    ctx.strokeStyle = '#f59e0b';
    ctx.lineWidth = s * 0.05;
    const p = starPath(0, s * 0.03, s * 0.5);
    ctx.fill(p);
    ctx.stroke(p);
  },
  cat: (ctx, s) => {
    ctx.fillStyle = '#fdba74';
    ctx.beginPath();
    ctx.moveTo(-s * 0.38, -s * 0.05);
    ctx.lineTo(-s * 0.32, -s * 0.45);
    ctx.lineTo(-s * 0.08, -s * 0.25);
    ctx.lineTo(s * 0.08, -s * 0.25);
    ctx.lineTo(s * 0.32, -s * 0.45);
    ctx.lineTo(s * 0.38, -s * 0.05);
    ctx.closePath();
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(0, s * 0.08, s * 0.42, s * 0.34, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#1f2937';
    for (const dx of [-0.15, 0.15]) {
      ctx.beginPath();
      ctx.arc(dx * s, s * 0.02, s * 0.05, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.fillStyle = '#f472b6';
    ctx.beginPath();
    ctx.arc(0, s * 0.14, s * 0.04, 0, Math.PI * 2);
    ctx.fill();
  },
  rainbow: (ctx, s) => {
    const bands = ['#f87171', '#fb923c', '#facc15', '#4ade80', '#60a5fa', '#a78bfa'];
    ctx.lineWidth = s * 0.06;
    bands.forEach((c, i) => {
      ctx.strokeStyle = c;
      ctx.beginPath();
      ctx.arc(0, s * 0.2, s * (0.45 - i * 0.06), Math.PI, 0);
      ctx.stroke();
    });
  },
  cloud: (ctx, s) => {
    ctx.fillStyle = '#e0f2fe';
    ctx.strokeStyle = '#7dd3fc';
    ctx.lineWidth = s * 0.04;
    const p = cloudPath(0, 0, s * 0.8);
    ctx.stroke(p);
    ctx.fill(p);
    ctx.fillStyle = '#0c4a6e';
    for (const dx of [-0.12, 0.12]) {
      ctx.beginPath();
      ctx.arc(dx * s, 0, s * 0.035, 0, Math.PI * 2);
      ctx.fill();
    }
  },
  smiley: (ctx, s) => drawSmiley(ctx, 0, 0, s * 0.45, 'love'),
};

export const STICKER_KINDS = Object.keys(SHAPES) as StickerKind[];

/** The sticker sets the visitor picks from; 'none' places no stickers. */
export const STICKER_SETS: { id: string; kinds: StickerKind[] }[] = [
  { id: 'none', kinds: [] },
  { id: 'girl', kinds: ['bow', 'heart', 'crown', 'flower', 'sparkle'] },
  { id: 'cute', kinds: ['star', 'cat', 'rainbow', 'cloud', 'smiley'] },
];

/** One sticker on the strip: centre (x, y) and size as fractions of the canvas width/height/width. */
export interface PlacedSticker {
  id: string;
  kind: StickerKind;
  x: number;
  y: number;
  size: number;
  rotation: number;
}

export const STICKER_MIN_SIZE = 0.05;
export const STICKER_MAX_SIZE = 0.6;

/** Spots along the edges where a sticker decorates without hiding a face. */
const SPOTS: [number, number, number][] = [
  [0.1, 0.05, -0.25],
  [0.9, 0.28, 0.2],
  [0.1, 0.55, -0.1],
  [0.9, 0.8, 0.3],
  [0.9, 0.56, 0.15],
];

/** Places a set's stickers automatically on a layout. */
export function placeStickers(setId: string, layout: LayoutDef): PlacedSticker[] {
  const set = STICKER_SETS.find((s) => s.id === setId);
  if (!set) return [];
  // Narrow strips get relatively bigger stickers, so they look the same size on paper.
  const size = layout.printInches.w <= 2 ? 0.2 : 0.11;
  return set.kinds.map((kind, i) => {
    const [x, y, rotation] = SPOTS[i % SPOTS.length] as [number, number, number];
    return { id: `${kind}-${i}`, kind, x, y, size, rotation };
  });
}

/** Draws a placed sticker on a `w`×`h` canvas. */
export function drawSticker(ctx: Ctx2D, sticker: PlacedSticker, w: number, h: number) {
  const draw = SHAPES[sticker.kind];
  if (!draw) return;
  ctx.save();
  ctx.translate(sticker.x * w, sticker.y * h);
  ctx.rotate(sticker.rotation);
  draw(ctx, sticker.size * w);
  ctx.restore();
}

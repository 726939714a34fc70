import { cloudPath, heartPath, seeded, starPath, type Ctx2D } from '../strip/draw';
import { BACKDROP_SIZE, type BackdropId } from './meta';

/**
 * The backdrops the project draws itself: vector art by code, like the strip's frames, so they
 * cost no download and stay crisp at any size. Every position is a fraction of the canvas and
 * every size a fraction of its short side, with a fixed number of pieces from a fixed seed: the
 * picker's tiny swatch is the same picture as the 1280×720 texture the stage uploads.
 */

/** One hundredth of the short side: the unit every size below is measured in. */
const unit = (w: number, h: number) => Math.min(w, h) / 100;

/** A gradient from top to bottom through evenly spaced colours. */
function vertical(ctx: Ctx2D, h: number, colours: readonly string[], y0 = 0): CanvasGradient {
  const g = ctx.createLinearGradient(0, y0, 0, h);
  colours.forEach((c, i) => g.addColorStop(i / (colours.length - 1), c));
  return g;
}

/**
 * `n` points spread over the unit square: one per cell of a grid, jittered inside it, so
 * scattered things never clump or leave a hole the way purely random ones do.
 */
function scatter(rnd: () => number, cols: number, rows: number): [number, number][] {
  const out: [number, number][] = [];
  for (let j = 0; j < rows; j++) for (let i = 0; i < cols; i++) out.push([(i + 0.15 + rnd() * 0.7) / cols, (j + 0.15 + rnd() * 0.7) / rows]);
  return out;
}

/** A soft round glow: full colour in the middle, fading to nothing at radius `r`. */
function glow(ctx: Ctx2D, x: number, y: number, r: number, rgb: string, alpha: number, core = 0.55) {
  const g = ctx.createRadialGradient(x, y, 0, x, y, r);
  g.addColorStop(0, `rgb(${rgb} / ${alpha})`);
  g.addColorStop(core, `rgb(${rgb} / ${alpha * 0.85})`);
  g.addColorStop(1, `rgb(${rgb} / 0)`);
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

/** Pastel: a diagonal candy gradient with big soft blobs of light, like a party balloon wall. */
function pastel(ctx: Ctx2D, w: number, h: number) {
  const u = unit(w, h);
  const g = ctx.createLinearGradient(0, 0, w, h);
  g.addColorStop(0, '#fbcfe8');
  g.addColorStop(0.5, '#e9d5ff');
  g.addColorStop(1, '#bae6fd');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  const blobs = ['253 230 138', '167 243 208', '251 207 232', '199 210 254', '255 255 255'];
  const rnd = seeded(11);
  scatter(rnd, 4, 2).forEach(([x, y], i) => glow(ctx, x * w, y * h, u * (28 + rnd() * 22), blobs[i % blobs.length]!, 0.6, 0.3));
  // A light sprinkle of confetti dots keeps it from reading as a plain gradient.
  const dots = ['#f472b6', '#a78bfa', '#38bdf8', '#facc15', '#34d399'];
  scatter(rnd, 12, 6).forEach(([x, y], i) => {
    ctx.fillStyle = dots[i % dots.length]!;
    ctx.globalAlpha = 0.35 + rnd() * 0.3;
    ctx.beginPath();
    ctx.arc(x * w, y * h, u * (0.5 + rnd() * 0.7), 0, Math.PI * 2);
    ctx.fill();
  });
  ctx.globalAlpha = 1;
}

/** Bokeh: out-of-focus party lights (soft discs that add up where they overlap) on a dark warm room. */
function bokeh(ctx: Ctx2D, w: number, h: number) {
  const u = unit(w, h);
  const g = ctx.createRadialGradient(w * 0.5, h * 0.45, 0, w * 0.5, h * 0.45, Math.max(w, h) * 0.75);
  g.addColorStop(0, '#4a1d34');
  g.addColorStop(0.6, '#2a1024');
  g.addColorStop(1, '#120814');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  const lights = ['255 196 80', '255 150 80', '255 110 160', '255 232 190', '255 196 80', '190 130 255'];
  const rnd = seeded(23);
  ctx.globalCompositeOperation = 'lighter';
  // Two layers: big faint discs far away, then smaller brighter ones nearer.
  scatter(rnd, 6, 3).forEach(([x, y], i) => glow(ctx, x * w, y * h, u * (10 + rnd() * 9), lights[i % lights.length]!, 0.12 + rnd() * 0.1, 0.8));
  scatter(rnd, 9, 4).forEach(([x, y], i) => glow(ctx, x * w, y * h, u * (3 + rnd() * 5), lights[(i + 2) % lights.length]!, 0.28 + rnd() * 0.3, 0.75));
  ctx.globalCompositeOperation = 'source-over';
}

/** Studio grey: a paper sweep lit from the front, bright behind the sitter and falling off to the corners. */
function studio(ctx: Ctx2D, w: number, h: number) {
  const g = ctx.createRadialGradient(w * 0.5, h * 0.42, 0, w * 0.5, h * 0.42, Math.hypot(w, h) * 0.6);
  g.addColorStop(0, '#d9dce1');
  g.addColorStop(0.45, '#a3a8b0');
  g.addColorStop(1, '#474c55');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  // Where the paper curves onto the floor it catches a little more light.
  const floor = ctx.createLinearGradient(0, h * 0.7, 0, h);
  floor.addColorStop(0, 'rgb(255 255 255 / 0)');
  floor.addColorStop(0.5, 'rgb(255 255 255 / 0.08)');
  floor.addColorStop(1, 'rgb(0 0 0 / 0.12)');
  ctx.fillStyle = floor;
  ctx.fillRect(0, h * 0.7, w, h * 0.3);
}

/** Hearts: a pink gradient with hearts of every size, a little tilted, some pale and some bright. */
function hearts(ctx: Ctx2D, w: number, h: number) {
  const u = unit(w, h);
  ctx.fillStyle = vertical(ctx, h, ['#fdf2f8', '#fbcfe8', '#f9a8d4']);
  ctx.fillRect(0, 0, w, h);
  const colours = ['#f472b6', '#fb7185', '#ffffff', '#ec4899', '#fda4af', '#e879f9'];
  const rnd = seeded(5);
  scatter(rnd, 9, 5).forEach(([x, y], i) => {
    ctx.save();
    ctx.translate(x * w, y * h);
    ctx.rotate((rnd() - 0.5) * 0.7);
    ctx.globalAlpha = 0.55 + rnd() * 0.4;
    ctx.fillStyle = colours[i % colours.length]!;
    ctx.fill(heartPath(0, 0, u * (4 + rnd() * 9)));
    ctx.restore();
  });
}

/** Night sky: deep blue with stars, a glowing crescent moon and dark hills along the bottom. */
function night(ctx: Ctx2D, w: number, h: number) {
  const u = unit(w, h);
  ctx.fillStyle = vertical(ctx, h, ['#020617', '#172554', '#312e81']);
  ctx.fillRect(0, 0, w, h);
  const rnd = seeded(31);
  // Many pin-prick stars, then a few brighter twinkling ones.
  ctx.fillStyle = '#ffffff';
  scatter(rnd, 20, 9).forEach(([x, y]) => {
    ctx.globalAlpha = 0.35 + rnd() * 0.6;
    ctx.beginPath();
    ctx.arc(x * w, y * h * 0.85, u * (0.15 + rnd() * 0.3), 0, Math.PI * 2);
    ctx.fill();
  });
  ctx.globalAlpha = 1;
  ctx.fillStyle = '#fef9c3';
  scatter(rnd, 5, 2).forEach(([x, y]) => ctx.fill(starPath(x * w, y * h * 0.7, u * (0.9 + rnd() * 0.9), 4, 0.35)));
  // The moon: a glow, then a disc with a second disc cut out of it (even-odd) for the crescent.
  const mx = w * 0.8;
  const my = h * 0.22;
  const r = u * 9;
  glow(ctx, mx, my, r * 3, '254 249 195', 0.18, 0.3);
  ctx.save();
  const cut = new Path2D();
  cut.rect(0, 0, w, h);
  cut.arc(mx + r * 0.45, my - r * 0.2, r * 0.85, 0, Math.PI * 2);
  ctx.clip(cut, 'evenodd');
  ctx.fillStyle = '#fef3c7';
  ctx.beginPath();
  ctx.arc(mx, my, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  // Rolling hills, far (lighter) then near.
  for (const [top, colour] of [
    [0.8, '#1e1b4b'],
    [0.88, '#0f0c29'],
  ] as const) {
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.moveTo(0, h);
    ctx.lineTo(0, h * top);
    ctx.bezierCurveTo(w * 0.25, h * (top - 0.08), w * 0.45, h * (top + 0.06), w * 0.7, h * (top - 0.04));
    ctx.quadraticCurveTo(w * 0.88, h * (top - 0.09), w, h * (top - 0.02));
    ctx.lineTo(w, h);
    ctx.closePath();
    ctx.fill();
  }
}

/** Beach: flat shapes of sky, sun, clouds, sea with a few waves, and sand with a starfish. */
function beach(ctx: Ctx2D, w: number, h: number) {
  const u = unit(w, h);
  const horizon = h * 0.55;
  ctx.fillStyle = vertical(ctx, horizon, ['#38bdf8', '#7dd3fc', '#e0f2fe']);
  ctx.fillRect(0, 0, w, horizon);
  glow(ctx, w * 0.78, h * 0.2, u * 22, '254 240 138', 0.55, 0.35);
  ctx.fillStyle = '#fde047';
  ctx.beginPath();
  ctx.arc(w * 0.78, h * 0.2, u * 9, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = 'rgb(255 255 255 / 0.92)';
  ctx.fill(cloudPath(w * 0.2, h * 0.18, u * 26));
  ctx.fill(cloudPath(w * 0.5, h * 0.3, u * 18));
  // The sea, darker towards the horizon, with a few light wave strokes.
  ctx.fillStyle = vertical(ctx, h * 0.78, ['#0369a1', '#0ea5e9', '#67e8f9'], horizon);
  ctx.fillRect(0, horizon, w, h * 0.25);
  ctx.strokeStyle = 'rgb(255 255 255 / 0.45)';
  ctx.lineWidth = u * 0.6;
  ctx.lineCap = 'round';
  const rnd = seeded(17);
  scatter(rnd, 5, 3).forEach(([x, y]) => {
    const wx = x * w;
    const wy = horizon + y * h * 0.17;
    const len = u * (6 + rnd() * 6);
    ctx.beginPath();
    ctx.moveTo(wx - len / 2, wy);
    ctx.quadraticCurveTo(wx, wy - u * 1.2, wx + len / 2, wy);
    ctx.stroke();
  });
  // Sand with a wavy edge, and a line of foam where the sea meets it.
  const sand = new Path2D();
  sand.moveTo(0, h);
  sand.lineTo(0, h * 0.76);
  sand.bezierCurveTo(w * 0.2, h * 0.72, w * 0.4, h * 0.8, w * 0.6, h * 0.75);
  sand.bezierCurveTo(w * 0.75, h * 0.71, w * 0.9, h * 0.77, w, h * 0.74);
  sand.lineTo(w, h);
  sand.closePath();
  ctx.strokeStyle = 'rgb(255 255 255 / 0.85)';
  ctx.lineWidth = u * 2.2;
  ctx.stroke(sand);
  ctx.fillStyle = vertical(ctx, h, ['#fde68a', '#fcd34d', '#fbbf24'], h * 0.72);
  ctx.fill(sand);
  ctx.save();
  ctx.translate(w * 0.14, h * 0.9);
  ctx.rotate(0.3);
  ctx.fillStyle = '#fb923c';
  ctx.fill(starPath(0, 0, u * 4.5, 5, 0.45));
  ctx.restore();
}

const DRAW: Record<BackdropId, (ctx: Ctx2D, w: number, h: number) => void> = { pastel, bokeh, studio, hearts, night, beach };

/** Draws backdrop `id` over the whole `w`×`h` canvas (opaque: nothing of what was there shows). */
export function drawBackdrop(ctx: Ctx2D, id: BackdropId, w: number, h: number): void {
  ctx.save();
  DRAW[id](ctx, w, h);
  ctx.restore();
}

/** Backdrop `id` on a canvas of its own, for the stage to upload as a texture. */
export function backdropCanvas(id: BackdropId, w = BACKDROP_SIZE.width, h = BACKDROP_SIZE.height): OffscreenCanvas {
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas for the backdrop');
  drawBackdrop(ctx, id, w, h);
  return canvas;
}

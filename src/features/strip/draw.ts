/** Canvas helpers shared by frames, stickers and the composer (on a page canvas or an OffscreenCanvas). */
export type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** A small seeded generator, so decorations land in the same place in the preview and the export. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A heart of width `s` centred on (x, y). */
export function heartPath(x: number, y: number, s: number): Path2D {
  const p = new Path2D();
  const h = s * 0.9;
  p.moveTo(x, y + h * 0.45);
  p.bezierCurveTo(x - s * 0.7, y - h * 0.05, x - s * 0.35, y - h * 0.65, x, y - h * 0.25);
  p.bezierCurveTo(x + s * 0.35, y - h * 0.65, x + s * 0.7, y - h * 0.05, x, y + h * 0.45);
  p.closePath();
  return p;
}

/** A five-pointed star of outer radius `r`. */
export function starPath(x: number, y: number, r: number, points = 5, inner = 0.45): Path2D {
  const p = new Path2D();
  for (let i = 0; i < points * 2; i++) {
    const rad = i % 2 ? r * inner : r;
    const a = -Math.PI / 2 + (i * Math.PI) / points;
    if (i === 0) p.moveTo(x + rad * Math.cos(a), y + rad * Math.sin(a));
    else p.lineTo(x + rad * Math.cos(a), y + rad * Math.sin(a));
  }
  p.closePath();
  return p;
}

/** A puffy cloud of width `w` centred on (x, y). */
export function cloudPath(x: number, y: number, w: number): Path2D {
  const p = new Path2D();
  const r = w / 4;
  for (const [dx, dy, k] of [
    [-1.2, 0.25, 0.8],
    [-0.45, -0.2, 1.05],
    [0.45, -0.1, 0.95],
    [1.2, 0.3, 0.75],
    [0, 0.35, 0.9],
  ] as const) {
    p.moveTo(x + dx * r + k * r, y + dy * r);
    p.arc(x + dx * r, y + dy * r, k * r, 0, Math.PI * 2);
  }
  return p;
}

/** A round smiley of radius `r`. */
export function drawSmiley(ctx: Ctx2D, x: number, y: number, r: number, face: 'smile' | 'wink' | 'love' = 'smile') {
  ctx.fillStyle = '#fcd34d';
  ctx.strokeStyle = '#b45309';
  ctx.lineWidth = r * 0.08;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#422006';
  if (face === 'love') {
    ctx.fillStyle = '#e11d48';
    ctx.fill(heartPath(x - r * 0.35, y - r * 0.2, r * 0.45));
    ctx.fill(heartPath(x + r * 0.35, y - r * 0.2, r * 0.45));
  } else {
    ctx.beginPath();
    ctx.arc(x - r * 0.35, y - r * 0.22, r * 0.12, 0, Math.PI * 2);
    ctx.fill();
    if (face === 'wink') {
      ctx.beginPath();
      ctx.moveTo(x + r * 0.2, y - r * 0.22);
      ctx.lineTo(x + r * 0.5, y - r * 0.22);
      ctx.lineWidth = r * 0.1;
      ctx.strokeStyle = '#422006';
      ctx.stroke();
    } else {
      ctx.beginPath();
      ctx.arc(x + r * 0.35, y - r * 0.22, r * 0.12, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  ctx.beginPath();
  ctx.arc(x, y + r * 0.05, r * 0.55, Math.PI * 0.15, Math.PI * 0.85);
  ctx.lineWidth = r * 0.1;
  ctx.strokeStyle = '#422006';
  ctx.lineCap = 'round';
  ctx.stroke();
}

/** #rrggbb → perceived luminance 0–1, to pick readable caption ink on any background. */
export function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return 1;
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => parseInt(c ?? '0', 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The props' artwork, drawn as vectors (canvas paths) in a box 1 wide and `aspect` tall, so it is
 * as sharp at print size as in the preview: art.ts draws, atlas.ts rasterises at ART_WIDTH.
 * Everything keeps a small transparent margin, so a part's edge never cuts a stroke.
 */
type Ctx = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
type Draw = (ctx: Ctx, aspect: number) => void;

function roundedRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

function heart(ctx: Ctx, cx: number, cy: number, s: number) {
  ctx.beginPath();
  ctx.moveTo(cx, cy + s * 0.9);
  ctx.bezierCurveTo(cx - s * 1.2, cy + s * 0.1, cx - s * 0.9, cy - s * 0.9, cx, cy - s * 0.35);
  ctx.bezierCurveTo(cx + s * 0.9, cy - s * 0.9, cx + s * 1.2, cy + s * 0.1, cx, cy + s * 0.9);
  ctx.closePath();
}

/** Two lenses either side of the bridge, `lens` filling them, `rim` around them. */
function frames(ctx: Ctx, aspect: number, lens: string, rim: string, shape: 'round' | 'heart') {
  const cy = aspect * 0.5;
  const r = aspect * 0.4;
  for (const cx of [0.27, 0.73]) {
    if (shape === 'heart') heart(ctx, cx, cy, r * 1.05);
    else roundedRect(ctx, cx - 0.2, cy - r, 0.4, 2 * r, r * 0.7);
    ctx.fillStyle = lens;
    ctx.fill();
    ctx.lineWidth = 0.028;
    ctx.strokeStyle = rim;
    ctx.stroke();
  }
  // Bridge and the arms' stubs.
  ctx.beginPath();
  ctx.moveTo(0.45, cy - r * 0.35);
  ctx.quadraticCurveTo(0.5, cy - r * 0.7, 0.55, cy - r * 0.35);
  ctx.moveTo(0.07, cy - r * 0.5);
  ctx.lineTo(0.02, cy - r * 0.6);
  ctx.moveTo(0.93, cy - r * 0.5);
  ctx.lineTo(0.98, cy - r * 0.6);
  ctx.lineWidth = 0.024;
  ctx.strokeStyle = rim;
  ctx.stroke();
}

function glint(ctx: Ctx, aspect: number) {
  ctx.fillStyle = 'rgba(255,255,255,0.55)';
  for (const cx of [0.2, 0.66]) {
    ctx.beginPath();
    ctx.ellipse(cx, aspect * 0.36, 0.05, 0.022, -0.5, 0, Math.PI * 2);
    ctx.fill();
  }
}

const ART: Record<string, Draw> = {
  glasses(ctx, a) {
    frames(ctx, a, 'rgba(200,230,255,0.18)', '#1d1d24', 'round');
  },
  sunglasses(ctx, a) {
    frames(ctx, a, 'rgba(16,18,28,0.93)', '#0b0b10', 'round');
    glint(ctx, a);
  },
  heartGlasses(ctx, a) {
    frames(ctx, a, 'rgba(240,40,110,0.72)', '#b0104f', 'heart');
    glint(ctx, a);
  },
  partyHat(ctx, a) {
    const tip = { x: 0.5, y: a * 0.1 };
    ctx.save();
    ctx.beginPath();
    ctx.moveTo(tip.x, tip.y);
    ctx.lineTo(0.9, a * 0.95);
    ctx.quadraticCurveTo(0.5, a * 1.0, 0.1, a * 0.95);
    ctx.closePath();
    ctx.fillStyle = '#7b4ff0';
    ctx.fill();
    ctx.clip();
    // Stripes across the cone.
    ctx.strokeStyle = '#ffd23f';
    ctx.lineWidth = 0.07;
    for (let k = 0; k < 5; k++) {
      ctx.beginPath();
      ctx.moveTo(0, a * (0.3 + k * 0.2));
      ctx.lineTo(1, a * (0.1 + k * 0.2));
      ctx.stroke();
    }
    ctx.restore();
    ctx.beginPath();
    ctx.ellipse(0.5, a * 0.95, 0.42, 0.05, 0, 0, Math.PI * 2);
    ctx.fillStyle = '#ff5d8f';
    ctx.fill();
    ctx.beginPath();
    ctx.arc(tip.x, tip.y, 0.08, 0, Math.PI * 2);
    ctx.fillStyle = '#ff5d8f';
    ctx.fill();
  },
  crown(ctx, a) {
    const base = a * 0.92;
    const top = a * 0.12;
    ctx.beginPath();
    ctx.moveTo(0.08, base);
    ctx.lineTo(0.04, top + a * 0.18);
    ctx.lineTo(0.27, a * 0.5);
    ctx.lineTo(0.5, top);
    ctx.lineTo(0.73, a * 0.5);
    ctx.lineTo(0.96, top + a * 0.18);
    ctx.lineTo(0.92, base);
    ctx.closePath();
    ctx.fillStyle = '#f5c518';
    ctx.fill();
    ctx.lineWidth = 0.02;
    ctx.strokeStyle = '#b8860b';
    ctx.stroke();
    ctx.fillStyle = '#d4a017';
    ctx.fillRect(0.08, base - a * 0.16, 0.84, a * 0.12);
    const jewel = (x: number, y: number, r: number, c: string) => {
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fillStyle = c;
      ctx.fill();
    };
    jewel(0.5, base - a * 0.1, 0.045, '#d7263d');
    jewel(0.28, base - a * 0.1, 0.035, '#1b98e0');
    jewel(0.72, base - a * 0.1, 0.035, '#1b98e0');
    for (const [x, y] of [[0.04, top + a * 0.18], [0.5, top], [0.96, top + a * 0.18]] as const) jewel(x, y, 0.035, '#fff3b0');
  },
  flowerCrown(ctx, a) {
    ctx.beginPath();
    ctx.moveTo(0.04, a * 0.7);
    ctx.quadraticCurveTo(0.5, a * 0.05, 0.96, a * 0.7);
    ctx.lineWidth = 0.025;
    ctx.strokeStyle = '#3c8d2f';
    ctx.stroke();
    const colours = ['#ff7eb6', '#ffd166', '#ffffff', '#c77dff', '#ff9f68'];
    for (let k = 0; k < 9; k++) {
      // Along the stem's curve (the same quadratic Bézier).
      const t = 0.04 + (k / 8) * 0.92;
      const x = (1 - t) ** 2 * 0.04 + 2 * t * (1 - t) * 0.5 + t * t * 0.96;
      const y = (1 - t) ** 2 * a * 0.7 + 2 * t * (1 - t) * a * 0.05 + t * t * a * 0.7;
      const r = 0.045 + (k % 2) * 0.012;
      ctx.fillStyle = colours[k % colours.length]!;
      for (let p = 0; p < 5; p++) {
        const ang = (p / 5) * Math.PI * 2;
        ctx.beginPath();
        ctx.arc(x + Math.cos(ang) * r * 0.8, y + Math.sin(ang) * r * 0.8, r * 0.6, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.beginPath();
      ctx.arc(x, y, r * 0.45, 0, Math.PI * 2);
      ctx.fillStyle = '#f4a300';
      ctx.fill();
    }
  },
  bunnyEars(ctx, a) {
    for (const [cx, tilt] of [[0.3, -0.18], [0.7, 0.18]] as const) {
      ctx.save();
      ctx.translate(cx, a * 0.5);
      ctx.rotate(tilt);
      ctx.beginPath();
      ctx.ellipse(0, 0, 0.13, a * 0.46, 0, 0, Math.PI * 2);
      ctx.fillStyle = '#fafafa';
      ctx.fill();
      ctx.lineWidth = 0.015;
      ctx.strokeStyle = '#c9c9c9';
      ctx.stroke();
      ctx.beginPath();
      ctx.ellipse(0, a * 0.03, 0.065, a * 0.36, 0, 0, Math.PI * 2);
      ctx.fillStyle = '#ffb3c7';
      ctx.fill();
      ctx.restore();
    }
  },
  catEars(ctx, a) {
    for (const side of [-1, 1]) {
      const cx = 0.5 + side * 0.33;
      // The ear, then its pink inside: a triangle leaning outwards, base half-width w, from y0 down to y1.
      for (const [w, lean, y0, y1, fill] of [
        [0.14, 0.05, 0.06, 0.95, '#2b2b2b'],
        [0.075, 0.035, 0.3, 0.88, '#ff9fb8'],
      ] as const) {
        ctx.beginPath();
        ctx.moveTo(cx - w, a * y1);
        ctx.lineTo(cx + side * lean, a * y0);
        ctx.lineTo(cx + w, a * y1);
        ctx.closePath();
        ctx.fillStyle = fill;
        ctx.fill();
      }
    }
  },
  whiskers(ctx, a) {
    ctx.strokeStyle = '#1f1f1f';
    ctx.lineWidth = 0.012;
    ctx.lineCap = 'round';
    for (const side of [-1, 1]) {
      for (const k of [-1, 0, 1]) {
        ctx.beginPath();
        ctx.moveTo(0.5 + side * 0.12, a * (0.55 + k * 0.08));
        ctx.quadraticCurveTo(0.5 + side * 0.3, a * (0.5 + k * 0.12), 0.5 + side * 0.47, a * (0.45 + k * 0.22));
        ctx.stroke();
      }
    }
    ctx.beginPath();
    ctx.moveTo(0.45, a * 0.3);
    ctx.lineTo(0.55, a * 0.3);
    ctx.lineTo(0.5, a * 0.45);
    ctx.closePath();
    ctx.fillStyle = '#ff7aa2';
    ctx.fill();
  },
  moustache(ctx, a) {
    ctx.beginPath();
    ctx.moveTo(0.5, a * 0.3);
    ctx.bezierCurveTo(0.62, a * 0.05, 0.8, a * 0.2, 0.88, a * 0.45);
    ctx.bezierCurveTo(0.95, a * 0.62, 1.0, a * 0.5, 0.97, a * 0.38);
    ctx.bezierCurveTo(0.99, a * 0.82, 0.72, a * 0.95, 0.5, a * 0.62);
    ctx.bezierCurveTo(0.28, a * 0.95, 0.01, a * 0.82, 0.03, a * 0.38);
    ctx.bezierCurveTo(0.0, a * 0.5, 0.05, a * 0.62, 0.12, a * 0.45);
    ctx.bezierCurveTo(0.2, a * 0.2, 0.38, a * 0.05, 0.5, a * 0.3);
    ctx.closePath();
    ctx.fillStyle = '#3b2314';
    ctx.fill();
  },
};

/** Draws a part's art into `ctx`, already scaled so the art box is 1 wide. */
export function drawArt(id: string, ctx: Ctx, aspect: number): void {
  ART[id]?.(ctx, aspect);
}

export const ART_IDS = Object.keys(ART);

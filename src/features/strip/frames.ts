import { cloudPath, drawSmiley, heartPath, seeded, starPath, type Ctx2D } from './draw';

/**
 * Frame styles: vector art drawn by code around the strip's edge, so it stays crisp at any size.
 * Adding a frame = one entry (plus its `strip.frames.<id>` string).
 */
export interface FrameDef {
  id: string;
  /** Draws the frame over the photos onto a `w`×`h` canvas. */
  draw: (ctx: Ctx2D, w: number, h: number) => void;
}

/** Positions spaced along the canvas edge, `inset` from it, about `step` apart. */
function alongEdge(w: number, h: number, inset: number, step: number): [number, number][] {
  const out: [number, number][] = [];
  const nx = Math.max(2, Math.round((w - 2 * inset) / step));
  const ny = Math.max(2, Math.round((h - 2 * inset) / step));
  for (let i = 0; i <= nx; i++) {
    const x = inset + ((w - 2 * inset) * i) / nx;
    out.push([x, inset], [x, h - inset]);
  }
  for (let j = 1; j < ny; j++) {
    const y = inset + ((h - 2 * inset) * j) / ny;
    out.push([inset, y], [w - inset, y]);
  }
  return out;
}

export const FRAMES: FrameDef[] = [
  { id: 'none', draw: () => {} },
  {
    id: 'hearts',
    draw: (ctx, w, h) => {
      const u = Math.min(w, h) / 100;
      ctx.strokeStyle = '#f9a8d4';
      ctx.lineWidth = u * 1.2;
      ctx.strokeRect(u * 2.5, u * 2.5, w - u * 5, h - u * 5);
      const colours = ['#fbcfe8', '#f9a8d4', '#fda4af', '#e9d5ff'];
      alongEdge(w, h, u * 2.5, u * 11).forEach(([x, y], i) => {
        ctx.fillStyle = colours[i % colours.length] as string;
        ctx.fill(heartPath(x, y, u * (i % 3 ? 5 : 7)));
      });
    },
  },
  {
    id: 'clouds',
    draw: (ctx, w, h) => {
      const u = Math.min(w, h) / 100;
      ctx.fillStyle = '#ffffff';
      ctx.strokeStyle = '#bae6fd';
      ctx.lineWidth = u * 0.8;
      alongEdge(w, h, u * 2, u * 16).forEach(([x, y]) => {
        const p = cloudPath(x, y, u * 14);
        ctx.stroke(p);
        ctx.fill(p);
      });
    },
  },
  {
    id: 'party',
    draw: (ctx, w, h) => {
      const u = Math.min(w, h) / 100;
      const colours = ['#f472b6', '#facc15', '#34d399', '#60a5fa', '#a78bfa', '#fb923c'];
      // Bunting across the top.
      const flags = Math.max(5, Math.round(w / (u * 10)));
      const fw = w / flags;
      ctx.strokeStyle = '#6b7280';
      ctx.lineWidth = u * 0.4;
      ctx.beginPath();
      ctx.moveTo(0, u * 1.5);
      ctx.lineTo(w, u * 1.5);
      ctx.stroke();
      for (let i = 0; i < flags; i++) {
        ctx.fillStyle = colours[i % colours.length] as string;
        ctx.beginPath();
        ctx.moveTo(i * fw + fw * 0.08, u * 1.5);
        ctx.lineTo((i + 1) * fw - fw * 0.08, u * 1.5);
        ctx.lineTo((i + 0.5) * fw, u * 7);
        ctx.closePath();
        ctx.fill();
      }
      // Confetti along the sides and bottom, the same every time.
      const rnd = seeded(7);
      const pieces = Math.round((w + h) / (u * 4));
      for (let i = 0; i < pieces; i++) {
        const side = i % 3;
        const x = side === 0 ? rnd() * u * 5 : side === 1 ? w - rnd() * u * 5 : rnd() * w;
        const y = side === 2 ? h - rnd() * u * 5 : u * 8 + rnd() * (h - u * 8);
        ctx.save();
        ctx.translate(x, y);
        ctx.rotate(rnd() * Math.PI);
        ctx.fillStyle = colours[i % colours.length] as string;
        if (i % 2) ctx.fillRect(-u * 0.9, -u * 0.4, u * 1.8, u * 0.8);
        else {
          ctx.beginPath();
          ctx.arc(0, 0, u * 0.7, 0, Math.PI * 2);
          ctx.fill();
        }
        ctx.restore();
      }
    },
  },
  {
    id: 'royal',
    draw: (ctx, w, h) => {
      const u = Math.min(w, h) / 100;
      const gold = '#c8a23a';
      ctx.strokeStyle = gold;
      ctx.lineWidth = u * 1.6;
      ctx.strokeRect(u * 1.5, u * 1.5, w - u * 3, h - u * 3);
      ctx.lineWidth = u * 0.5;
      ctx.strokeRect(u * 4, u * 4, w - u * 8, h - u * 8);
      // Diamonds in the corners.
      ctx.fillStyle = gold;
      for (const [x, y] of [
        [u * 4, u * 4],
        [w - u * 4, u * 4],
        [u * 4, h - u * 4],
        [w - u * 4, h - u * 4],
      ] as const) {
        ctx.beginPath();
        ctx.moveTo(x, y - u * 2.5);
        ctx.lineTo(x + u * 2.5, y);
        ctx.lineTo(x, y + u * 2.5);
        ctx.lineTo(x - u * 2.5, y);
        ctx.closePath();
        ctx.fill();
      }
      // A crown at the top centre.
      const cx = w / 2;
      const cy = u * 4;
      const s = u * 7;
      ctx.beginPath();
      ctx.moveTo(cx - s, cy + s * 0.5);
      ctx.lineTo(cx - s, cy - s * 0.4);
      ctx.lineTo(cx - s * 0.5, cy + s * 0.05);
      ctx.lineTo(cx, cy - s * 0.6);
      ctx.lineTo(cx + s * 0.5, cy + s * 0.05);
      ctx.lineTo(cx + s, cy - s * 0.4);
      ctx.lineTo(cx + s, cy + s * 0.5);
      ctx.closePath();
      ctx.fill();
      ctx.fillStyle = '#b91c1c';
      ctx.beginPath();
      ctx.arc(cx, cy + s * 0.15, s * 0.14, 0, Math.PI * 2);
      ctx.fill();
    },
  },
  {
    id: 'emoji',
    draw: (ctx, w, h) => {
      const u = Math.min(w, h) / 100;
      const faces = ['smile', 'wink', 'love'] as const;
      alongEdge(w, h, u * 4, u * 20).forEach(([x, y], i) => {
        if (i % 2) {
          ctx.fillStyle = '#fde047';
          ctx.fill(starPath(x, y, u * 3));
        } else drawSmiley(ctx, x, y, u * 3.6, faces[(i / 2) % 3] ?? 'smile');
      });
    },
  },
];

export function frameById(id: string): FrameDef {
  return FRAMES.find((f) => f.id === id) ?? (FRAMES[0] as FrameDef);
}

import { useEffect, useRef } from 'react';
import { soon } from '../lib/idle';

/** Draws on a 2D context whose canvas is `w` × `h` device pixels. */
export type Paint = (ctx: CanvasRenderingContext2D, w: number, h: number) => void;

/**
 * A small picture drawn in script (a picker's swatch or icon): `width` × `height` CSS pixels, drawn
 * by `paint` at the screen's pixel density (at most 2×). Drawn soon after it mounts, a few per task
 * (lib/idle `soon`), not all in the task that mounts the screen; again when `paint` changes, so
 * pass one made once.
 */
export function PaintedCanvas({ width, height, paint, className }: { width: number; height: number; paint: Paint; className: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(
    () =>
      soon(() => {
        const canvas = ref.current;
        const ctx = canvas?.getContext('2d');
        if (!canvas || !ctx) return;
        const dpr = Math.min(2, window.devicePixelRatio || 1);
        canvas.width = Math.round(width * dpr);
        canvas.height = Math.round(height * dpr);
        paint(ctx, canvas.width, canvas.height);
      }),
    [paint, width, height],
  );
  return <canvas ref={ref} className={className} style={{ width, height }} aria-hidden="true" />;
}

import { useEffect, useRef } from 'react';
import type { MotionClip } from '../../../state/session';
import { boomerangOrder } from '../clip';
import './motion.css';

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A shot's burst playing as a boomerang on a canvas (as wide as its box), decoded once at `width`
 * CSS pixels. With
 * reduced motion asked for, it shows the shutter's frame and stays still.
 */
export function MotionLoop({ clip, width, label }: { clip: MotionClip; width: number; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const height = Math.round((width * clip.height) / clip.width);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const scale = Math.min(2, window.devicePixelRatio || 1);
    const w = (canvas.width = Math.round(width * scale));
    const h = (canvas.height = Math.round(height * scale));
    let stopped = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const decoded = new Map<Blob, Promise<ImageBitmap>>();
    const frames = clip.frames.map((b) => {
      let p = decoded.get(b);
      if (!p) decoded.set(b, (p = createImageBitmap(b, { resizeWidth: w, resizeHeight: h, resizeQuality: 'medium' })));
      return p;
    });
    void Promise.all(frames)
      .then((bitmaps) => {
        if (stopped) return;
        const order = reducedMotion() ? [clip.shutterIndex] : boomerangOrder(bitmaps.length);
        let i = 0;
        const draw = () => {
          const k = order[i]!;
          ctx.drawImage(bitmaps[k]!, 0, 0);
          canvas.dataset.shown = String(k);
          i = (i + 1) % order.length;
        };
        draw();
        if (order.length > 1) timer = setInterval(draw, 1000 / clip.fps);
      })
      .catch(() => undefined); // a frame that cannot be decoded: the canvas stays empty, the still is beside it
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const p of decoded.values()) void p.then((b) => b.close()).catch(() => undefined);
    };
  }, [clip, width, height]);
  return (
    <canvas
      ref={ref}
      className="motion-loop"
      role="img"
      aria-label={label}
      data-testid="motion-loop"
      data-frames={clip.frames.length}
      data-shutter-index={clip.shutterIndex}
      style={{ aspectRatio: `${clip.width} / ${clip.height}` }}
    />
  );
}

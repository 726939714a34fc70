import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { FRAMES } from '../strip/frames';
import { stripSettingsAtom } from '../strip/state';

/**
 * The strip's frame over the live picture, as a guide while posing: the frame registry's own
 * drawing (the artwork the strip is drawn with), at the picture's size on screen. It is only a
 * guide: the photo itself is taken without it, and the strip draws the frame around the photos.
 */
export function FrameGuide() {
  const { frameId } = useAtomValue(stripSettingsAtom);
  const ref = useRef<HTMLCanvasElement>(null);
  const frame = FRAMES.find((f) => f.id === frameId);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || !frame) return;
    const draw = () => {
      const box = canvas.getBoundingClientRect();
      const scale = Math.min(2, window.devicePixelRatio || 1);
      canvas.width = Math.max(1, Math.round(box.width * scale));
      canvas.height = Math.max(1, Math.round(box.height * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      frame.draw(ctx, canvas.width, canvas.height);
    };
    draw();
    const resized = new ResizeObserver(draw);
    resized.observe(canvas);
    return () => resized.disconnect();
  }, [frame]);
  if (!frame || frame.id === 'none') return null;
  return <canvas ref={ref} className="booth-frame-guide" aria-hidden="true" data-testid="frame-guide" data-frame={frame.id} />;
}

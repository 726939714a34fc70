import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { FRAMES } from '../strip/frames';
import { stripSettingsAtom } from '../strip/state';
import { savedDesign } from '../strip/template/design';
import { photoLayers, type Template } from '../strip/template/model';
import { useSavedDesigns } from '../strip/ui/useSavedDesigns';

type Ctx = CanvasRenderingContext2D;

/**
 * A design of one's own as a guide: the part of the picture its first photo slot keeps (the slot's
 * shape, centred), the rest dimmed, so people stand where the window will show them. The photo
 * itself is taken whole; the strip crops it to the slot around the faces.
 */
function drawSlotGuide(template: Template, ctx: Ctx, w: number, h: number) {
  const slot = photoLayers(template).find((l) => l.shot === 0);
  if (!slot) return;
  const aspect = (slot.w * template.paper.w) / (slot.h * template.paper.h);
  const gw = Math.min(w, h * aspect);
  const gh = gw / aspect;
  const x = (w - gw) / 2;
  const y = (h - gh) / 2;
  ctx.fillStyle = 'rgba(15, 10, 20, 0.45)';
  ctx.beginPath();
  ctx.rect(0, 0, w, h);
  ctx.rect(x, y, gw, gh);
  ctx.fill('evenodd');
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  ctx.setLineDash([w / 60, w / 90]);
  ctx.lineWidth = Math.max(2, w / 300);
  ctx.strokeRect(x, y, gw, gh);
}

/**
 * The strip's frame over the live picture, as a guide while posing: the frame registry's own
 * drawing (the artwork the strip is drawn with), at the picture's size on screen; for a design of
 * one's own, the first slot's window. It is only a guide: the photo itself is taken without it.
 */
export function FrameGuide() {
  const { frameId, layoutId } = useAtomValue(stripSettingsAtom);
  const own = savedDesign(layoutId, useSavedDesigns())?.template ?? null;
  const ref = useRef<HTMLCanvasElement>(null);
  const frame = own ? null : FRAMES.find((f) => f.id === frameId && f.id !== 'none');
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || (!frame && !own)) return;
    const draw = () => {
      const box = canvas.getBoundingClientRect();
      const scale = Math.min(2, window.devicePixelRatio || 1);
      canvas.width = Math.max(1, Math.round(box.width * scale));
      canvas.height = Math.max(1, Math.round(box.height * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      if (own) drawSlotGuide(own, ctx, canvas.width, canvas.height);
      else frame?.draw(ctx, canvas.width, canvas.height);
    };
    draw();
    const resized = new ResizeObserver(draw);
    resized.observe(canvas);
    return () => resized.disconnect();
  }, [frame, own]);
  if (!frame && !own) return null;
  return <canvas ref={ref} className="booth-frame-guide" aria-hidden="true" data-testid="frame-guide" data-frame={own ? 'design' : frame?.id} />;
}

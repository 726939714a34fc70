import { composeStrip as composeV1, type StripDesign as DesignV1 } from '../../tests/legacy/composeV1';
import { composeStrip, type PhotoSource } from '../features/strip/compose';
import { FRAMES } from '../features/strip/frames';
import { LAYOUTS } from '../features/strip/layouts';
import { builtinTemplate } from '../features/strip/template/builtins';

/** A photo of shapes and gradients, different for each `i`, so a photo in the wrong slot shows. */
export function testPhoto(i: number, w: number, h: number): PhotoSource {
  const c = new OffscreenCanvas(w, h);
  const g = c.getContext('2d')!;
  const grad = g.createLinearGradient(0, 0, w, h);
  grad.addColorStop(0, `hsl(${i * 47} 80% 60%)`);
  grad.addColorStop(1, `hsl(${i * 47 + 120} 70% 30%)`);
  g.fillStyle = grad;
  g.fillRect(0, 0, w, h);
  g.fillStyle = '#fff';
  g.beginPath();
  g.arc(w * 0.5, h * 0.4, Math.min(w, h) * 0.2, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = '#000';
  g.font = `${h / 5}px sans-serif`;
  g.fillText(String(i + 1), w * 0.1, h * 0.9);
  return { image: c.transferToImageBitmap(), width: w, height: h, focus: { x: 0.5, y: 0.4 } };
}

export interface LegacyDiff {
  case: string;
  /** Pixels (of width × height) whose colour differs at all, and the largest channel difference. */
  differing: number;
  maxDelta: number;
}

/**
 * Every built-in layout (for 1, 3, 4 and 8 photos) and every frame, drawn by the composer before
 * templates and by the template composer on the same photos: how many pixels differ.
 */
export function compareLegacyStrips(): LegacyDiff[] {
  const photos = Array.from({ length: 8 }, (_, i) => (i % 2 ? testPhoto(i, 480, 640) : testPhoto(i, 640, 480)));
  const cases: { layoutId: string; count: number; frameId: string; background: string }[] = [];
  for (const l of LAYOUTS) for (const count of [1, 3, 4, 8]) cases.push({ layoutId: l.id, count, frameId: 'none', background: count % 2 ? '#ffffff' : '#1f2937' });
  for (const f of FRAMES) for (const l of LAYOUTS) cases.push({ layoutId: l.id, count: 4, frameId: f.id, background: '#fdf2f8' });
  return cases.map((c) => {
    const size = c.layoutId === 'classic' || c.layoutId === 'vintage' ? { w: 400, h: 1200 } : { w: 800, h: 1200 };
    const shots = photos.slice(0, c.count);
    const old: DesignV1 = { layoutId: c.layoutId, background: c.background, frameId: c.frameId, stickers: [], caption: 'Ana & Luis', dateText: '27 November 2026', masthead: 'Photobooth' };
    const a = new OffscreenCanvas(size.w, size.h);
    composeV1(a.getContext('2d')!, old, shots, size.w, size.h);
    const b = new OffscreenCanvas(size.w, size.h);
    composeStrip(
      b.getContext('2d')!,
      {
        template: builtinTemplate(c.layoutId, c.count, c.background),
        pictures: {},
        frameId: c.frameId,
        stickers: [],
        caption: old.caption,
        dateText: old.dateText,
        tokens: { date: old.dateText, time: '10:00' },
        masthead: old.masthead,
      },
      shots,
      size.w,
      size.h,
    );
    const pa = a.getContext('2d')!.getImageData(0, 0, size.w, size.h).data;
    const pb = b.getContext('2d')!.getImageData(0, 0, size.w, size.h).data;
    let differing = 0;
    let maxDelta = 0;
    for (let i = 0; i < pa.length; i += 4) {
      let d = 0;
      for (let k = 0; k < 3; k++) d = Math.max(d, Math.abs(pa[i + k]! - pb[i + k]!));
      if (d) differing++;
      maxDelta = Math.max(maxDelta, d);
    }
    return { case: `${c.layoutId} ×${c.count} frame ${c.frameId} on ${c.background}`, differing, maxDelta };
  });
}

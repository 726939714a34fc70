import { composeStrip, type PhotoSource } from '../strip/compose';
import { PictureCache, templateResources } from '../strip/template/resources';
import type { Ctx2D } from '../strip/draw';
import { boomerangOrder } from './clip';
import type { MotionCell, MotionSpec } from './protocol';

/** The frames of an export: how many, their size, and how to draw frame i. */
export interface FrameSequence {
  width: number;
  height: number;
  fps: number;
  count: number;
  draw(ctx: Ctx2D, i: number): Promise<void>;
  dispose(): void;
}

const decode = (blob: Blob) => createImageBitmap(blob);

/** One shot's boomerang at the burst's own size. */
function boomerang(spec: Extract<MotionSpec, { kind: 'boomerang' }>): FrameSequence {
  const { clip } = spec;
  const order = boomerangOrder(clip.frames.length);
  return {
    width: clip.width,
    height: clip.height,
    fps: clip.fps,
    count: order.length,
    async draw(ctx, i) {
      const bitmap = await decode(clip.frames[order[i]!]!);
      ctx.drawImage(bitmap, 0, 0, clip.width, clip.height);
      bitmap.close();
    },
    dispose() {},
  };
}

/**
 * The strip with every cell looping its own boomerang (a shot without a burst stays still), drawn
 * by the strip's own composer frame by frame: layout, frame, stickers and caption as in the JPG.
 * Burst frames are decoded as they are drawn and freed at once (a strip of eight bursts would hold
 * ~200 MB of bitmaps otherwise); stills are decoded once.
 */
function strip(spec: Extract<MotionSpec, { kind: 'strip' }>): FrameSequence {
  const loops = spec.cells.map((c) => (c.clip ? boomerangOrder(c.clip.frames.length) : null));
  const lengths = loops.map((l) => l?.length ?? 0);
  const stills = new Map<number, Promise<ImageBitmap>>();
  const fps = spec.cells.find((c) => c.clip)?.clip?.fps ?? 15;
  const cache = new PictureCache();
  // The template's pictures and fonts, made ready once for the whole export (not frame by frame).
  let resources: ReturnType<typeof templateResources> | null = null;
  const cellFrame = async (cell: MotionCell, c: number, i: number) => {
    const loop = loops[c];
    if (cell.clip && loop) return decode(cell.clip.frames[loop[i % loop.length]!]!);
    let still = stills.get(c);
    if (!still) stills.set(c, (still = decode(cell.still)));
    return still;
  };
  return {
    width: spec.width,
    height: spec.height,
    fps,
    count: Math.max(1, ...lengths),
    async draw(ctx, i) {
      const [bitmaps, pictures] = await Promise.all([
        Promise.all(spec.cells.map((cell, c) => cellFrame(cell, c, i))),
        (resources ??= templateResources(cache, spec.design.template, spec.design.pictures)),
      ]);
      const sources: PhotoSource[] = bitmaps.map((b, c) => ({ image: b, width: b.width, height: b.height, focus: spec.cells[c]!.focus }));
      composeStrip(ctx, spec.design, sources, spec.width, spec.height, pictures);
      bitmaps.forEach((b, c) => spec.cells[c]!.clip && b.close());
    },
    dispose() {
      for (const s of stills.values()) void s.then((b) => b.close()).catch(() => undefined);
      cache.dispose();
    },
  };
}

export function frameSequence(spec: MotionSpec): FrameSequence {
  return spec.kind === 'boomerang' ? boomerang(spec) : strip(spec);
}

/**
 * Draws the design on the designer's canvas with the composer's own `composeStrip` (what the canvas
 * shows is what the strip's JPG shows), at most once a frame, at the canvas's display size. The
 * visitor's photos fill the slots (decoded once, closed when gone); a shot not taken yet shows a
 * grey placeholder with its number, so every slot can be seen. Pictures are decoded once by key, and
 * the text's fonts redraw the strip when they arrive.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { composeStrip, type PhotoSource, type StripDesign } from '../../strip/compose';
import { shotsNeeded, type Template } from '../../strip/template/model';
import type { Drawable } from '../../strip/template/paint';
import { PictureCache, templateFonts } from '../../strip/template/resources';
import type { CapturedPhoto } from '../../../state/session';

/** The canvas's long side, in pixels, at most. */
const MAX_LONG_SIDE = 1000;

const placeholders = new Map<number, PhotoSource>();
/** A soft grey square with the shot's number (cropped from its middle to any slot's shape). */
function placeholder(n: number): PhotoSource {
  let p = placeholders.get(n);
  if (!p) {
    const c = document.createElement('canvas');
    c.width = c.height = 600;
    const ctx = c.getContext('2d');
    if (ctx) {
      ctx.fillStyle = '#e9e3e7';
      ctx.fillRect(0, 0, 600, 600);
      ctx.fillStyle = '#8d7f8a';
      ctx.font = '600 150px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(n), 300, 310);
    }
    p = { image: c, width: 600, height: 600 };
    placeholders.set(n, p);
  }
  return p;
}

/** The visitor's photos decoded once each (by id), closed when they go or the screen closes. */
function useDecodedPhotos(photos: CapturedPhoto[]): Map<string, PhotoSource> {
  const cache = useRef(new Map<string, Promise<ImageBitmap | null>>());
  const [decoded, setDecoded] = useState(() => new Map<string, PhotoSource>());
  const mounted = useRef(true);
  useEffect(() => {
    const ids = new Set(photos.map((p) => p.id));
    for (const [id, bitmap] of cache.current) {
      if (ids.has(id)) continue;
      cache.current.delete(id);
      void bitmap.then((b) => b?.close());
    }
    for (const p of photos) {
      if (cache.current.has(p.id)) continue;
      const bitmap = createImageBitmap(p.blob).catch(() => null);
      cache.current.set(p.id, bitmap);
      void bitmap.then((b) => {
        if (b && mounted.current && cache.current.get(p.id) === bitmap) setDecoded((m) => new Map(m).set(p.id, { image: b, width: b.width, height: b.height, focus: p.focus }));
      });
    }
  }, [photos]);
  useEffect(() => {
    const all = cache.current;
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const b of all.values()) void b.then((x) => x?.close());
      all.clear();
    };
  }, []);
  return decoded;
}

/** The template's pictures, decoded (by key, once each). */
function useDecodedPictures(template: Template, pictures: Record<string, Blob>): Map<string, Drawable> {
  const cache = useRef<PictureCache | null>(null);
  const [decoded, setDecoded] = useState(() => new Map<string, Drawable>());
  const keys = [template.background.picture, ...template.layers.map((l) => ('picture' in l ? l.picture : ''))].join(',');
  useEffect(() => {
    let live = true;
    cache.current ??= new PictureCache();
    void cache.current.for(template, pictures).then((m) => live && setDecoded(m));
    return () => {
      live = false;
    };
    // Only a change of which pictures are drawn needs decoding.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys, pictures]);
  useEffect(
    () => () => {
      cache.current?.dispose();
      cache.current = null;
    },
    [],
  );
  return decoded;
}

/** A count that goes up when the template's fonts have loaded (so the strip is drawn again in them). */
function useFontsReady(template: Template): number {
  const [ready, setReady] = useState(0);
  const fonts = template.layers.flatMap((l) => (l.kind === 'text' ? [l.font] : [])).sort().join(',');
  useEffect(() => {
    let live = true;
    void templateFonts(template).then(() => live && setReady((n) => n + 1));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fonts]);
  return ready;
}

/** The canvas's size in pixels for a display size: sharp on a dense screen, the long side held. */
export function canvasSize(cssW: number, cssH: number, dpr: number): { w: number; h: number } {
  const s = Math.min(dpr, MAX_LONG_SIDE / Math.max(cssW, cssH, 1));
  return { w: Math.max(1, Math.round(cssW * s)), h: Math.max(1, Math.round(cssH * s)) };
}

export function useStripRender(canvasRef: RefObject<HTMLCanvasElement | null>, design: StripDesign, photos: CapturedPhoto[], display: { w: number; h: number } | null) {
  const decodedPhotos = useDecodedPhotos(photos);
  const pictures = useDecodedPictures(design.template, design.pictures);
  const fontsReady = useFontsReady(design.template);
  const latest = useRef({ design, photos, decodedPhotos, pictures, display });
  latest.current = { design, photos, decodedPhotos, pictures, display };
  const frame = useRef(0);
  const renders = useRef(0);

  useEffect(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const canvas = canvasRef.current;
      const { design: d, photos: ps, decodedPhotos: dp, pictures: pics, display: size } = latest.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx || !size) return;
      const { w, h } = canvasSize(size.w, size.h, window.devicePixelRatio || 1);
      if (canvas.width !== w) canvas.width = w;
      if (canvas.height !== h) canvas.height = h;
      const shots = Math.max(shotsNeeded(d.template), ps.length);
      const sources = Array.from({ length: shots }, (_, i) => {
        const p = ps[i];
        return (p && dp.get(p.id)) || placeholder(i + 1);
      });
      ctx.clearRect(0, 0, w, h);
      composeStrip(ctx, d, sources, w, h, pics);
      renders.current += 1;
      canvas.dataset.renders = String(renders.current);
    });
  }, [canvasRef, design, photos, decodedPhotos, pictures, fontsReady, display]);

  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    },
    [],
  );
}

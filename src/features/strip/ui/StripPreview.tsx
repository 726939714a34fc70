import { useAtom, useAtomValue } from 'jotai';
import { movingStripAtom } from '../../../state/session';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { stripSettingsAtom } from '../state';
import type { StripProps } from './stripProps';
import { previewSize, takeDrawn } from '../ready';
import { STICKER_MAX_SIZE, STICKER_MIN_SIZE, type PlacedSticker } from '../stickers';

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * The live strip: the composer draws it (in its worker) at preview size, and a layer of buttons
 * over it lets the visitor move, resize and remove each sticker with a pointer or the keyboard.
 * While the moving strip plays (movingStripAtom), its file is shown over the still.
 */
export function StripPreview({
  composer,
  design,
  photos,
}: StripProps) {
  const { t } = useI18n();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  // How many strips have been drawn, and which layout the last one had (tests wait on it).
  const [drawn, setDrawn] = useState({ count: 0, layoutId: '' });
  const [failed, setFailed] = useState(false);
  const moving = useAtomValue(movingStripAtom);
  const { width, height } = previewSize(design.template.paper);

  // Latest wins: while one render is in flight, only the newest request waits behind it.
  const inFlight = useRef(false);
  const queued = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!composer) return;
    let cancelled = false;
    const run = () => {
      inFlight.current = true;
      // The strip the booth drew ahead while the photos were taken, when it is this very one.
      const render = () => composer.renderBitmap(design, photos, width, height);
      const ahead = takeDrawn(design, photos, width, height);
      (ahead ? ahead.then((bitmap) => bitmap ?? render()) : render())
        .then((bitmap) => {
          const canvas = canvasRef.current;
          if (!cancelled && canvas) {
            canvas.width = width;
            canvas.height = height;
            canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
            setDrawn((d) => ({ count: d.count + 1, layoutId: design.template.id }));
            setFailed(false);
          }
          bitmap.close();
        })
        .catch(() => !cancelled && setFailed(true))
        .finally(() => {
          inFlight.current = false;
          const next = queued.current;
          queued.current = null;
          next?.();
        });
    };
    if (inFlight.current) queued.current = run;
    else run();
    return () => {
      cancelled = true;
    };
  }, [composer, design, photos, width, height]);

  return (
    <div className="strip-preview">
      <div
        ref={stageRef}
        className="strip-stage"
        data-testid="strip-stage"
        tabIndex={-1}
        style={{ aspectRatio: `${width} / ${height}`, maxWidth: `min(100%, calc(min(72vh, 680px) * ${width / height}))` }}
      >
        <canvas
          ref={canvasRef}
          data-testid="strip-canvas"
          data-layout={design.template.id}
          data-renders={drawn.count}
          data-drawn-layout={drawn.layoutId}
          role="img"
          aria-label={t('preview.stripAlt')}
        />
        {moving &&
          (moving.type === 'video/mp4' ? (
            <video className="strip-moving" src={moving.url} autoPlay loop muted playsInline data-testid="moving-strip" aria-label={t('preview.movingStripAlt')} />
          ) : (
            <img className="strip-moving" src={moving.url} alt={t('preview.movingStripAlt')} data-testid="moving-strip" />
          ))}
        <StickerLayer stageRef={stageRef} />
        {drawn.count === 0 && !failed && <span className="strip-rendering">{t('preview.rendering')}</span>}
      </div>
      {failed && <p className="notice error">{t('strip.error')}</p>}
    </div>
  );
}

function StickerLayer({ stageRef }: { stageRef: React.RefObject<HTMLDivElement | null> }) {
  const { t } = useI18n();
  const [settings, setSettings] = useAtom(stripSettingsAtom);
  const [selected, setSelected] = useState<string | null>(null);
  const drag = useRef<{ id: string; dx: number; dy: number } | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());

  const update = (id: string, change: (s: PlacedSticker) => PlacedSticker | null) =>
    setSettings((prev) => ({
      ...prev,
      stickers: prev.stickers.flatMap((s) => {
        if (s.id !== id) return [s];
        const next = change(s);
        return next ? [next] : [];
      }),
    }));

  const remove = (id: string) => {
    const list = settings.stickers;
    const i = list.findIndex((s) => s.id === id);
    const neighbour = list[i + 1] ?? list[i - 1];
    update(id, () => null);
    setSelected(neighbour?.id ?? null);
    // Keep keyboard focus on the strip: the next sticker, or the stage itself.
    requestAnimationFrame(() => (neighbour ? handles.current.get(neighbour.id) : stageRef.current)?.focus());
  };
  const resize = (id: string, factor: number) =>
    update(id, (s) => ({ ...s, size: clamp(s.size * factor, STICKER_MIN_SIZE, STICKER_MAX_SIZE) }));

  const pointAt = (e: PointerEvent) => {
    const box = stageRef.current?.getBoundingClientRect();
    if (!box) return null;
    return { x: (e.clientX - box.left) / box.width, y: (e.clientY - box.top) / box.height };
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>, s: PlacedSticker) => {
    const p = pointAt(e);
    if (!p) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: s.id, dx: s.x - p.x, dy: s.y - p.y };
    setSelected(s.id);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    const p = pointAt(e);
    if (!d || !p) return;
    update(d.id, (s) => ({ ...s, x: clamp(p.x + d.dx, 0, 1), y: clamp(p.y + d.dy, 0, 1) }));
  };
  const endDrag = () => {
    drag.current = null;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, s: PlacedSticker) => {
    const step = e.shiftKey ? 0.05 : 0.01;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[e.key];
    if (move) {
      update(s.id, (cur) => ({ ...cur, x: clamp(cur.x + move[0], 0, 1), y: clamp(cur.y + move[1], 0, 1) }));
    } else if (e.key === '+' || e.key === '=') resize(s.id, 1.1);
    else if (e.key === '-' || e.key === '_') resize(s.id, 1 / 1.1);
    else if (e.key === 'Delete' || e.key === 'Backspace') remove(s.id);
    else return;
    e.preventDefault();
  };

  const current = settings.stickers.find((s) => s.id === selected);

  return (
    <>
      <div className="sticker-layer">
        {settings.stickers.map((s) => (
          <button
            key={s.id}
            type="button"
            ref={(el) => {
              if (el) handles.current.set(s.id, el);
              else handles.current.delete(s.id);
            }}
            className="sticker-handle"
            data-testid="sticker"
            data-selected={s.id === selected || undefined}
            aria-label={t('strip.stickerLabel', { name: t(`strip.stickerKinds.${s.kind}`) })}
            style={{ left: `${s.x * 100}%`, top: `${s.y * 100}%`, width: `${s.size * 100}%` }}
            onFocus={() => setSelected(s.id)}
            onPointerDown={(e) => onPointerDown(e, s)}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onKeyDown={(e) => onKeyDown(e, s)}
          />
        ))}
      </div>
      {current && (
        <div className="sticker-tools" role="group" aria-label={t('strip.selectedSticker', { name: t(`strip.stickerKinds.${current.kind}`) })}>
          <button type="button" className="btn btn-ghost" onClick={() => resize(current.id, 1 / 1.2)}>
            {t('strip.smaller')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => resize(current.id, 1.2)}>
            {t('strip.bigger')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => remove(current.id)}>
            {t('strip.removeSticker')}
          </button>
        </div>
      )}
    </>
  );
}

import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import type { CapturedPhoto } from '../../../state/session';
import type { StripDesign } from '../../strip/compose';
import { hasBox } from '../../strip/template/model';
import type { DesignerEditor, EditorSnapshot } from '../editor';
import { HANDLES, type Handle } from '../geometry';
import { useStripRender } from './useStripRender';

const pct = (v: number) => `${(v * 100).toFixed(3)}%`;

/**
 * The canvas at the paper's shape, and over it the selected layer's box with its eight resize
 * handles and its turn handle, and the snap guides. Pointer (mouse, pen, touch) and keyboard both
 * go to the editor; the strip canvas itself only ever shows the strip.
 */
export function Stage({ editor, snap, design, photos }: { editor: DesignerEditor; snap: EditorSnapshot; design: StripDesign; photos: CapturedPhoto[] }) {
  const { t } = useI18n();
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [display, setDisplay] = useState<{ w: number; h: number } | null>(null);
  const { paper } = snap.template;

  useLayoutEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      setDisplay((d) => (d && d.w === r.width && d.h === r.height ? d : { w: r.width, h: r.height }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas && !canvas.dataset.renders) canvas.dataset.renders = '0';
  }, []);

  useStripRender(canvasRef, design, photos, display);

  const pointAt = (e: PointerEvent) => {
    const r = stageRef.current!.getBoundingClientRect();
    return { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height };
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const handle = (e.target as HTMLElement).closest<HTMLElement>('[data-handle]')?.dataset.handle as Handle | 'rotate' | undefined;
    e.preventDefault();
    stageRef.current?.focus({ preventScroll: true });
    if (editor.pointerDown(pointAt(e), handle)) e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    editor.pointerMove(pointAt(e), { shiftKey: e.shiftKey, altKey: e.altKey });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editor.handleKey(e)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const sel = snap.selected && hasBox(snap.selected) ? snap.selected : null;
  const ratio = paper.w / paper.h;
  // On a small box the edge handles would crowd the corners: only the corners then.
  const small = sel && display ? Math.min(sel.w * display.w, sel.h * display.h) < 48 : false;

  return (
    <div className="designer-stage-wrap">
      <div
        ref={stageRef}
        className="designer-stage"
        data-testid="designer-stage"
        data-gesture={snap.gesture ?? undefined}
        data-selected-id={snap.selectedId ?? ''}
        data-x={sel ? sel.x.toFixed(4) : undefined}
        data-y={sel ? sel.y.toFixed(4) : undefined}
        data-w={sel ? sel.w.toFixed(4) : undefined}
        data-h={sel ? sel.h.toFixed(4) : undefined}
        role="application"
        aria-roledescription={t('designer.stageRole')}
        aria-label={t('designer.stageLabel')}
        aria-describedby="designer-stage-help"
        tabIndex={0}
        style={{ '--paper-ratio': ratio, aspectRatio: `${paper.w} / ${paper.h}` } as CSSProperties}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => editor.pointerUp()}
        onPointerCancel={() => editor.cancelGesture()}
        onKeyDown={onKeyDown}
      >
        <canvas ref={canvasRef} className="designer-canvas" data-testid="designer-canvas" role="img" aria-label={t('designer.canvasLabel')} />
        <div className="designer-overlay" aria-hidden="true">
          {snap.guides.map((g) => (
            <div key={`${g.axis}${g.at}`} className="designer-guide" data-axis={g.axis} style={g.axis === 'x' ? { left: pct(g.at) } : { top: pct(g.at) }} />
          ))}
          {sel && (
            <div className="designer-selection" style={{ left: pct(sel.x), top: pct(sel.y), width: pct(sel.w), height: pct(sel.h), transform: sel.rotation ? `rotate(${sel.rotation}deg)` : undefined }}>
              <div className="designer-rotate-stem" />
              <div className="designer-handle designer-rotate" data-handle="rotate" />
              {HANDLES.filter((h) => !small || h.length === 2).map((h) => (
                <div key={h} className="designer-handle" data-handle={h} />
              ))}
            </div>
          )}
        </div>
      </div>
      <p id="designer-stage-help" className="hint designer-stage-help">
        {t('designer.stageHelp')}
      </p>
    </div>
  );
}

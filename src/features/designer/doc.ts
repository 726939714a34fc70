/**
 * What the designer edits and shows: the design (a template and its pictures), the snapshot React
 * watches, and a layer's fields as the editor may set them (held to what a template allows).
 */
import { hasBox, type CaptionLayer, type Layer, type Paper, type PhotoLayer, type PictureLayer, type Template, type TextLayer } from '../strip/template/model';
import { clampBox, containsPoint, type Guide, type Point } from './geometry';
import { PAPER_MAX_IN, PAPER_MIN_IN } from './meta';

export interface DesignDoc {
  template: Template;
  pictures: Record<string, Blob>;
}

export interface EditorMessage {
  /** A string key of the 'designer' namespace, with its values. */
  key: string;
  params?: Record<string, string | number>;
  tone: 'info' | 'error';
}

export type GestureKind = 'move' | 'resize' | 'rotate';

export interface EditorSnapshot extends DesignDoc {
  selectedId: string | null;
  selected: Layer | null;
  canUndo: boolean;
  canRedo: boolean;
  /** The snap lines the box being dragged lies on. */
  guides: Guide[];
  gesture: GestureKind | null;
  /** Changed since it was opened or saved. */
  dirty: boolean;
  message: EditorMessage | null;
  /** A file is being read or the design kept: the buttons wait. */
  busy: boolean;
}

/** What a layer's fields may be set to (each applied only where the layer has it). */
type Fields<L> = Omit<L, 'kind' | 'id'>;
export type LayerPatch = Partial<Fields<PhotoLayer> & Fields<TextLayer> & Fields<CaptionLayer> & Fields<PictureLayer>>;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A patch's values held to what a template allows. */
export function cleanPatch(p: LayerPatch): LayerPatch {
  const out: LayerPatch = { ...p };
  if (out.size !== undefined) out.size = clamp(Math.round(out.size * 10) / 10, 1, 1000);
  if (out.radius !== undefined) out.radius = clamp(out.radius, 0, 500);
  if (out.border) out.border = { ...out.border, width: clamp(out.border.width, 0, 200) };
  if (out.shot !== undefined) out.shot = clamp(Math.round(out.shot), 0, 7);
  if (out.content !== undefined) out.content = out.content.slice(0, 500);
  return out;
}

// Each of these gives the template changed, or the very same template when nothing changes.

export function insertLayer(t: Template, layer: Layer, at: number): Template {
  const layers = [...t.layers];
  layers.splice(at, 0, layer);
  return { ...t, layers };
}

export function removeLayer(t: Template, id: string): Template {
  const layers = t.layers.filter((l) => l.id !== id);
  return layers.length === t.layers.length ? t : { ...t, layers };
}

/** A layer one place up (+1: drawn later, over the next) or down (-1). */
export function reorderLayer(t: Template, id: string, dir: 1 | -1): Template {
  const layers = [...t.layers];
  const i = layers.findIndex((l) => l.id === id);
  const j = i + dir;
  if (i < 0 || j < 0 || j >= layers.length) return t;
  [layers[i], layers[j]] = [layers[j]!, layers[i]!];
  return { ...t, layers };
}

/** A layer's fields set (only those it has), its box kept within what a template allows. */
export function patchLayer(t: Template, id: string, patch: LayerPatch): Template {
  const clean = Object.entries(cleanPatch(patch));
  let changed = false;
  const layers = t.layers.map((l) => {
    if (l.id !== id) return l;
    const old = l as unknown as Record<string, unknown>;
    const entries = clean.filter(([k, v]) => k in l && v !== undefined && JSON.stringify(old[k]) !== JSON.stringify(v));
    if (!entries.length) return l;
    changed = true;
    const next = { ...l, ...Object.fromEntries(entries) } as Layer;
    return hasBox(next) ? clampBox(next) : next;
  });
  return changed ? { ...t, layers } : t;
}

/** A new paper size (inches, 1 to 12 a side); the layers keep their places as fractions of it. */
export function withPaper(t: Template, paper: Paper): Template {
  const inches = (v: number) => clamp(Math.round(v * 100) / 100, PAPER_MIN_IN, PAPER_MAX_IN);
  const p = { w: inches(paper.w), h: inches(paper.h) };
  if (!Number.isFinite(p.w) || !Number.isFinite(p.h) || (p.w === t.paper.w && p.h === t.paper.h)) return t;
  return { ...t, paper: p };
}

/** The topmost layer with a box under a point (fractions of the paper), or null. */
export function topmostAt(t: Template, p: Point): string | null {
  for (let i = t.layers.length - 1; i >= 0; i--) {
    const l = t.layers[i]!;
    if (hasBox(l) && containsPoint(l, t.paper, p)) return l.id;
  }
  return null;
}

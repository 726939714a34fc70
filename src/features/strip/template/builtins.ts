/**
 * The seven built-in layouts as templates. A built-in lays out however many photos were taken
 * (`layouts.ts` says where, for any count), so its template is made for a count: the slots, then the
 * masthead, the visitor's frame and the caption block, in the order the strip has always drawn them.
 */
import { layoutById, type LayoutDef } from '../layouts';
import { TEMPLATE_FORMAT, type CaptionLayer, type Layer, type Template } from './model';

const DEG = 180 / Math.PI;

export function layoutTemplate(layout: LayoutDef, count: number, background: string): Template {
  const slots: Layer[] = layout.slots(count).map((s, i) => ({
    kind: 'photo',
    id: `slot-${i + 1}`,
    x: s.x,
    y: s.y,
    w: s.w,
    h: s.h,
    rotation: (s.rotation ?? 0) * DEG,
    shot: i,
    radius: 0,
    border: { width: 0, color: '#000000' },
    style: layout.photoStyle,
    tint: layout.tint ?? '',
  }));
  const look: CaptionLayer['look'] = layout.photoStyle === 'film' ? 'light' : layout.photoStyle === 'comic' ? 'comic' : 'auto';
  return {
    format: TEMPLATE_FORMAT,
    id: layout.id,
    name: layout.id,
    paper: { ...layout.printInches },
    background: { color: background, picture: '' },
    base: layout.photoStyle === 'film' ? 'film' : 'none',
    layers: [
      ...slots,
      ...(layout.masthead ? [{ kind: 'masthead', id: 'masthead' } as const] : []),
      { kind: 'frame', id: 'frame' },
      { kind: 'caption', id: 'caption', ...layout.caption, rotation: 0, look },
    ],
  };
}

/** A built-in layout's template for `count` photos on a background colour. */
export function builtinTemplate(layoutId: string, count: number, background: string): Template {
  return layoutTemplate(layoutById(layoutId), count, background);
}

/**
 * The designer's box maths, pure: moving, resizing from a handle and turning a layer's box, and
 * snapping it to the paper's edges and centre lines. Boxes are fractions of the paper (as the
 * template keeps them) but turn and keep their shape in inches, so a square stays square on a long
 * strip. A point is a fraction of the paper too (where the pointer is over the canvas).
 */
import type { Box, Paper } from '../strip/template/model';
import { MIN_BOX, ROTATE_SNAP_DEG, ROTATE_STEP_DEG, SNAP_DISTANCE } from './meta';

export interface Point {
  x: number;
  y: number;
}

/** A snap line: a vertical one at x = `at` (axis 'x') or a horizontal one at y = `at`, fractions of the paper. */
export interface Guide {
  axis: 'x' | 'y';
  at: number;
}

export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
/** The edges first, then the corners: drawn last, a corner wins where a small box's handles overlap. */
export const HANDLES: Handle[] = ['n', 'e', 's', 'w', 'nw', 'ne', 'se', 'sw'];

/** Where a handle sits on the box: -1, 0 or 1 of its half-width and half-height. */
export function handleSides(handle: Handle): { sx: number; sy: number } {
  return { sx: handle.includes('e') ? 1 : handle.includes('w') ? -1 : 0, sy: handle.includes('s') ? 1 : handle.includes('n') ? -1 : 0 };
}

/** The lines a box snaps to: the paper's edges and centre lines. */
const TARGETS = [0, 0.5, 1];
const RAD = Math.PI / 180;
const tidy = (v: number) => Math.round(v * 1e5) / 1e5;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

type Rect = Pick<Box, 'x' | 'y' | 'w' | 'h' | 'rotation'>;

function rotate(p: Point, deg: number): Point {
  const c = Math.cos(deg * RAD);
  const s = Math.sin(deg * RAD);
  return { x: p.x * c - p.y * s, y: p.x * s + p.y * c };
}

/** Degrees in (-180, 180]. */
export function normaliseDeg(deg: number): number {
  let d = deg % 360;
  if (d <= -180) d += 360;
  if (d > 180) d -= 360;
  return tidy(d) || 0;
}

/** A box kept within what a template allows: a least size, at least a sliver on the paper, tidy numbers. */
export function clampBox<T extends Rect>(b: T): T {
  const w = clamp(b.w, MIN_BOX, 3);
  const h = clamp(b.h, MIN_BOX, 3);
  return {
    ...b,
    w: tidy(w),
    h: tidy(h),
    x: tidy(clamp(b.x, Math.max(-1, MIN_BOX - w), Math.min(2, 1 - MIN_BOX))),
    y: tidy(clamp(b.y, Math.max(-1, MIN_BOX - h), Math.min(2, 1 - MIN_BOX))),
    rotation: normaliseDeg(b.rotation),
  };
}

/** The box's corners and centre in inches. */
function inInches(b: Rect, paper: Paper) {
  const w = b.w * paper.w;
  const h = b.h * paper.h;
  return { cx: b.x * paper.w + w / 2, cy: b.y * paper.h + h / 2, w, h };
}

/** The upright rectangle around a (turned) box, as fractions of the paper. */
export function bounds(b: Rect, paper: Paper): { x0: number; y0: number; x1: number; y1: number } {
  const { cx, cy, w, h } = inInches(b, paper);
  const c = Math.abs(Math.cos(b.rotation * RAD));
  const s = Math.abs(Math.sin(b.rotation * RAD));
  const hw = (w * c + h * s) / 2;
  const hh = (w * s + h * c) / 2;
  return { x0: (cx - hw) / paper.w, x1: (cx + hw) / paper.w, y0: (cy - hh) / paper.h, y1: (cy + hh) / paper.h };
}

/** Whether a point (fractions of the paper) is inside the turned box. */
export function containsPoint(b: Rect, paper: Paper, p: Point): boolean {
  const { cx, cy, w, h } = inInches(b, paper);
  const local = rotate({ x: p.x * paper.w - cx, y: p.y * paper.h - cy }, -b.rotation);
  return Math.abs(local.x) <= w / 2 && Math.abs(local.y) <= h / 2;
}

/** The nearest snap for any of `edges` within the snap distance: the shift and the line, or null. */
function nearestSnap(edges: number[], distance: number): { shift: number; at: number } | null {
  let best: { shift: number; at: number } | null = null;
  for (const e of edges) {
    for (const at of TARGETS) {
      const shift = at - e;
      if (Math.abs(shift) <= distance && (!best || Math.abs(shift) < Math.abs(best.shift))) best = { shift, at };
    }
  }
  return best;
}

/** The lines a box's edges or centre lie on. */
export function guidesFor(b: Rect, paper: Paper): Guide[] {
  const r = bounds(b, paper);
  const on = (vals: number[]) => TARGETS.filter((t) => vals.some((v) => Math.abs(v - t) < 1e-4));
  return [
    ...on([r.x0, (r.x0 + r.x1) / 2, r.x1]).map((at) => ({ axis: 'x' as const, at })),
    ...on([r.y0, (r.y0 + r.y1) / 2, r.y1]).map((at) => ({ axis: 'y' as const, at })),
  ];
}

/** `start` moved by (dx, dy), its bounds snapped to the paper's edges and centre lines when `snap`. */
export function moveBox<T extends Rect>(start: T, dx: number, dy: number, paper: Paper, snap = true): { box: T; guides: Guide[] } {
  let x = start.x + dx;
  let y = start.y + dy;
  if (snap) {
    const r = bounds({ ...start, x, y }, paper);
    const sx = nearestSnap([r.x0, (r.x0 + r.x1) / 2, r.x1], SNAP_DISTANCE);
    const sy = nearestSnap([r.y0, (r.y0 + r.y1) / 2, r.y1], SNAP_DISTANCE);
    if (sx) x += sx.shift;
    if (sy) y += sy.shift;
  }
  const box = clampBox({ ...start, x, y });
  return { box, guides: snap ? guidesFor(box, paper) : [] };
}

/**
 * `start` resized by dragging `handle` to `p`: the opposite side (or corner) stays where it was,
 * turned boxes included. `keepRatio` (a corner) keeps the box's shape; an upright box's moving edges
 * snap to the paper's lines when `snap`.
 */
export function resizeBox<T extends Rect>(start: T, handle: Handle, p: Point, paper: Paper, opts: { keepRatio?: boolean; snap?: boolean } = {}): { box: T; guides: Guide[] } {
  const { sx, sy } = handleSides(handle);
  const { cx, cy, w, h } = inInches(start, paper);
  const local = rotate({ x: p.x * paper.w - cx, y: p.y * paper.h - cy }, -start.rotation);
  const minW = MIN_BOX * paper.w;
  const minH = MIN_BOX * paper.h;
  let nw = sx ? Math.max(minW, sx * (local.x + (sx * w) / 2)) : w;
  let nh = sy ? Math.max(minH, sy * (local.y + (sy * h) / 2)) : h;
  if (opts.keepRatio && sx && sy) {
    const s = Math.max(nw / w, nh / h);
    nw = Math.max(minW, w * s);
    nh = Math.max(minH, h * s);
  }
  const centre = rotate({ x: sx ? (-sx * w) / 2 + (sx * nw) / 2 : 0, y: sy ? (-sy * h) / 2 + (sy * nh) / 2 : 0 }, start.rotation);
  let box: T = { ...start, w: nw / paper.w, h: nh / paper.h, x: (cx + centre.x - nw / 2) / paper.w, y: (cy + centre.y - nh / 2) / paper.h };
  const upright = Math.abs(normaliseDeg(start.rotation)) < 0.01;
  if (opts.snap !== false && upright && !opts.keepRatio) {
    if (sx) {
      const edge = sx > 0 ? box.x + box.w : box.x;
      const s = nearestSnap([edge], SNAP_DISTANCE);
      if (s && box.w + sx * s.shift >= MIN_BOX) box = sx > 0 ? { ...box, w: box.w + s.shift } : { ...box, x: box.x + s.shift, w: box.w - s.shift };
    }
    if (sy) {
      const edge = sy > 0 ? box.y + box.h : box.y;
      const s = nearestSnap([edge], SNAP_DISTANCE);
      if (s && box.h + sy * s.shift >= MIN_BOX) box = sy > 0 ? { ...box, h: box.h + s.shift } : { ...box, y: box.y + s.shift, h: box.h - s.shift };
    }
  }
  box = clampBox(box);
  return { box, guides: opts.snap !== false && upright ? guidesFor(box, paper) : [] };
}

/** The box's centre as a fraction of the paper. */
export function centreOf(b: Rect): Point {
  return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
}

/**
 * `start` turned by the angle the pointer swept about its centre from `from` to `to`; it settles on
 * a right angle within a few degrees, or turns in steps of ROTATE_STEP_DEG when `stepped`.
 */
export function rotateBox<T extends Rect>(start: T, from: Point, to: Point, paper: Paper, stepped = false): T {
  const c = centreOf(start);
  const angle = (p: Point) => Math.atan2((p.y - c.y) * paper.h, (p.x - c.x) * paper.w) / RAD;
  let deg = start.rotation + angle(to) - angle(from);
  if (stepped) deg = Math.round(deg / ROTATE_STEP_DEG) * ROTATE_STEP_DEG;
  else {
    const right = Math.round(deg / 90) * 90;
    if (Math.abs(deg - right) <= ROTATE_SNAP_DEG) deg = right;
  }
  return clampBox({ ...start, rotation: deg });
}

/** `b` scaled about its centre (keyboard + and -). */
export function scaleBox<T extends Rect>(b: T, factor: number): T {
  const c = centreOf(b);
  const w = Math.min(3, Math.max(MIN_BOX, b.w * factor));
  const h = Math.min(3, Math.max(MIN_BOX, b.h * factor));
  return clampBox({ ...b, w, h, x: c.x - w / 2, y: c.y - h / 2 });
}

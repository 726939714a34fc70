/**
 * A pointer gesture on a layer's box: where it started and what it does as the pointer moves
 * (move with snapping, resize from a handle, turn), as pure steps from the box it started with.
 */
import type { BoxLayer } from '../strip/template/model';
import type { DesignDoc, GestureKind } from './doc';
import { moveBox, resizeBox, rotateBox, type Guide, type Handle, type Point } from './geometry';
import type { Paper } from '../strip/template/model';

export interface Gesture {
  kind: GestureKind;
  handle?: Handle;
  id: string;
  /** Where the pointer went down, and the box and design then (to go back to, or to undo to). */
  from: Point;
  startBox: BoxLayer;
  before: DesignDoc;
}

/** The box with the pointer at `p`: Shift keeps a corner's shape or turns in steps; Alt does not snap. */
export function gestureStep(g: Gesture, p: Point, paper: Paper, mods: { shiftKey?: boolean; altKey?: boolean }): { box: BoxLayer; guides: Guide[] } {
  const snap = !mods.altKey;
  if (g.kind === 'move') return moveBox(g.startBox, p.x - g.from.x, p.y - g.from.y, paper, snap);
  if (g.kind === 'resize' && g.handle) return resizeBox(g.startBox, g.handle, p, paper, { keepRatio: mods.shiftKey, snap });
  return { box: rotateBox(g.startBox, g.from, p, paper, mods.shiftKey), guides: [] };
}

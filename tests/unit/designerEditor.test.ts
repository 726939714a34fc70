import { describe, expect, it } from 'vitest';
import { bounds, resizeBox } from '../../src/features/designer/geometry';
import { SNAP_DISTANCE } from '../../src/features/designer/meta';
import { layer, make, near } from './designerFixture';

describe('designer editor: selecting and moving', () => {
  it('selects the topmost box under the pointer, and nothing off every box', () => {
    const e = make();
    expect(e.pointerDown({ x: 0.3, y: 0.2 })).toBe(true);
    expect(e.getSnapshot().selectedId).toBe('slot-1');
    e.pointerUp();
    expect(e.pointerDown({ x: 0.95, y: 0.5 })).toBe(false);
    expect(e.getSnapshot().selectedId).toBeNull();
  });

  it('a drag moves the layer live and is one undo step, committed on pointer up', () => {
    const e = make();
    e.pointerDown({ x: 0.3, y: 0.2 });
    e.pointerMove({ x: 0.33, y: 0.25 }, { altKey: true });
    e.pointerMove({ x: 0.37, y: 0.3 }, { altKey: true });
    near(layer(e, 'slot-1').x, 0.17);
    near(layer(e, 'slot-1').y, 0.2);
    expect(e.getSnapshot().canUndo).toBe(false);
    expect(e.getSnapshot().gesture).toBe('move');
    e.pointerUp();
    expect(e.getSnapshot().canUndo).toBe(true);
    e.undo();
    near(layer(e, 'slot-1').x, 0.1);
    near(layer(e, 'slot-1').y, 0.1);
    expect(e.getSnapshot().canUndo).toBe(false);
    e.redo();
    near(layer(e, 'slot-1').x, 0.17);
  });

  it('a click without a move adds no undo step', () => {
    const e = make();
    e.pointerDown({ x: 0.3, y: 0.2 });
    e.pointerUp();
    expect(e.getSnapshot().canUndo).toBe(false);
  });

  it('snaps to the centre line and edges, and reports the guides', () => {
    const e = make();
    e.pointerDown({ x: 0.3, y: 0.2 });
    // The box's centre (0.3) dragged to 0.5 - a little: it snaps onto the centre line.
    e.pointerMove({ x: 0.3 + 0.2 - SNAP_DISTANCE / 2, y: 0.2 });
    near(layer(e, 'slot-1').x + 0.2, 0.5);
    expect(e.getSnapshot().guides).toContainEqual({ axis: 'x', at: 0.5 });
    // Near the left edge: x snaps to 0.
    e.pointerMove({ x: 0.3 - 0.1 + SNAP_DISTANCE / 2, y: 0.2 - 0.1 + SNAP_DISTANCE / 3 });
    near(layer(e, 'slot-1').x, 0);
    near(layer(e, 'slot-1').y, 0);
    expect(e.getSnapshot().guides).toEqual(expect.arrayContaining([{ axis: 'x', at: 0 }, { axis: 'y', at: 0 }]));
    e.pointerUp();
    expect(e.getSnapshot().guides).toEqual([]);
  });

  it('Alt drags without snapping', () => {
    const e = make();
    e.pointerDown({ x: 0.3, y: 0.2 });
    e.pointerMove({ x: 0.3 + 0.2 - SNAP_DISTANCE / 2, y: 0.2 }, { altKey: true });
    near(layer(e, 'slot-1').x, 0.3 - SNAP_DISTANCE / 2);
    expect(e.getSnapshot().guides).toEqual([]);
  });

  it('a cancelled drag puts the layer back', () => {
    const e = make();
    e.pointerDown({ x: 0.3, y: 0.2 });
    e.pointerMove({ x: 0.6, y: 0.6 });
    e.cancelGesture();
    near(layer(e, 'slot-1').x, 0.1);
    expect(e.getSnapshot().canUndo).toBe(false);
  });
});

describe('designer editor: resizing and turning', () => {
  it('resizes from the south-east handle, the opposite corner fixed', () => {
    const e = make();
    e.select('slot-1');
    e.pointerDown({ x: 0.5, y: 0.3 }, 'se');
    e.pointerMove({ x: 0.6, y: 0.4 }, { altKey: true });
    e.pointerUp();
    const l = layer(e, 'slot-1');
    near(l.x, 0.1);
    near(l.y, 0.1);
    near(l.w, 0.5);
    near(l.h, 0.3);
    e.undo();
    near(layer(e, 'slot-1').w, 0.4);
  });

  it('resizes from the west handle: only the width, the right edge fixed', () => {
    const e = make();
    e.select('slot-1');
    e.pointerDown({ x: 0.1, y: 0.2 }, 'w');
    e.pointerMove({ x: 0.2, y: 0.9 }, { altKey: true });
    const l = layer(e, 'slot-1');
    near(l.x, 0.2);
    near(l.w, 0.3);
    near(l.h, 0.2);
    near(l.y, 0.1);
  });

  it('snaps a moving edge to the paper edge', () => {
    const e = make();
    e.select('slot-1');
    e.pointerDown({ x: 0.5, y: 0.3 }, 'e');
    e.pointerMove({ x: 1 - SNAP_DISTANCE / 2, y: 0.3 });
    near(layer(e, 'slot-1').x + layer(e, 'slot-1').w, 1);
    expect(e.getSnapshot().guides).toContainEqual({ axis: 'x', at: 1 });
  });

  it('keeps a turned box\'s opposite corner in place', () => {
    const paper = { w: 4, h: 6 };
    const start = { x: 0.25, y: 0.25, w: 0.5, h: 0.2, rotation: 90 };
    const { box } = resizeBox(start, 'e', { x: 0.5, y: 0.9 }, paper, { snap: false });
    // Turned a quarter, the box's "east" points down: the width grows downwards from the top edge.
    const before = bounds(start, paper);
    const after = bounds(box, paper);
    near(after.y0, before.y0);
    expect(after.y1).toBeGreaterThan(before.y1);
  });

  it('turns with the rotate handle, snapping to a right angle, Shift in 15° steps', () => {
    const e = make();
    e.select('slot-1');
    const c = { x: 0.3, y: 0.2 };
    e.pointerDown({ x: c.x, y: c.y - 0.1 }, 'rotate');
    // A quarter turn clockwise: the pointer goes from above the centre to its right.
    e.pointerMove({ x: c.x + 0.1 * (6 / 4), y: c.y + 0.002 });
    expect(layer(e, 'slot-1').rotation).toBe(90);
    e.pointerMove({ x: c.x + 0.1, y: c.y - 0.1 * (4 / 6) * 0.6 }, { shiftKey: true });
    expect(layer(e, 'slot-1').rotation % 15).toBe(0);
    e.pointerUp();
    e.undo();
    expect(layer(e, 'slot-1').rotation).toBe(0);
  });
});

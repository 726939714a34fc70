import { describe, expect, it } from 'vitest';
import { DesignerEditor } from '../../src/features/designer/editor';
import { bounds, resizeBox } from '../../src/features/designer/geometry';
import { NUDGE, NUDGE_LARGE, SNAP_DISTANCE } from '../../src/features/designer/meta';
import { builtinTemplate } from '../../src/features/strip/template/builtins';
import { parseTemplate, TEMPLATE_FORMAT, type PhotoLayer, type Template } from '../../src/features/strip/template/model';

function template(): Template {
  return {
    format: TEMPLATE_FORMAT,
    id: 'my-test',
    name: 'Test',
    paper: { w: 4, h: 6 },
    background: { color: '#ffffff', picture: '' },
    base: 'none',
    layers: [
      { kind: 'photo', id: 'slot-1', x: 0.1, y: 0.1, w: 0.4, h: 0.2, rotation: 0, shot: 0, radius: 0, border: { width: 0, color: '#000000' }, style: 'plain', tint: '' },
      { kind: 'text', id: 'text-1', x: 0.2, y: 0.7, w: 0.6, h: 0.1, rotation: 0, content: '{date}', font: 'montserrat', size: 24, color: '#000000', align: 'center', bold: false },
      { kind: 'frame', id: 'frame' },
    ],
  };
}

const make = () => new DesignerEditor({ template: template(), pictures: {} });
const layer = (e: DesignerEditor, id: string) => e.getSnapshot().template.layers.find((l) => l.id === id) as PhotoLayer;
const near = (a: number, b: number) => expect(a).toBeCloseTo(b, 4);

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

describe('designer editor: keyboard', () => {
  it('arrows move by 1% of the paper, Shift by 10%; each press is a step, a held key one', () => {
    const e = make();
    e.select('slot-1');
    expect(e.handleKey({ key: 'ArrowRight' })).toBe(true);
    near(layer(e, 'slot-1').x, 0.1 + NUDGE);
    e.handleKey({ key: 'ArrowDown', shiftKey: true });
    near(layer(e, 'slot-1').y, 0.1 + NUDGE_LARGE);
    e.handleKey({ key: 'ArrowLeft' });
    e.handleKey({ key: 'ArrowLeft', repeat: true });
    e.handleKey({ key: 'ArrowLeft', repeat: true });
    near(layer(e, 'slot-1').x, 0.1 - 2 * NUDGE);
    e.undo(); // the held ArrowLeft
    near(layer(e, 'slot-1').x, 0.1 + NUDGE);
    e.undo(); // Shift+ArrowDown
    near(layer(e, 'slot-1').y, 0.1);
    e.undo(); // ArrowRight
    near(layer(e, 'slot-1').x, 0.1);
    expect(e.getSnapshot().canUndo).toBe(false);
  });

  it('arrows do nothing without a selection', () => {
    const e = make();
    expect(e.handleKey({ key: 'ArrowRight' })).toBe(false);
  });

  it('Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, Cmd works too', () => {
    const e = make();
    e.select('text-1');
    e.handleKey({ key: 'ArrowUp' });
    e.handleKey({ key: 'z', ctrlKey: true });
    near(layer(e, 'text-1').y, 0.7);
    e.handleKey({ key: 'Z', ctrlKey: true, shiftKey: true });
    near(layer(e, 'text-1').y, 0.7 - NUDGE);
    e.handleKey({ key: 'z', metaKey: true });
    e.handleKey({ key: 'y', ctrlKey: true });
    near(layer(e, 'text-1').y, 0.7 - NUDGE);
  });

  it('[ and ] turn, + and - resize about the centre', () => {
    const e = make();
    e.select('slot-1');
    e.handleKey({ key: ']' });
    expect(layer(e, 'slot-1').rotation).toBe(5);
    e.handleKey({ key: '[', shiftKey: true });
    expect(layer(e, 'slot-1').rotation).toBe(-10);
    e.handleKey({ key: '+' });
    near(layer(e, 'slot-1').w, 0.42);
    near(layer(e, 'slot-1').x + layer(e, 'slot-1').w / 2, 0.3);
  });

  it('Delete and Backspace remove the selected layer, undone in one step', () => {
    const e = make();
    e.select('text-1');
    expect(e.handleKey({ key: 'Delete' })).toBe(true);
    expect(e.getSnapshot().template.layers.map((l) => l.id)).toEqual(['slot-1', 'frame']);
    expect(e.getSnapshot().selectedId).toBeNull();
    e.select('slot-1');
    e.handleKey({ key: 'Backspace' });
    expect(e.getSnapshot().template.layers.map((l) => l.id)).toEqual(['frame']);
    e.undo();
    expect(e.getSnapshot().template.layers.map((l) => l.id)).toEqual(['slot-1', 'frame']);
  });
});

describe('designer editor: layers and properties', () => {
  it('reorders up and down, not past the ends', () => {
    const e = make();
    e.reorder('slot-1', 1);
    expect(e.getSnapshot().template.layers.map((l) => l.id)).toEqual(['text-1', 'slot-1', 'frame']);
    e.reorder('frame', 1);
    expect(e.getSnapshot().template.layers.map((l) => l.id)).toEqual(['text-1', 'slot-1', 'frame']);
    e.reorder('frame', -1);
    expect(e.getSnapshot().template.layers.map((l) => l.id)).toEqual(['text-1', 'frame', 'slot-1']);
    e.undo();
    e.undo();
    expect(e.getSnapshot().template.layers.map((l) => l.id)).toEqual(['slot-1', 'text-1', 'frame']);
  });

  it('adds a slot for the next shot (under an overlay) and a text layer on top, selected', () => {
    const e = make();
    e.addOverlay('abc', new Blob(['x']));
    const slot = e.addSlot()!;
    const ids = e.getSnapshot().template.layers.map((l) => l.id);
    expect(ids.indexOf(slot)).toBeLessThan(ids.indexOf('overlay-1'));
    expect((layer(e, slot) as PhotoLayer).shot).toBe(1);
    expect(e.getSnapshot().selectedId).toBe(slot);
    const text = e.addText()!;
    expect(e.getSnapshot().template.layers.at(-1)?.id).toBe(text);
    expect(parseTemplate(e.getSnapshot().template).ok).toBe(true);
    expect(e.getSnapshot().pictures.abc).toBeInstanceOf(Blob);
  });

  it('typing into one field is one step; another field starts another', () => {
    const e = make();
    e.update('text-1', { content: 'H' }, 'content');
    e.update('text-1', { content: 'Hi' }, 'content');
    e.update('text-1', { content: 'Hi!' }, 'content');
    e.update('text-1', { font: 'pacifico' });
    e.undo();
    expect((e.getSnapshot().template.layers[1] as { content: string; font: string }).font).toBe('montserrat');
    expect((e.getSnapshot().template.layers[1] as { content: string }).content).toBe('Hi!');
    e.undo();
    expect((e.getSnapshot().template.layers[1] as { content: string }).content).toBe('{date}');
  });

  it('keeps values within what a template allows, and stays valid', () => {
    const e = make();
    e.update('text-1', { size: 5000, x: 9 });
    e.update('slot-1', { shot: 12, radius: -4, w: 0 });
    e.setPaper({ w: 100, h: 0.2 });
    expect(parseTemplate(e.getSnapshot().template).ok).toBe(true);
    expect(e.getSnapshot().template.paper).toEqual({ w: 12, h: 1 });
  });

  it('opening another design as a person asks (New, Open, Import) is one step: Undo brings the unsaved one back', () => {
    const e = make();
    e.setName('Unsaved work');
    e.load({ template: builtinTemplate('grid', 4, '#ffffff'), pictures: {} }, { undoable: true });
    expect(e.getSnapshot().template.id).toBe('grid');
    expect(e.getSnapshot().dirty).toBe(false);
    e.undo();
    expect(e.getSnapshot().template.name).toBe('Unsaved work');
    expect(e.getSnapshot().dirty).toBe(true);
    e.redo();
    expect(e.getSnapshot().template.id).toBe('grid');
    // The screen opening a design leaves nothing to undo.
    e.load({ template: template(), pictures: {} });
    expect(e.getSnapshot().canUndo).toBe(false);
  });

  it('tells whether the design changed since it was opened or saved', () => {
    const e = new DesignerEditor({ template: builtinTemplate('classic', 3, '#ffffff'), pictures: {} });
    expect(e.getSnapshot().dirty).toBe(false);
    e.setName('Our wedding');
    expect(e.getSnapshot().dirty).toBe(true);
    e.markSaved();
    expect(e.getSnapshot().dirty).toBe(false);
    expect(e.getSnapshot().canUndo).toBe(true);
  });

  it('notifies watchers with a new snapshot on each change, the same one otherwise', () => {
    const e = make();
    let calls = 0;
    const off = e.subscribe(() => calls++);
    const s0 = e.getSnapshot();
    expect(e.getSnapshot()).toBe(s0);
    e.select('slot-1');
    expect(calls).toBe(1);
    expect(e.getSnapshot()).not.toBe(s0);
    off();
    e.select(null);
    expect(calls).toBe(1);
  });
});

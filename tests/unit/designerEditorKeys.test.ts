import { describe, expect, it } from 'vitest';
import { DesignerEditor } from '../../src/features/designer/editor';
import { NUDGE, NUDGE_LARGE } from '../../src/features/designer/meta';
import { builtinTemplate } from '../../src/features/strip/template/builtins';
import { parseTemplate, type PhotoLayer } from '../../src/features/strip/template/model';
import { layer, make, near, template } from './designerFixture';

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

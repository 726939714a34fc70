/**
 * THE DESIGNER'S STATE MACHINE, plain TypeScript: the design being edited (a template and its
 * pictures), the selected layer, undo and redo, the pointer gesture under way (move, resize from a
 * handle, turn) with its snap guides, the keyboard, and the message the screen shows. React only
 * starts it and watches it (`subscribe` + `getSnapshot`, for useSyncExternalStore: ./editorState.ts,
 * which holds the state; this file is what changes it).
 *
 * Every finished change is one undo step: a drag is committed when the pointer is lifted, typing
 * into one field joins one step (`key`), a held arrow key is one step.
 */
import type { BoxLayer, Layer, Paper, Template } from '../strip/template/model';
import { insertLayer, patchLayer, removeLayer, reorderLayer, withPaper, type DesignDoc, type LayerPatch } from './doc';
import { EditorState } from './editorState';
import { moveBox, scaleBox, type Handle, type Point } from './geometry';
import { gestureStep } from './gesture';
import { keyCommand, type KeyInput } from './keys';
import { newOverlay, newPicture, newSlot, newText, slotIndex } from './layers';
import { MAX_LAYERS } from './meta';

export type { DesignDoc, EditorMessage, EditorSnapshot, GestureKind, LayerPatch } from './doc';
export type { KeyInput } from './keys';

export class DesignerEditor extends EditorState {
  // ---- documents --------------------------------------------------------------------------------

  /** Opens another design; `undoable` (New, Open, Import): Undo brings back the one before, unsaved changes and all. */
  load(doc: DesignDoc, opts: { saved?: boolean; undoable?: boolean } = {}) {
    this.cancelGesture();
    if (opts.undoable) {
      this.history.push(this.doc);
      this.history.seal();
    } else this.history.clear();
    this.doc = doc;
    this.saved = opts.saved === false ? { ...doc } : doc;
    this.selectedId = null;
    this.emit();
  }

  /** The design as it stands has been kept. */
  markSaved(doc: DesignDoc = this.doc) {
    this.doc = this.saved = doc;
    this.history.seal();
    this.emit();
  }

  /** Replaces the whole design, as one undo step (an overlay's new template). */
  replace(doc: DesignDoc) {
    this.selectedId = null;
    this.commit(doc);
  }

  // ---- adding, removing, ordering ---------------------------------------------------------------

  /** Adds a layer (at `at`, else on top) and selects it; its id, or null when the design is full. */
  private insert(make: (t: Template) => Layer, at?: number, picture?: [string, Blob]): string | null {
    const t = this.doc.template;
    if (t.layers.length >= MAX_LAYERS) {
      this.say('designer.tooManyLayers', { n: MAX_LAYERS }, 'error');
      return null;
    }
    const layer = make(t);
    this.selectedId = layer.id;
    this.setTemplate(insertLayer(t, layer, at ?? t.layers.length), undefined, picture ? { ...this.doc.pictures, [picture[0]]: picture[1] } : this.doc.pictures);
    return layer.id;
  }

  /** A photo slot for the next shot, under any overlay (its windows show it). */
  addSlot = () => this.insert(newSlot, slotIndex(this.doc.template));
  addText = (content?: string) => this.insert((t) => newText(t, content));
  /** A picture (a logo, from `addPicture`) on top, at its own shape. */
  addPicture = (key: string, blob: Blob, width: number, height: number) => this.insert((t) => newPicture(t, key, width, height), undefined, [key, blob]);
  /** A picture over the whole paper, on top. */
  addOverlay = (key: string, blob: Blob) => this.insert((t) => newOverlay(t, key), undefined, [key, blob]);

  remove(id = this.selectedId) {
    if (!id) return;
    if (id === this.selectedId) this.selectedId = null;
    this.setTemplate(removeLayer(this.doc.template, id));
  }

  /** Moves a layer one place up (+1: drawn later, over the next) or down (-1). */
  reorder(id: string, dir: 1 | -1) {
    this.setTemplate(reorderLayer(this.doc.template, id, dir));
  }

  // ---- changing -----------------------------------------------------------------------------------

  /** Sets fields of a layer; the same `key` as the change before joins its undo step. */
  update(id: string, patch: LayerPatch, key?: string) {
    this.setTemplate(patchLayer(this.doc.template, id, patch), key);
  }

  setName(name: string) {
    if (name === this.doc.template.name) return;
    this.setTemplate({ ...this.doc.template, name: name.slice(0, 80) }, 'name');
  }

  setBackground(color: string) {
    if (!/^#[0-9a-fA-F]{6}$/.test(color) || color === this.doc.template.background.color) return;
    this.setTemplate({ ...this.doc.template, background: { ...this.doc.template.background, color } }, 'background');
  }

  /** A new paper size (inches, 1 to 12 a side); the layers keep their places as fractions of it. */
  setPaper(paper: Paper, key?: string) {
    this.setTemplate(withPaper(this.doc.template, paper), key);
  }

  /** Moves the selected layer by (dx, dy) fractions of the paper, unsnapped (the keyboard's step). */
  moveBy(dx: number, dy: number, key?: string) {
    const b = this.selectedBox();
    if (!b) return;
    this.update(b.id, moveBox(b, dx, dy, this.doc.template.paper, false).box, key);
  }

  /** Turns the selected layer by `deg` degrees. */
  rotateBy(deg: number, key?: string) {
    const b = this.selectedBox();
    if (b) this.update(b.id, { rotation: b.rotation + deg }, key);
  }

  /** Scales the selected layer about its centre. */
  scaleBy(factor: number, key?: string) {
    const b = this.selectedBox();
    if (b) this.update(b.id, scaleBox(b, factor), key);
  }

  undo() {
    this.cancelGesture();
    const prev = this.history.undo(this.doc);
    if (!prev) return;
    this.doc = prev;
    this.emit();
  }

  redo() {
    this.cancelGesture();
    const next = this.history.redo(this.doc);
    if (!next) return;
    this.doc = next;
    this.emit();
  }

  // ---- pointer gestures -------------------------------------------------------------------------

  /**
   * A pointer pressed at `p`: on a handle of the selected layer it starts resizing (or turning, for
   * 'rotate'); elsewhere it selects the topmost layer there and starts moving it, or selects nothing.
   * True when a gesture started.
   */
  pointerDown(p: Point, handle?: Handle | 'rotate'): boolean {
    this.cancelGesture();
    let box = handle ? this.selectedBox() : null;
    if (!box) {
      const id = this.hitTest(p);
      this.select(id);
      box = this.selectedBox();
      handle = undefined;
    }
    if (!box) return false;
    this.gesture = { kind: handle === 'rotate' ? 'rotate' : handle ? 'resize' : 'move', handle: handle === 'rotate' ? undefined : handle, id: box.id, from: p, startBox: box, before: this.doc };
    this.history.seal();
    this.emit();
    return true;
  }

  /** The pointer moved to `p`: Shift keeps a corner's shape or turns in steps; Alt does not snap. */
  pointerMove(p: Point, mods: { shiftKey?: boolean; altKey?: boolean } = {}) {
    const g = this.gesture;
    if (!g) return;
    let box: BoxLayer;
    ({ box, guides: this.guides } = gestureStep(g, p, this.doc.template.paper, mods));
    // Live, without an undo step: the gesture is one step when it ends.
    const layers = this.doc.template.layers.map((l) => (l.id === g.id ? box : l));
    this.doc = { ...this.doc, template: { ...this.doc.template, layers } };
    this.emit();
  }

  /** The pointer was lifted: the whole gesture becomes one undo step (none if nothing moved). */
  pointerUp() {
    const g = this.gesture;
    if (!g) return;
    this.gesture = null;
    this.guides = [];
    if (this.doc !== g.before) {
      this.history.push(g.before);
      this.history.seal();
    }
    this.emit();
  }

  /** The gesture is abandoned (pointer cancelled, Escape): the layer goes back where it was. */
  cancelGesture() {
    const g = this.gesture;
    if (!g) return;
    this.gesture = null;
    this.guides = [];
    this.doc = g.before;
    this.emit();
  }

  // ---- keyboard ---------------------------------------------------------------------------------

  /** A key pressed on the canvas (`keys.ts` says which does what); true when it was used. */
  handleKey(e: KeyInput): boolean {
    const cmd = keyCommand(e);
    if (!cmd) return false;
    if (cmd.do === 'undo') this.undo();
    else if (cmd.do === 'redo') this.redo();
    else if (cmd.do === 'escape') {
      if (this.gesture) this.cancelGesture();
      else this.select(null);
    } else if (!this.selectedId) return false;
    else if (cmd.do === 'delete') this.remove(this.selectedId);
    else {
      const sel = this.selectedBox();
      if (!sel) return false;
      // A key press is a step of its own; a held key (its repeats) is one step.
      if (!e.repeat) this.history.seal();
      const key = `key:${e.key}:${sel.id}`;
      if (cmd.do === 'move') this.moveBy(cmd.dx, cmd.dy, key);
      else if (cmd.do === 'rotate') this.rotateBy(cmd.deg, key);
      else if (cmd.do === 'scale') this.scaleBy(cmd.factor, key);
    }
    return true;
  }
}

/**
 * THE DESIGNER'S STATE MACHINE, plain TypeScript: the design being edited (a template and its
 * pictures), the selected layer, undo and redo, the pointer gesture under way (move, resize from a
 * handle, turn) with its snap guides, the keyboard, and the message the screen shows. React only
 * starts it and watches it (`subscribe` + `getSnapshot`, for useSyncExternalStore).
 *
 * Every finished change is one undo step: a drag is committed when the pointer is lifted, typing
 * into one field joins one step (`key`), a held arrow key is one step.
 */
import { hasBox, type BoxLayer, type Layer, type Paper, type Template } from '../strip/template/model';
import { insertLayer, patchLayer, topmostAt, removeLayer, reorderLayer, withPaper, type DesignDoc, type EditorMessage, type EditorSnapshot, type LayerPatch } from './doc';
import { moveBox, scaleBox, type Guide, type Handle, type Point } from './geometry';
import { gestureStep, type Gesture } from './gesture';
import { History } from './history';
import { keyCommand, type KeyInput } from './keys';
import { newOverlay, newPicture, newSlot, newText, slotIndex } from './layers';
import { MAX_LAYERS } from './meta';

export type { DesignDoc, EditorMessage, EditorSnapshot, GestureKind, LayerPatch } from './doc';
export type { KeyInput } from './keys';

export class DesignerEditor {
  private doc: DesignDoc;
  private saved: DesignDoc;
  private history = new History<DesignDoc>();
  private selectedId: string | null = null;
  private gesture: Gesture | null = null;
  private guides: Guide[] = [];
  private message: EditorMessage | null = null;
  private busy = false;
  private listeners = new Set<() => void>();
  private snapshot: EditorSnapshot;

  constructor(doc: DesignDoc) {
    this.doc = this.saved = doc;
    this.snapshot = this.build();
  }

  // ---- watching ---------------------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): EditorSnapshot => this.snapshot;

  private build(): EditorSnapshot {
    const selected = this.doc.template.layers.find((l) => l.id === this.selectedId) ?? null;
    return {
      ...this.doc,
      selectedId: selected ? selected.id : null,
      selected,
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
      guides: this.guides,
      gesture: this.gesture?.kind ?? null,
      dirty: this.doc !== this.saved,
      message: this.message,
      busy: this.busy,
    };
  }

  private emit() {
    if (this.selectedId && !this.doc.template.layers.some((l) => l.id === this.selectedId)) this.selectedId = null;
    this.snapshot = this.build();
    for (const l of [...this.listeners]) l();
  }

  /** The design as it stands. */
  get design(): DesignDoc {
    return this.doc;
  }

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

  private commit(next: DesignDoc, key?: string) {
    if (next.template === this.doc.template && next.pictures === this.doc.pictures) return;
    this.history.push(this.doc, key);
    this.doc = next;
    this.emit();
  }

  private setTemplate(template: Template, key?: string, pictures = this.doc.pictures) {
    this.commit({ template, pictures }, key);
  }

  // ---- messages and waiting ---------------------------------------------------------------------

  say(key: string, params?: Record<string, string | number>, tone: EditorMessage['tone'] = 'info') {
    this.message = { key, params, tone };
    this.emit();
  }

  clearMessage() {
    if (!this.message) return;
    this.message = null;
    this.emit();
  }

  setBusy(busy: boolean) {
    this.busy = busy;
    this.emit();
  }

  // ---- selection --------------------------------------------------------------------------------

  select(id: string | null) {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.history.seal();
    this.emit();
  }

  /** The topmost layer with a box under a point (fractions of the paper), or null. */
  hitTest(p: Point): string | null {
    return topmostAt(this.doc.template, p);
  }

  private selectedBox(): BoxLayer | null {
    const l = this.doc.template.layers.find((x) => x.id === this.selectedId);
    return l && hasBox(l) ? l : null;
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

/**
 * The designer's state as the screen watches it (./editor.ts builds the editing on it): the
 * design being edited and the one last kept, undo history, the selected layer, the pointer
 * gesture's guides, the message and the busy flag, published as one snapshot (`subscribe` +
 * `getSnapshot`, for useSyncExternalStore). A change that is an undo step goes through `commit`
 * (or joins the step before by `key`).
 */
import { hasBox, type BoxLayer, type Template } from '../strip/template/model';
import { topmostAt, type DesignDoc, type EditorMessage, type EditorSnapshot } from './doc';
import type { Guide, Point } from './geometry';
import type { Gesture } from './gesture';
import { History } from './history';

export class EditorState {
  protected doc: DesignDoc;
  protected saved: DesignDoc;
  protected history = new History<DesignDoc>();
  protected selectedId: string | null = null;
  protected gesture: Gesture | null = null;
  protected guides: Guide[] = [];
  protected message: EditorMessage | null = null;
  protected busy = false;
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

  protected emit() {
    if (this.selectedId && !this.doc.template.layers.some((l) => l.id === this.selectedId)) this.selectedId = null;
    this.snapshot = this.build();
    for (const l of [...this.listeners]) l();
  }

  /** The design as it stands. */
  get design(): DesignDoc {
    return this.doc;
  }

  protected commit(next: DesignDoc, key?: string) {
    if (next.template === this.doc.template && next.pictures === this.doc.pictures) return;
    this.history.push(this.doc, key);
    this.doc = next;
    this.emit();
  }

  protected setTemplate(template: Template, key?: string, pictures = this.doc.pictures) {
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

  protected selectedBox(): BoxLayer | null {
    const l = this.doc.template.layers.find((x) => x.id === this.selectedId);
    return l && hasBox(l) ? l : null;
  }
}

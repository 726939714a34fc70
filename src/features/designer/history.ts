/**
 * Undo and redo as two stacks of whole states (a template is small, and states are never changed in
 * place, so keeping the old object is enough). A change given the same `key` as the one before it
 * joins that step: typing a word in a field is one step, not one per letter.
 */
const LIMIT = 200;

export class History<T> {
  private past: T[] = [];
  private future: T[] = [];
  private lastKey: string | null = null;

  /** Records `before` as the state to go back to; the same key as the last change joins its step. */
  push(before: T, key?: string) {
    this.future = [];
    if (key && key === this.lastKey) return;
    this.past.push(before);
    if (this.past.length > LIMIT) this.past.shift();
    this.lastKey = key ?? null;
  }

  /** The state before `current`, or null when there is none. */
  undo(current: T): T | null {
    const prev = this.past.pop();
    if (prev === undefined) return null;
    this.future.push(current);
    this.lastKey = null;
    return prev;
  }

  redo(current: T): T | null {
    const next = this.future.pop();
    if (next === undefined) return null;
    this.past.push(current);
    this.lastKey = null;
    return next;
  }

  /** The next change starts a step of its own, whatever its key. */
  seal() {
    this.lastKey = null;
  }

  clear() {
    this.past = [];
    this.future = [];
    this.lastKey = null;
  }

  get canUndo() {
    return this.past.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }
}

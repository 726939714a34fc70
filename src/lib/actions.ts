/**
 * Actions: every command a key can run, as data (Excalidraw's model). One registry per screen
 * lists them; one handler dispatches a key press to the first action whose `keyTest` accepts it;
 * the user guide's shortcut table and each control's `aria-keyshortcuts` render from the same
 * entries, so the documentation cannot drift from the behaviour.
 */

export interface Action<C> {
  id: string;
  /** i18n key of what it does (the shortcut table's second column). */
  labelKey: string;
  /** The keys as `aria-keyshortcuts` names them ("1", "Space", "Escape"). */
  keys: string[];
  keyTest(e: KeyboardEvent): boolean;
  perform(ctx: C): void;
  /** Runs even while focus is in a text field or on a control (Escape). */
  anywhere?: boolean;
}

/** A key event with no modifier other than Shift. */
export const plainKey = (e: KeyboardEvent) => !e.ctrlKey && !e.metaKey && !e.altKey;

const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);
const CONTROLS = new Set(['BUTTON', 'A', 'SUMMARY']);

/** Focus is where the key means something else: typing, or a control that Space/Enter activates. */
export function keyBelongsToTarget(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  if (TYPING.has(el.tagName) || el.isContentEditable) return true;
  return (e.key === ' ' || e.key === 'Enter') && (CONTROLS.has(el.tagName) || el.getAttribute('role') !== null);
}

/** Focus is in an open dialog (the tutorial): its keys are its own, the screen behind gets none. */
export function keyInDialog(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  return Boolean(el?.closest?.('dialog[open]'));
}

/** The action a key press runs, if any. */
export function actionFor<C>(actions: readonly Action<C>[], e: KeyboardEvent): Action<C> | undefined {
  if (keyInDialog(e)) return undefined;
  const taken = keyBelongsToTarget(e);
  return actions.find((a) => (a.anywhere || !taken) && a.keyTest(e));
}

/** `aria-keyshortcuts` for an action id ('' when it has none). */
export function shortcutsOf<C>(actions: readonly Action<C>[], id: string): string | undefined {
  const keys = actions.find((a) => a.id === id)?.keys ?? [];
  return keys.length ? keys.join(' ') : undefined;
}

/** Keys claimed by more than one action (a registry must have none; a unit test checks). */
export function duplicateKeys<C>(actions: readonly Action<C>[]): string[] {
  const seen = new Map<string, number>();
  for (const a of actions) for (const k of a.keys) seen.set(k, (seen.get(k) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([k]) => k);
}

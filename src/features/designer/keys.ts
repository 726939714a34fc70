/**
 * The designer's keyboard as data: which command a key press on the canvas asks for. Arrows move
 * the selected layer (Shift: a larger step), `[` `]` turn it, `+` `-` resize it, Delete or
 * Backspace removes it, Escape lets go; Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo.
 */
import { KEY_ROTATE_DEG, KEY_SCALE, NUDGE, NUDGE_LARGE, ROTATE_STEP_DEG } from './meta';

export interface KeyInput {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  repeat?: boolean;
}

export type KeyCommand =
  | { do: 'undo' | 'redo' | 'escape' | 'delete' }
  | { do: 'move'; dx: number; dy: number }
  | { do: 'rotate'; deg: number }
  | { do: 'scale'; factor: number };

/** The command a key asks for, or null for a key the canvas leaves alone. */
export function keyCommand(e: KeyInput): KeyCommand | null {
  const mod = e.ctrlKey || e.metaKey;
  const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (mod && k === 'z') return { do: e.shiftKey ? 'redo' : 'undo' };
  if (mod && k === 'y') return { do: 'redo' };
  if (mod || e.altKey) return null;
  if (k === 'Escape') return { do: 'escape' };
  if (k === 'Delete' || k === 'Backspace') return { do: 'delete' };
  const step = e.shiftKey ? NUDGE_LARGE : NUDGE;
  const arrows: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const arrow = arrows[k];
  if (arrow) return { do: 'move', dx: arrow[0], dy: arrow[1] };
  const turn = e.shiftKey ? ROTATE_STEP_DEG : KEY_ROTATE_DEG;
  if (k === '[' || k === '{') return { do: 'rotate', deg: -turn };
  if (k === ']' || k === '}') return { do: 'rotate', deg: turn };
  if (k === '+' || k === '=') return { do: 'scale', factor: KEY_SCALE };
  if (k === '-' || k === '_') return { do: 'scale', factor: 1 / KEY_SCALE };
  return null;
}

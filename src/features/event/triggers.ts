/**
 * HANDS-FREE TRIGGERS: what starts a guest's turn on the attract screen and takes the shot on the
 * pose screen, besides a tap. A presenter clicker sends Page Down / Page Up (and B or "." for its
 * blank-screen button); a USB foot switch or arcade button is a keyboard that sends one key (Space,
 * Enter or Page Down are their usual factory keys); a gamepad (or an arcade encoder that shows up
 * as one) is read through the Gamepad API: any button.
 */

/** KeyboardEvent.key values that trigger, and how the set-up names them. */
export const TRIGGER_KEYS: Record<string, string> = {
  ' ': 'Space',
  Enter: 'Enter',
  PageDown: 'Page Down',
  PageUp: 'Page Up',
  b: 'B',
  B: 'B',
  '.': '.',
};

/** The keys, as aria-keyshortcuts names them. */
export const TRIGGER_SHORTCUTS = ['Space', 'Enter', 'PageDown', 'PageUp', 'B', '.'];

export const isTriggerKey = (key: string): boolean => key in TRIGGER_KEYS;

/** A key as a person would name it (the set-up's button test). */
export function keyName(e: Pick<KeyboardEvent, 'key' | 'code'>): string {
  return TRIGGER_KEYS[e.key] ?? (e.key.length === 1 ? e.key.toUpperCase() : e.key || e.code);
}

/** What the Gamepad API gives (navigator.getGamepads), as far as this needs it. */
export type PadSource = () => ReadonlyArray<{ index: number; buttons: ReadonlyArray<{ pressed: boolean }> } | null>;

const navigatorPads: PadSource = () => (typeof navigator !== 'undefined' && navigator.getGamepads ? navigator.getGamepads() : []);

/** How often connected gamepads are read (a press lasts far longer). */
const POLL_MS = 50;

/**
 * Calls `onPress(pad, button)` once for each gamepad button that goes down. Reads the pads only
 * while one is connected (the `gamepadconnected` event, or one already there), every POLL_MS.
 * Returns the stop function.
 */
export function watchGamepads(onPress: (pad: number, button: number) => void, pads: PadSource = navigatorPads): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const down = new Map<number, boolean[]>();
  const read = () => {
    let any = false;
    for (const pad of pads()) {
      if (!pad) continue;
      any = true;
      const was = down.get(pad.index) ?? [];
      const now = pad.buttons.map((b) => b.pressed);
      // A button held when the pad is first seen is not a press.
      const pressed = down.has(pad.index) ? now.flatMap((on, i) => (on && !was[i] ? [i] : [])) : [];
      down.set(pad.index, now);
      for (const i of pressed) onPress(pad.index, i);
    }
    if (!any) stop();
  };
  const start = () => {
    timer ??= setInterval(read, POLL_MS);
    read();
  };
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    down.clear();
  };
  window.addEventListener('gamepadconnected', start);
  if (pads().some(Boolean)) start();
  return () => {
    window.removeEventListener('gamepadconnected', start);
    stop();
  };
}

import type { KeyboardEvent } from 'react';

const STEPS: Partial<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The option a radiogroup key moves to: arrows step (wrapping round), Home and End jump to the ends.
 * `current` is the checked option's index (-1, none checked, counts as the first); undefined for a
 * key the group does not own.
 */
export function nextIndex(key: string, current: number, length: number): number | undefined {
  const step = STEPS[key];
  if (step) return (((Math.max(0, current) + step) % length) + length) % length;
  if (key === 'Home') return 0;
  if (key === 'End') return length - 1;
  return undefined;
}

/**
 * The keyboard of a radiogroup (WAI-ARIA radio pattern): the returned handler goes on the group's
 * onKeyDown; a key it owns selects the option it moves to and focuses that option, the element
 * inside the group whose `attr` (a data attribute) holds the option's id.
 */
export function useRadioKeys({ ids, current, select, attr }: { ids: readonly string[]; current: string; select: (id: string) => void; attr: string }) {
  return (e: KeyboardEvent<HTMLElement>) => {
    const next = nextIndex(e.key, ids.indexOf(current), ids.length);
    if (next === undefined) return;
    e.preventDefault();
    const id = ids[next]!;
    select(id);
    e.currentTarget.querySelector<HTMLElement>(`[${attr}="${id}"]`)?.focus();
  };
}

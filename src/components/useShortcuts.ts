import { useEffect, useRef } from 'react';
import { actionFor, type Action } from '../lib/actions';

/** The one key handler of a screen: a key press runs the registry's action for it. */
export function useShortcuts<C>(actions: readonly Action<C>[], ctx: C): void {
  const ctxRef = useRef(ctx);
  useEffect(() => {
    ctxRef.current = ctx;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const action = actionFor(actions, e);
      if (!action) return;
      // Space must not scroll the page; Escape keeps its default (closing a dialog over the screen).
      if (!action.anywhere) e.preventDefault();
      action.perform(ctxRef.current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);
}

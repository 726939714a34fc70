import { useStore } from 'jotai';
import { useRef, type PointerEvent } from 'react';
import { stepFilter } from '../filters/select';

/** A horizontal move longer than this (CSS px), and mostly sideways, is a swipe. */
const SWIPE_PX = 40;

/**
 * Swipe on the preview to change the filter, as camera apps do: left for the next, right for the
 * previous. Vertical moves stay page scrolls (the screen has touch-action: pan-y). Off where the
 * filter may not be changed (an event whose host fixed it).
 */
export function useFilterSwipe(enabled = true) {
  // The store of the screen it is in (event mode's guest booth has its own).
  const store = useStore();
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown: (e: PointerEvent) => {
      start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    },
    onPointerUp: (e: PointerEvent) => {
      const s = start.current;
      start.current = null;
      if (!enabled || !s || s.id !== e.pointerId) return;
      const dx = e.clientX - s.x;
      const dy = e.clientY - s.y;
      if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 2 * Math.abs(dy)) return;
      stepFilter(store, dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}

import { useEffect, type RefObject } from 'react';

/**
 * Marks a pinned (sticky) element `data-pinnable="false"` while it is too tall to stay pinned: while
 * its height plus `room` exceeds the window's, the CSS lets it scroll with the page. Pinned, it
 * would leave less than `room` px of the window for what scrolls under it, and a control there
 * could no longer be brought into view (a small phone with photos taken, the random walk's seed
 * 1197447074; Send to a phone's code open under the stage).
 */
export function usePinnable(ref: RefObject<HTMLElement | null>, room: number): void {
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => {
      el.dataset.pinnable = String(el.getBoundingClientRect().height + room <= window.innerHeight);
    };
    const observer = new ResizeObserver(check);
    observer.observe(el);
    window.addEventListener('resize', check);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', check);
      delete el.dataset.pinnable;
    };
  }, [ref, room]);
}

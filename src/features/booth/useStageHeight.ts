import { useEffect, type RefObject } from 'react';

/**
 * Keeps `--stage-h` on the booth page equal to the sticky stage's height, so the CSS can give the
 * controls a scroll margin of that much: a control reached with Tab (or scrolled to) on a phone
 * lands below the pinned preview, never under it (WCAG 2.4.11, focus not obscured).
 */
export function useStageHeight(stageRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const stage = stageRef.current;
    const page = stage?.closest<HTMLElement>('.booth-page');
    if (!stage || !page || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => page.style.setProperty('--stage-h', `${Math.ceil(stage.getBoundingClientRect().height)}px`));
    observer.observe(stage);
    return () => {
      observer.disconnect();
      page.style.removeProperty('--stage-h');
    };
  }, [stageRef]);
}

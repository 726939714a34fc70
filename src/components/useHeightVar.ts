import { useEffect, type RefObject } from 'react';

/**
 * Keeps a CSS custom property equal to an element's height (plus `extra` px) while `active`, on the
 * element `scope` returns (the document's root by default); removed when the element goes. The CSS
 * then leaves room for something pinned or floating: a scroll margin below the booth's sticky
 * stage, space under the page for the storage notice.
 */
export function useHeightVar(
  ref: RefObject<HTMLElement | null>,
  name: `--${string}`,
  { active = true, extra = 0, scope = () => document.documentElement }: { active?: boolean; extra?: number; scope?: (el: HTMLElement) => HTMLElement | null } = {},
): void {
  useEffect(() => {
    const el = ref.current;
    const target = el && scope(el);
    if (!active || !el || !target || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => target.style.setProperty(name, `${Math.ceil(el.getBoundingClientRect().height) + extra}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      target.style.removeProperty(name);
    };
    // `scope` is read once per activation: callers pass a fixed lookup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, name, active, extra]);
}

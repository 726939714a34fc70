import { createContext, useContext, type CSSProperties, type ReactNode, type Ref } from 'react';
import { useRadioKeys } from './useRadioKeys';
import './ChoiceStrip.css';

interface Strip {
  current: string;
  /** The choice in the tab order: the checked one, or the first when none of them is checked. */
  focusable: string | undefined;
  select: (id: string) => void;
  disabled: boolean;
}
const StripContext = createContext<Strip | null>(null);

/**
 * One radiogroup of choices drawn as buttons (the WAI-ARIA radio pattern), for every picker of
 * the app that shows its choices rather than listing them: the filters, the props, the
 * backgrounds, the designer's fonts. Arrow keys, Home and End move the choice and the focus
 * together; only one choice is in the tab order. Its children lay the choices out (groups,
 * headings, other buttons) with a `Choice` for each; `ids` is the choices in the arrow keys' order.
 */
export function ChoiceStrip({
  ids,
  current,
  select,
  labelledBy,
  className,
  testId,
  keyShortcuts,
  disabled = false,
  ref,
  children,
}: {
  ids: readonly string[];
  current: string;
  select: (id: string) => void;
  /** The id of the heading that names the group. */
  labelledBy: string;
  className: string;
  testId?: string;
  /** Keys that change the choice from anywhere on the page (aria-keyshortcuts). */
  keyShortcuts?: string;
  disabled?: boolean;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  const move = useRadioKeys({ ids, current, select, attr: 'data-choice' });
  const strip: Strip = { current, focusable: ids.includes(current) ? current : ids[0], select, disabled };
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-keyshortcuts={keyShortcuts} onKeyDown={move} className={className} data-testid={testId} ref={ref}>
      <StripContext value={strip}>{children}</StripContext>
    </div>
  );
}

/**
 * One choice of a ChoiceStrip: a radio button, checked when it is the strip's current choice.
 * `tile` gives it the pickers' shared look (a swatch or icon over its name, 84 px wide); without
 * it the class alone draws it.
 */
export function Choice({
  id,
  className,
  tile = false,
  testId,
  keyShortcuts,
  style,
  children,
}: {
  id: string;
  className: string;
  tile?: boolean;
  testId?: string;
  keyShortcuts?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const strip = useContext(StripContext);
  if (!strip) throw new Error(`Choice ${id} is outside a ChoiceStrip`);
  return (
    <button
      type="button"
      role="radio"
      aria-checked={id === strip.current}
      tabIndex={id === strip.focusable ? 0 : -1}
      className={tile ? `choice-tile ${className}` : className}
      data-choice={id}
      data-testid={testId}
      aria-keyshortcuts={keyShortcuts}
      style={style}
      disabled={strip.disabled}
      onClick={() => strip.select(id)}
    >
      {children}
    </button>
  );
}

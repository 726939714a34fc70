import { useId, type ReactNode } from 'react';
import './LevelSlider.css';

/**
 * One level from 0 to 100, for every slider of the app (the beauty panel's levels, the
 * background's blur, tolerance and spill): its name, the range and the number it is at, in a row.
 * `level` names it on the range (data-level); `children` come after, in the same row's block.
 */
export function LevelSlider({
  label,
  value,
  onChange,
  disabled,
  className,
  level,
  testId,
  children,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** The row's own class, where a panel changes its label's width or its text size. */
  className?: string;
  level?: string;
  testId?: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={className ? `level-slider ${className}` : 'level-slider'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={value}
        disabled={disabled}
        data-level={level}
        data-testid={testId}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <output htmlFor={id} aria-live="off">
        {value}
      </output>
      {children}
    </div>
  );
}

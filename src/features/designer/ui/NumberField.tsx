import { useId, useState } from 'react';

/**
 * A number input that lets a person type freely (an empty field, a lone minus) and sets the value
 * whenever what is typed is a number within range; it shows the value again when it loses focus.
 */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  unit,
  testId,
}: {
  label: string;
  value: number;
  onChange: (v: number) => void;
  min: number;
  max: number;
  step?: number;
  unit?: string;
  testId?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const shown = Math.round(value * 100) / 100;
  return (
    <div className="designer-number">
      <label htmlFor={id}>{label}</label>
      <span className="designer-number-box">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step}
          value={draft ?? String(shown)}
          data-testid={testId}
          onChange={(e) => {
            setDraft(e.target.value);
            const v = Number(e.target.value);
            if (e.target.value.trim() !== '' && Number.isFinite(v) && v >= min && v <= max) onChange(v);
          }}
          onBlur={() => setDraft(null)}
        />
        {unit && <span aria-hidden="true">{unit}</span>}
      </span>
    </div>
  );
}

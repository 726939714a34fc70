import type { ReactNode } from 'react';

export interface SettingOption<T extends string | number> {
  value: T;
  label: string;
}

export interface SettingGroup<T extends string | number> {
  /** A group's heading (an <optgroup>); '' for options shown without one. */
  label: string;
  options: SettingOption<T>[];
}

/**
 * One labelled <select> for a setting, used by every picker of the app (the booth's settings, the
 * strip's choice in the booth, the event set-up): the label above, the options (grouped when
 * given groups), the value typed as the setting's own (numbers stay numbers).
 */
export function SettingSelect<T extends string | number>({
  label,
  value,
  options,
  groups,
  onChange,
  disabled,
  testId,
  className = 'setting-field',
  after,
}: {
  label: string;
  value: T;
  options?: SettingOption<T>[];
  groups?: SettingGroup<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  testId?: string;
  /** The label's class: each screen lays its fields out its own way. */
  className?: string;
  /** Shown under the select, inside the label's block (a hint, a link). */
  after?: ReactNode;
}) {
  const all = groups ?? [{ label: '', options: options ?? [] }];
  const byKey = new Map(all.flatMap((g) => g.options).map((o) => [String(o.value), o.value]));
  const render = (o: SettingOption<T>) => (
    <option key={String(o.value)} value={String(o.value)}>
      {o.label}
    </option>
  );
  return (
    <label className={className}>
      <span>{label}</span>
      <select value={String(value)} onChange={(e) => onChange(byKey.get(e.target.value) ?? value)} disabled={disabled} data-testid={testId}>
        {all.map((g) =>
          g.label ? (
            <optgroup key={g.label} label={g.label}>
              {g.options.map(render)}
            </optgroup>
          ) : (
            g.options.map(render)
          ),
        )}
      </select>
      {after}
    </label>
  );
}

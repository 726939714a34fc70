import type { ReactNode } from 'react';

/** The set-up's labelled field and checkbox. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="event-field">
      <span>{label}</span>
      {children}
    </label>
  );
}

export function Check({ checked, onChange, children, testId }: { checked: boolean; onChange: (v: boolean) => void; children: ReactNode; testId?: string }) {
  return (
    <label className="event-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>{children}</span>
    </label>
  );
}

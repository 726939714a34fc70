/** A centred spinner with a visible, localised label (role=status so screen readers hear it). */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-text">{label}</span>
    </div>
  );
}

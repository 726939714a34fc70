import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A confirmation for the host's gallery (clear it all, delete one strip): a native modal dialog
 * (focus kept inside, Esc keeps), with focus starting on the safe choice.
 */
export function ConfirmDialog({
  open,
  titleId,
  title,
  text,
  keepLabel,
  confirmLabel,
  onKeep,
  onConfirm,
  testId,
  confirmTestId,
}: {
  open: boolean;
  titleId: string;
  title: ReactNode;
  text: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  onKeep: () => void;
  onConfirm: () => void;
  testId?: string;
  confirmTestId?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      keep.current?.focus();
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  return (
    <dialog ref={dialog} className="event-dialog" aria-labelledby={titleId} onClose={onKeep} onCancel={onKeep} data-testid={testId}>
      {open && (
        <div className="event-dialog-body">
          <h2 id={titleId}>{title}</h2>
          <p>{text}</p>
          <div className="event-actions">
            <button ref={keep} type="button" className="btn btn-secondary" onClick={onKeep}>
              {keepLabel}
            </button>
            <button type="button" className="btn btn-primary" onClick={onConfirm} data-testid={confirmTestId}>
              {confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

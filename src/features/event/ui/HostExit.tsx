import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { LONG_PRESS_MS } from '../meta';
import { PinForm } from './PinForm';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLeave: () => void;
  /** The key that asks too (aria-keyshortcuts, from the booth's action registry). */
  keys: string | undefined;
}

/**
 * The host's way out: a small corner control that asks only when held for a second (a guest's tap
 * shows a hint and does nothing), or Escape (the booth's key handler opens it), then a native modal
 * <dialog> that asks for the host PIN: the booth behind is inert, focus starts in the PIN field and
 * returns to where it was. A wrong PIN keeps the booth (with a growing wait after a few); the
 * right one ends the event and leaves.
 */
export function HostExit({ open, onOpenChange, onLeave, keys }: Props) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const hold = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [holding, setHolding] = useState(false);
  const [hint, setHint] = useState(false);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal(); // the PIN field takes focus (PinForm)
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  useEffect(() => {
    if (!hint) return;
    const timer = setTimeout(() => setHint(false), 2500);
    return () => clearTimeout(timer);
  }, [hint]);

  const release = () => {
    if (hold.current) clearTimeout(hold.current);
    hold.current = null;
    setHolding(false);
  };
  useEffect(
    () => () => {
      if (hold.current) clearTimeout(hold.current);
    },
    [],
  );

  const press = (e: PointerEvent) => {
    if (e.button !== 0) return;
    release();
    setHolding(true);
    hold.current = setTimeout(() => {
      hold.current = null;
      setHolding(false);
      onOpenChange(true);
    }, LONG_PRESS_MS);
  };
  const letGo = () => {
    if (hold.current) setHint(true); // let go too soon
    release();
  };

  return (
    <>
      <button
        type="button"
        className="event-host"
        data-holding={holding || undefined}
        aria-label={t('event.hostLabel')}
        aria-keyshortcuts={keys}
        aria-describedby={hint ? 'event-host-hint' : undefined}
        onPointerDown={press}
        onPointerUp={letGo}
        onPointerLeave={release}
        onPointerCancel={release}
        onContextMenu={(e) => e.preventDefault()}
        // A click from the keyboard (detail 0) asks at once: a keyboard user could press Escape anyway.
        onClick={(e) => e.detail === 0 && onOpenChange(true)}
        data-testid="event-host"
      >
        <span aria-hidden="true">✕</span>
      </button>
      {hint && (
        <p id="event-host-hint" className="event-host-hint" role="status">
          {t('event.hostHint')}
        </p>
      )}
      <dialog
        ref={dialog}
        className="event-dialog"
        aria-labelledby="event-leave-title"
        onClose={() => onOpenChange(false)}
        onCancel={() => onOpenChange(false)}
        data-testid="event-leave-dialog"
      >
        {open && (
          <div className="event-dialog-body">
            <h2 id="event-leave-title">{t('event.leaveTitle')}</h2>
            <p>{t('event.leaveText')}</p>
            <PinForm submitLabel={t('event.leave')} onUnlocked={onLeave} endEvent>
              <button type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)} data-testid="event-stay">
                {t('event.stay')}
              </button>
            </PinForm>
          </div>
        )}
      </dialog>
    </>
  );
}

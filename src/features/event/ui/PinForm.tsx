import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { hostLock } from '../hostLock';

interface Props {
  /** The button that tries the PIN ("Leave", "Unlock"). */
  submitLabel: string;
  onUnlocked: () => void;
  /** The right PIN also ends the event (leaving the guest booth), not only unlocks this page. */
  endEvent?: boolean;
  /** More buttons beside the submit one ("Stay"). */
  children?: ReactNode;
}

/**
 * The host PIN asked for: one digits-only field, the try, and what a wrong try means (the wait
 * before the next one, counted down). Focus starts in the field.
 */
export function PinForm({ submitLabel, onUnlocked, endEvent = false, children }: Props) {
  const { t } = useI18n();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState('');
  const [wrong, setWrong] = useState(false);
  const [busy, setBusy] = useState(false);
  const [waitLeft, setWaitLeft] = useState(() => hostLock.waitLeft());

  useEffect(() => field.current?.focus(), []);
  // The wait after wrong tries, counted down (it may have begun in another tab, or before a reload).
  useEffect(() => {
    if (waitLeft <= 0) return;
    const timer = setTimeout(() => setWaitLeft(hostLock.waitLeft()), Math.min(1000, waitLeft));
    return () => clearTimeout(timer);
  }, [waitLeft]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || waitLeft > 0) return;
    setBusy(true);
    const result = await hostLock.check(pin);
    setBusy(false);
    setPin('');
    if (result.ok) {
      if (endEvent) hostLock.end();
      onUnlocked();
      return;
    }
    setWrong(true);
    setWaitLeft(result.waitMs);
    field.current?.focus();
  };

  const seconds = Math.ceil(waitLeft / 1000);
  const said = wrong || seconds > 0;
  return (
    <form className="event-pin" onSubmit={(e) => void submit(e)} data-testid="event-pin-form">
      <label htmlFor={id}>{t('event.pinAsk')}</label>
      <input
        ref={field}
        id={id}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        pattern="[0-9]*"
        maxLength={8}
        value={pin}
        onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
        aria-describedby={said ? `${id}-wrong` : undefined}
        data-testid="event-pin-try"
      />
      <p id={`${id}-wrong`} className={said ? 'notice error' : 'visually-hidden'} role="status" data-testid="event-pin-wrong">
        {seconds > 0 ? t('event.pinWrongWait', { n: seconds }) : wrong ? t('event.pinWrong') : ''}
      </p>
      <div className="event-actions">
        {children}
        <button type="submit" className="btn btn-primary" disabled={busy || waitLeft > 0} data-testid="event-pin-submit">
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

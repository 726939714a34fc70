import { useEffect, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { hostLock } from '../hostLock';
import { FORGOT_WAIT_MS } from '../pin';
import { PinForm } from './PinForm';

/**
 * The set-up and gallery while an event runs, before the host PIN: nothing of the gallery, only
 * the PIN. "Forgot the PIN?" ends the event after the page has stayed open FORGOT_WAIT_MS (a guest
 * passing by does not wait a minute at the host's screen); it deletes nothing: every strip stays.
 */
export function EventLocked({ onUnlock }: { onUnlock: () => void }) {
  const { t } = useI18n();
  const [forgotAt, setForgotAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (forgotAt === null) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at - forgotAt >= FORGOT_WAIT_MS) {
        clearInterval(timer);
        hostLock.end();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [forgotAt]);
  const left = forgotAt === null ? 0 : Math.max(0, Math.ceil((forgotAt + FORGOT_WAIT_MS - now) / 1000));
  return (
    <section className="card event-locked" aria-labelledby="event-locked-title" data-testid="event-locked">
      <h2 id="event-locked-title">{t('event.lockedTitle')}</h2>
      <p>{t('event.lockedText')}</p>
      <PinForm submitLabel={t('event.unlock')} onUnlocked={onUnlock} />
      {forgotAt === null ? (
        <button type="button" className="btn btn-ghost" onClick={() => setForgotAt(Date.now())} data-testid="event-forgot">
          {t('event.forgotPin')}
        </button>
      ) : (
        <p role="status" data-testid="event-forgot-wait">
          {t('event.forgotWait', { n: left })}{' '}
          <button type="button" className="btn btn-ghost" onClick={() => setForgotAt(null)}>
            {t('event.forgotCancel')}
          </button>
        </p>
      )}
    </section>
  );
}

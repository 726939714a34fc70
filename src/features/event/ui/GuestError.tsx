import { useEffect, useRef } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';

/**
 * The guest booth's own error screen: a plain sentence and one button that starts the booth again
 * at its attract screen. Nothing of the site, the host's photos or the gallery is reachable here.
 */
export function GuestError({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <section className="event-booth event-guest-error" role="alert" data-testid="event-guest-error">
      <h1>{t('event.guestErrorTitle')}</h1>
      <p>{t('event.guestErrorBody')}</p>
      <button ref={button} type="button" className="btn btn-primary btn-large" onClick={onRetry} data-testid="event-guest-retry">
        {t('event.guestErrorRetry')}
      </button>
    </section>
  );
}

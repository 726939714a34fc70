import { useEffect, useRef } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import type { GuestFailure } from '../flow';
import { Slideshow } from './Slideshow';

interface Props {
  /** The host's caption line (the occasion), shown as the screen's title. */
  title: string;
  onStart: () => void;
  /** The camera is still starting: a tap is taken, the countdown waits for it. */
  starting: boolean;
  /** The last guest's turn ended early, and why. */
  failed: GuestFailure | null;
  /** The evening's strips play behind the prompt (the host may turn it off). */
  slideshow: boolean;
  /** The keys that press it too (aria-keyshortcuts, from the booth's action registry). */
  keys: string | undefined;
}

/**
 * The screen between guests: the evening's strips as a slideshow and one large button over the
 * whole screen, "tap or press Space to start". It has focus, so Space and Enter press it.
 */
export function AttractScreen({ title, onStart, starting, failed, slideshow, keys }: Props) {
  const { t } = useI18n();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="event-attract" data-testid="event-attract">
      <button ref={button} type="button" className="event-attract-start" onClick={onStart} aria-keyshortcuts={keys} data-testid="event-start">
        {slideshow && <Slideshow />}
        <span className="event-attract-words">
          {title && <span className="event-attract-title">{title}</span>}
          <span className="event-attract-prompt">{t('event.tapToStart')}</span>
          {starting && <span className="event-attract-note">{t('camera.starting')}</span>}
        </span>
      </button>
      {failed && (
        <p className="event-attract-failed notice error" role="alert" data-testid="event-failed">
          {t(failed === 'slow' ? 'event.tooSlow' : 'event.failed')}
        </p>
      )}
    </div>
  );
}

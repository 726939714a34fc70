import { useEffect, useRef } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { Slideshow } from './Slideshow';

interface Props {
  /** The host's caption line (the occasion), shown as the screen's title. */
  title: string;
  onStart: () => void;
  /** The camera is still starting: a tap is taken, the countdown waits for it. */
  starting: boolean;
  /** The last guest's shots did not all come. */
  failed: boolean;
  /** The keys that press it too (aria-keyshortcuts, from the booth's action registry). */
  keys: string | undefined;
}

/**
 * The screen between guests: the evening's strips as a slideshow and one large button over the
 * whole screen, "tap or press Space to start". It has focus, so Space and Enter press it.
 */
export function AttractScreen({ title, onStart, starting, failed, keys }: Props) {
  const { t } = useI18n();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="event-attract" data-testid="event-attract">
      <button ref={button} type="button" className="event-attract-start" onClick={onStart} aria-keyshortcuts={keys} data-testid="event-start">
        <Slideshow />
        <span className="event-attract-words">
          {title && <span className="event-attract-title">{title}</span>}
          <span className="event-attract-prompt">{t('event.tapToStart')}</span>
          {starting && <span className="event-attract-note">{t('camera.starting')}</span>}
        </span>
      </button>
      {failed && (
        <p className="event-attract-failed notice error" role="alert" data-testid="event-failed">
          {t('event.failed')}
        </p>
      )}
    </div>
  );
}

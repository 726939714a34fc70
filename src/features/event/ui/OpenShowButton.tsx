import { useId } from 'react';
import { localizeHref } from '../../../components/LangLink';
import { useI18n } from '../../../i18n/I18nProvider';

/** The second screen's window: one of its own, reused (brought back) when opened again. */
const WINDOW_NAME = 'photobooth-show';

/**
 * "Open the second screen": the evening's slideshow (/event/show, in the page's language) in a
 * window of its own, to drag to a TV or projector. It plays in step with the booth as long as both
 * windows are in this browser (the gallery is this browser's own storage).
 */
export function OpenShowButton() {
  const { t, lang } = useI18n();
  const hint = useId();
  const open = () => {
    window.open(localizeHref(lang, '/event/show'), WINDOW_NAME, 'popup,width=1280,height=720')?.focus();
  };
  return (
    <div className="event-open-show">
      <button type="button" className="btn btn-secondary" onClick={open} aria-describedby={hint} data-testid="event-open-show">
        {t('event.show.open')}
      </button>
      <p id={hint} className="event-hint">
        {t('event.show.openHint')}
      </p>
    </div>
  );
}
